/**
 * Topics in private chats with bots (ADR 0045): a bot's topic mode, which its owner sets (the
 * control API stands in for the platform's bot settings): `has_topics_enabled` turns topics on in
 * every private chat of the bot, `allows_users_to_create_topics` lets people create and delete topics
 * there. Kept as a setting of the bot (`bot_topics:<id>`, JSON), shown by getMe.
 */
import type { ChatRow } from '../../storage/store.js';
import type { SettingsReader, SettingsWriter } from '../../storage/ports/settings.js';
import type { UsersReader } from '../../storage/ports/users.js';

/** What reading a bot's topic mode needs of the store: its settings, and which users are bots. */
type TopicModeReader = SettingsReader & Pick<UsersReader, 'getBot'>;

export interface BotTopicMode {
  has_topics_enabled: boolean;
  allows_users_to_create_topics: boolean;
}

const OFF: BotTopicMode = { has_topics_enabled: false, allows_users_to_create_topics: false };
const key = (botId: number) => `bot_topics:${botId}`;

export async function botTopicMode(reader: SettingsReader, botId: number): Promise<BotTopicMode> {
  const value = await reader.getSetting(key(botId));
  return value ? { ...OFF, ...(JSON.parse(value) as Partial<BotTopicMode>) } : OFF;
}

/** Sets the mode; users may create topics only where topics are on. */
export async function setBotTopicMode(
  tx: SettingsWriter,
  botId: number,
  mode: BotTopicMode,
): Promise<BotTopicMode> {
  const kept: BotTopicMode = {
    has_topics_enabled: mode.has_topics_enabled,
    allows_users_to_create_topics: mode.has_topics_enabled && mode.allows_users_to_create_topics,
  };
  await tx.setSetting(key(botId), JSON.stringify(kept));
  return kept;
}

/** A private chat's bot and its topic mode; undefined for other chats and chats of two people. */
export async function privateTopics(
  reader: TopicModeReader,
  chat: ChatRow,
): Promise<{ botId: number; mode: BotTopicMode } | undefined> {
  if (chat.type !== 'private') return undefined;
  for (const id of [chat.user_a, chat.user_b]) {
    if (id !== null && (await reader.getBot(id))) return { botId: id, mode: await botTopicMode(reader, id) };
  }
  return undefined;
}

/** Whether messages of the chat may be in topics: a forum, or a private chat whose bot has topics on. */
export async function hasTopics(reader: TopicModeReader, chat: ChatRow): Promise<boolean> {
  if (chat.type === 'supergroup') return Boolean(chat.is_forum);
  return (await privateTopics(reader, chat))?.mode.has_topics_enabled === true;
}
