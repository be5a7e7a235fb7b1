/**
 * Communities in the web client (ADR 0077, 0090): the person's own communities with their chats,
 * the chats they could add (supergroups and channels they created), and creating a community,
 * adding and removing chats, through the same platform calls as the control API.
 */
import { CHAT_LIST_LIMIT } from '../../platform/people/chat-list.js';
import { wireCommunity } from '../../platform/communities/communities.js';
import { text, type WebContext } from '../web-context.js';

/**
 * GET /web/api/communities: `{ communities, chats }`: the communities the person owns (each with
 * its chats), and the supergroups and channels the person created, each with the community it is
 * in now (`community`, absent when none): the chats an owner may add or remove.
 */
export async function listCommunities({ platform, session }: WebContext) {
  const { store } = platform.deps;
  const owned = await store.listCommunitiesOwnedBy(session.userId);
  const communities = await Promise.all(owned.map((row) => platform.communities.get(row.id)));
  const chats = [];
  for (const row of await store.listUserChats(session.userId, CHAT_LIST_LIMIT)) {
    if ((row.type !== 'supergroup' && row.type !== 'channel') || row.parent_pk) continue;
    if ((await store.getMember(row.pk, session.userId))?.status !== 'creator') continue;
    const community = await store.getCommunityOfChat(row.pk);
    chats.push({
      chat: await platform.chats.render(store, row, session.userId),
      ...(community ? { community: wireCommunity(community) } : {}),
    });
  }
  return { communities, chats };
}

/** POST /web/api/communities {name}: the person creates a community; answers `{id, name}`. */
export async function createCommunity({ platform, session, input }: WebContext) {
  const name = typeof input.name === 'string' ? input.name : '';
  return platform.communities.create(session.userId, name);
}

/** POST /web/api/communities/chats {community, chat}: the owner adds a chat they created. */
export async function addCommunityChat({ platform, session, input }: WebContext) {
  return platform.communities.add(text(input, 'community', true), text(input, 'chat', true), session.userId);
}

/** POST /web/api/communities/chats/remove {community, chat}: the owner removes a chat. */
export async function removeCommunityChat({ platform, session, input }: WebContext) {
  return platform.communities.remove(
    text(input, 'community', true),
    text(input, 'chat', true),
    session.userId,
  );
}
