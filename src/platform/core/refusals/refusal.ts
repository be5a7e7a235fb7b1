/**
 * What one declaration of a refusal says (ADR 0108): the refusals/ files declare every code the
 * platform throws (PlatformError, GatewayError) once, with its kind and the texts a surface must
 * answer with it; each surface maps kinds to its wire form in one place:
 *
 * | surface          | maps                               | where                          |
 * | ---------------- | ---------------------------------- | ------------------------------ |
 * | Bot API          | `bot` (the reference's exact text) | bot-api/error-catalogue.ts     |
 * | control API      | kind -> status, `error` = the code | control/control-errors.ts      |
 * | web person API   | kind -> status, `error` = the code | web/web-errors.ts              |
 * | gateway          | kind -> status, for `gateway` codes | gateway/errors.ts             |
 *
 * A new refusal is one entry here (and the throw and the test that meets it): the surfaces need no
 * edit, and tsc refuses an entry without a kind or a Bot API answer, or a kind a surface does not map.
 */
import type { ChatType } from '../../../storage/store.js';

/**
 * What a refusal is, whatever the surface: the request is wrong (`invalid`), names something that
 * is not there (`not_found`), is not allowed to the caller (`forbidden`), or clashes with what
 * exists (`conflict`). A surface answers a kind with one status (400, 404, 403, 409 on the control
 * API and the web person API; the gateway answers every refusal 400).
 */
export type RefusalKind = 'invalid' | 'not_found' | 'forbidden' | 'conflict';

/**
 * A Bot API description: the reference words each with the prefix of its status (§2.2), and the
 * Bot API answers the status of the prefix (bot-api/error-catalogue.ts). The platform's refusals
 * are 400 Bad Request but for a bot that lost access to the chat (403 Forbidden).
 */
export type BotApiText = `Bad Request: ${string}` | `Forbidden: ${string}`;

export interface Refusal {
  readonly kind: RefusalKind;
  /**
   * The Bot API's exact description, fixed or made from the error's typed data (the function's
   * parameter is the code's data type: `new PlatformError(code, message, data)` requires it); null
   * for a code thrown only for people or the gateway, which a bot answers as a fault (500, logged).
   */
  readonly bot: BotApiText | ((data: never) => BotApiText) | null;
  /** The Bot API's ResponseParameters made from the data (an upgraded group's migrate_to_chat_id). */
  readonly botParameters?: (data: never) => { migrate_to_chat_id?: number };
  /**
   * The control API's `error` when it is not the code: the code it answered before this code had
   * its own (ADR 0041 kept those answers), with that code's status (or this one's kind when the
   * name is no code). A new code leaves it out.
   */
  readonly control?: string;
  /** The web person API's kind when it is not `kind`: what its former guess by name answered. */
  readonly web?: RefusalKind;
  /** A code of the Verification Gateway's wire (reference §4.1): when it is answered, for its docs. */
  readonly gateway?: string;
}

export type Refusals = Readonly<Record<string, Refusal>>;

/** "group chat", "channel chat": how the reference names a chat's kind in its texts. */
export const CHAT_KIND: Record<ChatType, string> = {
  private: 'private chat',
  group: 'group chat',
  supergroup: 'supergroup chat',
  channel: 'channel chat',
};

/**
 * A TDLib error as the reference passes it on (§2.2): the first letter lower-cased unless the
 * second character is '_' or an upper-case letter.
 */
export function tdlibText(message: string): string {
  const second = message[1] ?? '';
  const keep = second === '_' || (second >= 'A' && second <= 'Z');
  return keep ? message : message.charAt(0).toLowerCase() + message.slice(1);
}
