import type { RouteContext } from '../control-context.js';

/** POST /control/communities: a person creates a community (ADR 0077). */
export async function createCommunity({ platform, input }: RouteContext<'createCommunity'>) {
  return platform.communities.create(input.owner, input.name);
}

/** GET /control/communities/{id}: a community with its owner and chats. */
export async function getCommunity({ platform, path }: RouteContext<'getCommunity'>) {
  return platform.communities.get(path.id ?? '');
}

/** POST /control/communities/chats: the owner adds a supergroup or channel; it gets community_chat_added. */
export async function addCommunityChat({ platform, input }: RouteContext<'addCommunityChat'>) {
  return platform.communities.add(input.community, input.chat, input.by);
}

/**
 * POST /control/communities/join: a person joins a chat of a community from it; the chat gets
 * community_chat_joined (Bot API 10.3, ADR 0096). Answers `{status: 'member', chat}`.
 */
export async function joinCommunityChat({ platform, input }: RouteContext<'joinCommunityChat'>) {
  return platform.communities.join(input.community, input.chat, input.user);
}

/** POST /control/communities/chats/remove: the owner removes a chat; it gets community_chat_removed. */
export async function removeCommunityChat({ platform, input }: RouteContext<'removeCommunityChat'>) {
  return platform.communities.remove(input.community, input.chat, input.by);
}
