/**
 * The administrator rights of chats (spec ChatAdministratorRights): their names, which kinds of chat
 * have which, and rights as granted. In the kernel's base (ADR 0111) because both chats/ (members'
 * rights, chat-rights.ts re-exports these) and users/ (bots' default rights, bot-settings.ts) use
 * them, and users/ imports nothing of chats/.
 */
import type { ChatType } from '../../storage/store.js';
import { ADMIN_RIGHT_NAMES, REQUIRED_ADMIN_RIGHT_NAMES } from '../../wire/control-schema/rights.js';

// The names are written once, with the control API's (wire/control-schema/rights.ts).
/** The rights every kind of chat has: ChatAdministratorRights' required fields, first in its order. */
export const COMMON_RIGHT_KEYS = REQUIRED_ADMIN_RIGHT_NAMES;
/** Every administrator right, in the Bot API's order (`is_anonymous` aside). */
export const ADMIN_RIGHT_KEYS = ADMIN_RIGHT_NAMES;
export type AdminRightKey = (typeof ADMIN_RIGHT_KEYS)[number];
export type AdminRights = Partial<Record<AdminRightKey | 'is_anonymous', boolean>>;

const CHANNEL_ONLY = new Set<AdminRightKey>([
  'can_post_messages',
  'can_edit_messages',
  'can_manage_direct_messages',
]);
const GROUP_ONLY = new Set<AdminRightKey>(['can_pin_messages', 'can_manage_tags']);

/** The administrator rights a kind of chat has (spec: channels, supergroups, groups differ). */
export function rightsOf(type: ChatType): AdminRightKey[] {
  return ADMIN_RIGHT_KEYS.filter((key) => {
    if (CHANNEL_ONLY.has(key)) return type === 'channel';
    if (GROUP_ONLY.has(key)) return type !== 'channel';
    if (key === 'can_manage_topics') return type === 'supergroup';
    return true;
  });
}

/**
 * Rights as granted: only those the chat kind has, is_anonymous not in channels, and can_manage_chat
 * implied by any other right (spec ChatAdministratorRights). Undefined when no right is left, which
 * means "not an administrator".
 */
export function normalizeRights(given: AdminRights, type: ChatType): AdminRights | undefined {
  const rights: AdminRights = {};
  let any = false;
  for (const key of rightsOf(type)) {
    if (given[key]) {
      rights[key] = true;
      any = true;
    }
  }
  if (given.is_anonymous && type !== 'channel') {
    rights.is_anonymous = true;
    any = true;
  }
  if (!any) return undefined;
  rights.can_manage_chat = true;
  return rights;
}
