import { BotApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { renderUser } from '../../platform/users.js';

/** getMe: the bot's User with the getMe-only capability flags. spec/bot-api.md §2 User. */
export async function getMe({ platform, botId }: MethodContext) {
  const found = await platform.users.getBot(botId);
  if (!found) throw BotApiError.badRequest('bot not found');
  const { user, bot } = found;
  return {
    ...renderUser(user),
    can_join_groups: bot.can_join_groups,
    can_read_all_group_messages: bot.can_read_all_group_messages,
    supports_inline_queries: bot.supports_inline_queries,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_guest_queries: false,
    supports_join_request_queries: false,
  };
}
