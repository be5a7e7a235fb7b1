/**
 * Message search as a person's app does it (issue 29, ADR 0101): the messages a person sees whose
 * text or caption holds every word of a query as the start of a word, newest first, each as that
 * person sees it (its `chat` names the chat), in pages with an opaque cursor. The storage port does
 * the finding (storage/ports/message-search.ts); this renders and pages.
 */
import { PlatformError } from '../core/errors.js';
import type { Platform } from '../assembly/platform.js';
import type { WireMessage } from '../core/wire-types.js';
import type { ChatRow, MessageSearchCursor, MessageSearchHit } from '../../storage/store.js';

/** At most this many messages a page. */
export const MAX_SEARCH_LIMIT = 100;

export interface MessageSearchOptions {
  /** The person's words, as typed. */
  query: string;
  /** Only this chat's messages. */
  chat?: ChatRow | undefined;
  limit: number;
  /** `next_cursor` of the page before. */
  cursor?: string | undefined;
}

export interface MessageSearchPage {
  /** Newest first, as the person sees them. */
  messages: WireMessage[];
  /** Where the next page starts; absent on the last page. */
  next_cursor?: string;
}

/** The cursor as clients get it: the order key of a page's last hit, `date.chat.ephemeral.id`. */
function encodeCursor(hit: MessageSearchHit): string {
  return `${hit.date}.${hit.chat_pk}.${hit.ephemeral}.${hit.message_id}`;
}

function decodeCursor(cursor: string): MessageSearchCursor {
  const match = /^(\d{1,15})\.(\d{1,15})\.([01])\.(\d{1,15})$/.exec(cursor);
  if (!match) throw new PlatformError('BAD_REQUEST', 'cursor is not one that a search answered');
  return {
    date: Number(match[1]),
    chat_pk: Number(match[2]),
    ephemeral: match[3] === '1' ? 1 : 0,
    message_id: Number(match[4]),
  };
}

export async function searchMessages(
  platform: Platform,
  userId: number,
  options: MessageSearchOptions,
): Promise<MessageSearchPage> {
  const { store } = platform.deps;
  const limit = Math.max(1, Math.min(options.limit, MAX_SEARCH_LIMIT));
  const before = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  // One more than asked: whether there is a next page.
  const hits = await store.searchMessages(userId, {
    text: options.query,
    chatPk: options.chat?.pk,
    limit: limit + 1,
    before,
  });
  const shown = hits.slice(0, limit);
  const chats = new Map<number, ChatRow | undefined>();
  const messages: WireMessage[] = [];
  for (const hit of shown) {
    if (!chats.has(hit.chat_pk)) chats.set(hit.chat_pk, await store.getChat(hit.chat_pk));
    const chat = chats.get(hit.chat_pk);
    if (chat === undefined) continue;
    const message = await render(platform, chat, hit, userId);
    if (message) messages.push(message);
  }
  const page: MessageSearchPage = { messages };
  if (hits.length > limit) page.next_cursor = encodeCursor(shown.at(-1)!);
  return page;
}

async function render(
  platform: Platform,
  chat: ChatRow,
  hit: MessageSearchHit,
  userId: number,
): Promise<WireMessage | undefined> {
  const { store } = platform.deps;
  if (hit.ephemeral === 0) return platform.messages.render(store, chat, hit, userId);
  const row = await store.getEphemeralMessage(hit.chat_pk, hit.message_id);
  return row ? platform.ephemeral.render(store, chat, row, userId) : undefined;
}
