/**
 * A chat's forum topics and invite links as a world file gives them (ADR 0102): a forum's topics in
 * thread order, and the chat's links in link order (their creation dates are not in the file, so an
 * import dates them alike: an order by link is the one both sides agree on). Links with a
 * subscription are left out (their price and period are Stars state the file does not carry).
 */
import type { ChatRow, InviteLinkRow, StoreView } from '../../storage/store.js';
import type { ForumTopicRow } from '../../storage/ports/topics.js';
import { shownLink } from '../chats/invite-link-form.js';
import type { WorldChat, WorldInviteLink, WorldRef, WorldTopic } from './world-types.js';

export async function exportTopicsAndLinks(
  store: StoreView,
  chat: ChatRow,
  out: WorldChat,
  ref: (id: number) => WorldRef,
  publicUrl: string | undefined,
): Promise<void> {
  if (chat.is_forum) {
    const topics = await store.listForumTopics(chat.pk);
    if (topics.length > 0) out.topics = topics.map((row) => topicOf(row, ref));
  }
  if (chat.type === 'private') return;
  const links: WorldInviteLink[] = [];
  const rows = (await store.listInviteLinks(chat.pk)).sort((a, b) =>
    a.link < b.link ? -1 : a.link > b.link ? 1 : 0,
  );
  for (const row of rows) {
    if (await store.getChatSubscriptionLink(row.link)) continue;
    links.push(linkOf(row, ref, publicUrl));
  }
  if (links.length > 0) out.invite_links = links;
}

function topicOf(row: ForumTopicRow, ref: (id: number) => WorldRef): WorldTopic {
  const topic: WorldTopic = {
    thread_id: row.thread_id,
    name: row.name,
    icon_color: row.icon_color,
    creator: ref(row.creator_id),
  };
  if (row.icon_custom_emoji_id) topic.icon_custom_emoji_id = row.icon_custom_emoji_id;
  if (row.is_closed) topic.is_closed = true;
  if (row.is_hidden) topic.is_hidden = true;
  return topic;
}

function linkOf(
  row: InviteLinkRow,
  ref: (id: number) => WorldRef,
  publicUrl: string | undefined,
): WorldInviteLink {
  const link: WorldInviteLink = { link: shownLink(row.link, publicUrl), creator: ref(row.creator_id) };
  if (row.name) link.name = row.name;
  if (row.expire_date) link.expire_date = row.expire_date;
  if (row.member_limit) link.member_limit = row.member_limit;
  if (row.creates_join_request) link.creates_join_request = true;
  if (row.is_primary) link.is_primary = true;
  if (row.is_revoked) link.is_revoked = true;
  return link;
}
