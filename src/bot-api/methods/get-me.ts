import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { renderUser } from '../../platform/users/users.js';
import { supportsGuestQueries } from '../../platform/guest/guest-queries.js';
import { supportsJoinRequestQueries } from '../../platform/web-apps/join-request-queries.js';
import { botTopicMode } from '../../platform/topics/bot-topics.js';

/** getMe: the bot's User with the getMe-only capability flags. spec/bot-api.md §2 User. */
export const getMe = defineMethod('getMe', async ({ platform, botId }) => {
  const found = await platform.users.getBot(botId);
  if (!found) throw botApiError('BOT_NOT_FOUND');
  const { user, bot } = found;
  // Settings of the bot (platform/guest/, platform/web-apps/; ADR 0047).
  const [guest, joinRequests, topics] = await Promise.all([
    supportsGuestQueries(platform.deps.store, botId),
    supportsJoinRequestQueries(platform.deps.store, botId),
    botTopicMode(platform.deps.store, botId),
  ]);
  // Built property by property: a spread followed by more properties costs V8 a new hidden class
  // per call on Node 20 (about 10 µs and old-space garbage here).
  const wire = renderUser(user);
  return {
    id: wire.id,
    is_bot: wire.is_bot,
    first_name: wire.first_name,
    ...(wire.last_name !== undefined ? { last_name: wire.last_name } : {}),
    ...(wire.username !== undefined ? { username: wire.username } : {}),
    ...(wire.language_code !== undefined ? { language_code: wire.language_code } : {}),
    can_join_groups: bot.can_join_groups,
    can_read_all_group_messages: bot.can_read_all_group_messages,
    supports_inline_queries: bot.supports_inline_queries,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: topics.has_topics_enabled,
    allows_users_to_create_topics: topics.allows_users_to_create_topics,
    can_manage_bots: false,
    supports_guest_queries: guest,
    supports_join_request_queries: joinRequests,
  };
});
