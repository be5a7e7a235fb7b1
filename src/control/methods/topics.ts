import type { RouteContext } from '../control-context.js';
import { botRecord } from './user-record.js';

/** POST /control/chats/forum: a person turns topics on or off in a supergroup; answers the ChatRecord. */
export async function setChatForum({ platform, input }: RouteContext<'setChatForum'>) {
  const chat = await platform.topics.setForum(input.by, input.chat, input.enabled);
  return platform.groups.record(chat.id!);
}

/** POST /control/topics: a person creates a topic in a forum; answers the ForumTopic. */
export async function createForumTopic({ platform, input }: RouteContext<'createForumTopic'>) {
  return platform.topics.create(
    { person: input.user, chat: input.chat },
    { name: input.name, iconColor: input.icon_color, iconCustomEmojiId: input.icon_custom_emoji_id },
  );
}

/** GET /control/topics: a forum's topics as a member sees them. */
export async function listForumTopics({ platform, input }: RouteContext<'listForumTopics'>) {
  return platform.topics.list(input.user, input.chat);
}

/** POST /control/bots/topics: a bot's topic mode in its private chats; answers the BotRecord. */
export async function setBotTopics({ platform, input }: RouteContext<'setBotTopics'>) {
  const user = await platform.topics.setBotTopics(input.bot, {
    has_topics_enabled: input.has_topics_enabled,
    allows_users_to_create_topics: input.allows_users_to_create_topics,
  });
  const bot = await platform.deps.store.getBot(user.id);
  return botRecord(platform.deps.store, user, bot!);
}
