import { inlinePlaceholderKey, renderUser } from '../../platform/users/users.js';
import type { BotRow, StoreReader, UserRow } from '../../storage/store.js';

/** UserRecord of docs/control-api.md: the User plus the phone number. */
export function userRecord(row: UserRow) {
  return { ...renderUser(row), phone_number: row.phone_number };
}

/**
 * BotRecord of docs/control-api.md: the bot's User, its token and capability flags, and its inline
 * placeholder when it has one.
 */
export async function botRecord(reader: StoreReader, user: UserRow, bot: BotRow) {
  const placeholder = await reader.getSetting(inlinePlaceholderKey(bot.id));
  return {
    ...renderUser(user),
    username: user.username ?? '',
    token: `${bot.id}:${bot.token_secret}`,
    can_join_groups: bot.can_join_groups,
    can_read_all_group_messages: bot.can_read_all_group_messages,
    supports_inline_queries: bot.supports_inline_queries,
    ...(placeholder ? { inline_placeholder: placeholder } : {}),
  };
}
