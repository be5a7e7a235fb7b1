import { searchMessages as search, MAX_SEARCH_LIMIT } from '../../platform/people/message-search.js';
import { positive, text, WebError, type WebContext } from '../web-context.js';
import { visibleChat } from '../visible-chat.js';

/**
 * GET /web/api/messages/search?q=WORDS[&chat=ID][&limit=N][&cursor=C]: the messages the person sees
 * whose text or caption holds every word of `q` as a word's start, newest first, each as the person
 * sees it (its `chat` names the chat), and `next_cursor` for the next page (ADR 0101). A chat the
 * person cannot see is 404 `CHAT_NOT_FOUND` (visible-chat.ts); a private chat not started yet has
 * nothing to find.
 */
export async function searchMessages({ platform, session, input }: WebContext) {
  const query = text(input, 'q', true);
  if (query.length > 256) throw new WebError(400, 'BAD_REQUEST', 'q must be at most 256 characters');
  const limit = Math.min(positive(input, 'limit') ?? 20, MAX_SEARCH_LIMIT);
  const cursor = text(input, 'cursor');
  const chatRef = text(input, 'chat');
  const options = { query, limit, cursor };
  if (chatRef === undefined) return search(platform, session.userId, options);
  const chat = await visibleChat(platform, session.userId, chatRef);
  if (chat === undefined) return { messages: [] };
  return search(platform, session.userId, { ...options, chat });
}
