/**
 * What a world file (ADR 0102) reads of the whole store: every chat, and the settings under a key
 * prefix (a bot's `bot:<id>:...` settings). Read-only views over `chats` and `settings`; nothing here
 * is cached, and nothing here is on a hot path (an export reads them once).
 *
 * Contract:
 * - `listChatsAfter` answers the chats with a pk above `afterPk`, in pk order, at most `limit`.
 * - `listSettingsWithPrefix` answers every setting whose key starts with `prefix` (compared as text,
 *   case-sensitively), in no promised order.
 */
import type { ChatRow } from './chats.js';

export interface WorldViewsReader {
  listChatsAfter(afterPk: number, limit: number): Promise<ChatRow[]>;
  listSettingsWithPrefix(prefix: string): Promise<Array<{ key: string; value: string }>>;
}
