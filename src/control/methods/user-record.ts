import { renderUser } from '../../platform/users/users.js';
import type { BotRow, UserRow } from '../../storage/store.js';

/** UserRecord of docs/control-api.md: the User plus the phone number. */
export function userRecord(row: UserRow) {
  return { ...renderUser(row), phone_number: row.phone_number };
}

/** BotRecord of docs/control-api.md: the bot's User, its token and capability flags. */
export function botRecord(user: UserRow, bot: BotRow) {
  return {
    ...renderUser(user),
    username: user.username ?? '',
    token: `${bot.id}:${bot.token_secret}`,
    can_join_groups: bot.can_join_groups,
    can_read_all_group_messages: bot.can_read_all_group_messages,
    supports_inline_queries: bot.supports_inline_queries,
  };
}
