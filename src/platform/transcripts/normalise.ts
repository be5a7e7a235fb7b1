/**
 * Normalising a chat's messages for snapshot tests (ADR 0059): every value that differs between two
 * runs of one conversation is replaced by a placeholder numbered in order of first appearance, so
 * that the same conversation gives the same transcript on any server, in any order of tests.
 *
 * - message ids (`message_id`, `message_thread_id`, `reply_to_message_id`) -> `#1`, `#2` by position
 *   in the transcript (`#?` for a message outside it);
 * - dates (`date`, `*_date`) -> `<date>` (the key stays, so `edit_date` still shows an edit);
 * - user and chat ids (`id` of a User or Chat, `*user_id`, `*chat_id`) -> `<id 1>` (a person and their
 *   private chat share one number, as their ids do);
 * - `file_id` -> `<file 1>`, `file_unique_id` -> `<file unique 1>`, a poll's id -> `<poll 1>`,
 *   `media_group_id` -> `<group 1>`, payment charge ids -> `<charge 1>`, `invite_link` -> `<invite link>`;
 * - anything that looks like a bot token, in any string -> `<token>`.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type NormalisedMessage = { [key: string]: Json };

const CHAT_TYPES = new Set(['private', 'group', 'supergroup', 'channel']);
const MESSAGE_ID_KEYS = new Set(['message_id', 'message_thread_id', 'reply_to_message_id']);
/**
 * `<bot id>:<secret>` as Parley and the reference issue them. The secret may end in `-` or `_`, so
 * its end is where its characters stop, not a word boundary (which would leave a final `-` behind).
 */
export const TOKEN = /\b\d{1,20}:[A-Za-z0-9_-]{30,}(?![A-Za-z0-9_-])/g;

class Placeholders {
  readonly #seen = new Map<string, string>();
  readonly #counts = new Map<string, number>();

  of(kind: string, value: string | number): string {
    const key = `${kind}\u0000${value}`;
    let placeholder = this.#seen.get(key);
    if (placeholder === undefined) {
      const n = (this.#counts.get(kind) ?? 0) + 1;
      this.#counts.set(kind, n);
      placeholder = `<${kind} ${n}>`;
      this.#seen.set(key, placeholder);
    }
    return placeholder;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A User (`is_bot`) or a Chat (`type` of a chat), whose `id` is a user or chat id. */
function isUserOrChat(object: Record<string, unknown>): boolean {
  return (
    typeof object.is_bot === 'boolean' || (typeof object.type === 'string' && CHAT_TYPES.has(object.type))
  );
}

export function normaliseMessages(messages: ReadonlyArray<Record<string, unknown>>): NormalisedMessage[] {
  const positions = new Map<number, string>();
  messages.forEach((message, index) => {
    if (typeof message.message_id === 'number') positions.set(message.message_id, `#${index + 1}`);
  });
  const placeholders = new Placeholders();

  const value = (key: string, raw: unknown, parent: Record<string, unknown>): Json => {
    if (typeof raw === 'number') {
      if (MESSAGE_ID_KEYS.has(key)) return positions.get(raw) ?? '#?';
      if (key === 'date' || key.endsWith('_date')) return '<date>';
      if (key === 'id' && isUserOrChat(parent)) return placeholders.of('id', raw);
      if (key.endsWith('user_id') || key.endsWith('chat_id')) return placeholders.of('id', raw);
      return raw;
    }
    if (typeof raw === 'string') {
      if (key === 'file_id') return placeholders.of('file', raw);
      if (key === 'file_unique_id') return placeholders.of('file unique', raw);
      if (key === 'media_group_id') return placeholders.of('group', raw);
      if (key.endsWith('_charge_id')) return placeholders.of('charge', raw);
      if (key === 'invite_link') return '<invite link>';
      if (key === 'id' && typeof parent.question === 'string') return placeholders.of('poll', raw);
      return raw.replace(TOKEN, '<token>');
    }
    if (Array.isArray(raw)) return raw.map((item) => value(key, item, parent));
    if (isPlainObject(raw)) return object(raw);
    if (typeof raw === 'boolean' || raw === null) return raw;
    return null;
  };
  const object = (raw: Record<string, unknown>): { [key: string]: Json } => {
    const out: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(raw)) {
      if (item === undefined) continue;
      out[key] = value(key, item, raw);
    }
    return out;
  };
  return messages.map((message) => object(message));
}
