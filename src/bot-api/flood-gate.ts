/**
 * Where flood control meets the Bot API: the methods that send messages into a chat take a token
 * before they run (platform/messages/flood-control.ts) and give it back if they fail, so that a
 * refused or failed call counts for nothing. The chat is read from chat_id as given: a negative id
 * or an @username names a group, supergroup or channel, a positive id a private chat.
 */
import { lenientInteger, type Params } from './params.js';
import type { FloodRefund } from '../platform/messages/flood-control.js';
import type { Platform } from '../platform/core/platform.js';

/** Methods that put messages into a chat (lower-cased). Edits, pins and reactions are not sends. */
const SEND_METHODS: ReadonlySet<string> = new Set(
  [
    'sendMessage',
    'forwardMessage',
    'forwardMessages',
    'copyMessage',
    'copyMessages',
    'sendPhoto',
    'sendAudio',
    'sendDocument',
    'sendVideo',
    'sendAnimation',
    'sendVoice',
    'sendVideoNote',
    'sendPaidMedia',
    'sendMediaGroup',
    'sendLocation',
    'sendVenue',
    'sendContact',
    'sendPoll',
    'sendChecklist',
    'sendDice',
    'sendSticker',
    'sendInvoice',
    'sendGame',
    'sendLivePhoto',
  ].map((name) => name.toLowerCase()),
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
