import type { RouteContext } from '../control-context.js';
import { searchMessages as search } from '../../platform/people/message-search.js';

/**
 * GET /control/messages/search: the messages a person sees that hold the words of `q`, newest first,
 * in pages (ADR 0101). A chat the person cannot see, or a private chat not yet started, has nothing
 * to find, as `GET /control/messages` lists nothing for it.
 */
export async function searchMessages({ platform, input }: RouteContext<'searchMessages'>) {
  const user = await platform.users.resolve(input.user, 'user');
  const options = { query: input.q, limit: input.limit, cursor: input.cursor };
  if (input.chat === undefined) return search(platform, user.id, options);
  const chat = await platform.messages.chatForUser(platform.deps.store, user, input.chat, false);
  if (chat === undefined) return { messages: [] };
  return search(platform, user.id, { ...options, chat });
}
