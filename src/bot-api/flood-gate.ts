/**
 * Where flood control meets the Bot API: the methods that send messages into a chat take a token
 * before they run (platform/messages/flood-control.ts) and give it back if they fail, so that a
 * refused or failed call counts for nothing. The chat is read from chat_id as given: a negative id
 * or an @username names a group, supergroup or channel, a positive id a private chat.
 */
import { lenientInteger, type Params } from './params.js';
import { METHOD_DECLARATIONS } from './declared/method-declarations.js';
import type { FloodRefund } from '../platform/messages/flood-control.js';
import type { Platform } from '../platform/assembly/platform.js';

/**
 * Sends that flood control did not count before the method table was declared (ADR 0070), left out so that
 * the table changed nothing on the wire; whether a rich message counts is for the runner of issue 25.
 */
const NOT_FLOOD_CONTROLLED_YET: ReadonlySet<string> = new Set(['sendRichMessage']);

/** Methods that put messages into a chat (the table's sends, lower-cased). Edits, pins and reactions are not. */
const SEND_METHODS: ReadonlySet<string> = new Set(
  Object.values(METHOD_DECLARATIONS)
    .filter((method) => method.send && !NOT_FLOOD_CONTROLLED_YET.has(method.name))
    .map((method) => method.name.toLowerCase()),
);

/**
 * Admits a send (or throws RateLimited); undefined for calls that are not sends or name no chat
 * (the method itself then answers the missing chat_id).
 */
export function admitSend(
  platform: Platform,
  botId: number,
  lowerName: string,
  params: Params,
): FloodRefund | undefined {
  if (!SEND_METHODS.has(lowerName)) return undefined;
  const chat = params.string('chat_id')?.trim();
  if (chat === undefined || chat === '') return undefined;
  if (chat.startsWith('@')) return platform.flood.admit(botId, chat.toLowerCase(), true);
  const id = lenientInteger(chat);
  return platform.flood.admit(botId, String(id), id < 0);
}
