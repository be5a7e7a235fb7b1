/** Business connections and profiles, stories and managed bots on PostgreSQL (ports/business.ts, stories.ts, managed-bots.ts). */
import type { PgSql } from '../pg-sql.js';
import type {
  BusinessConnectionRow,
  BusinessProfileRow,
  BusinessReader,
  BusinessWriter,
} from '../../ports/business.js';
import type { StoriesReader, StoriesWriter, StoryRow } from '../../ports/stories.js';
import type { ManagedBotRow, ManagedBotsReader, ManagedBotsWriter } from '../../ports/managed-bots.js';

export class PgBusiness
  implements
    BusinessReader,
    BusinessWriter,
    StoriesReader,
    StoriesWriter,
    ManagedBotsReader,
    ManagedBotsWriter
{
  constructor(private readonly sql: PgSql) {}

  async getBusinessConnection(id: string) {
    return (await this.sql.get('SELECT * FROM business_connections WHERE id = ?', id)) as
      BusinessConnectionRow | undefined;
  }
  async getBusinessConnectionOf(userId: number, botId: number) {
    return (await this.sql.get(
      'SELECT * FROM business_connections WHERE user_id = ? AND bot_id = ?',
      userId,
      botId,
    )) as BusinessConnectionRow | undefined;
  }
  async getEnabledBusinessConnectionOf(userId: number) {
    return (await this.sql.get(
      'SELECT * FROM business_connections WHERE user_id = ? AND is_enabled ORDER BY date DESC LIMIT 1',
      userId,
    )) as BusinessConnectionRow | undefined;
  }
  async getBusinessProfile(userId: number) {
    return (await this.sql.get('SELECT * FROM business_profiles WHERE user_id = ?', userId)) as
      BusinessProfileRow | undefined;
  }
  async saveBusinessConnection(row: BusinessConnectionRow) {
    await this.sql.run(
      `INSERT INTO business_connections (id, user_id, bot_id, rights, is_enabled, date) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET rights = excluded.rights, is_enabled = excluded.is_enabled, date = excluded.date`,
      row.id,
      row.user_id,
      row.bot_id,
      row.rights,
      row.is_enabled,
      row.date,
    );
  }
  async setBusinessProfile(row: BusinessProfileRow) {
    await this.sql.run(
      `INSERT INTO business_profiles (user_id, bio, photo_file_pk, public_photo_file_pk, gift_settings)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET bio = excluded.bio,
       photo_file_pk = excluded.photo_file_pk, public_photo_file_pk = excluded.public_photo_file_pk,
       gift_settings = excluded.gift_settings`,
      row.user_id,
      row.bio,
      row.photo_file_pk,
      row.public_photo_file_pk,
      row.gift_settings,
    );
  }

  async getBusinessChatIncomingAt(connectionId: string, chatPk: number) {
    const row = await this.sql.get(
      'SELECT last_incoming_at FROM business_chats WHERE connection_id = ? AND chat_pk = ?',
      connectionId,
      chatPk,
    );
    return row ? Number(row.last_incoming_at) : undefined;
  }
  async listBusinessChats(connectionId: string) {
    const rows = await this.sql.all(
      'SELECT chat_pk FROM business_chats WHERE connection_id = ? ORDER BY last_incoming_at DESC, chat_pk DESC',
      connectionId,
    );
    return rows.map((row) => Number(row.chat_pk));
  }
  async touchBusinessChat(connectionId: string, chatPk: number, at: number) {
    await this.sql.run(
      `INSERT INTO business_chats (connection_id, chat_pk, last_incoming_at) VALUES (?, ?, ?)
       ON CONFLICT (connection_id, chat_pk) DO UPDATE SET last_incoming_at =
       CASE WHEN excluded.last_incoming_at > business_chats.last_incoming_at THEN excluded.last_incoming_at
       ELSE business_chats.last_incoming_at END`,
      connectionId,
      chatPk,
      at,
    );
  }

  async getStory(ownerId: number, storyId: number) {
    return (await this.sql.get(
      'SELECT * FROM stories WHERE owner_id = ? AND story_id = ?',
      ownerId,
      storyId,
    )) as StoryRow | undefined;
  }
  async listActiveStories(ownerId: number, now: number) {
    return (await this.sql.all(
      `SELECT * FROM stories WHERE owner_id = ? AND NOT deleted AND (expires_at > ? OR post_to_chat_page)
       ORDER BY story_id DESC`,
      ownerId,
      now,
    )) as unknown as StoryRow[];
  }
  async insertStory(row: Omit<StoryRow, 'story_id'>) {
    const top = await this.sql.get(
      'SELECT COALESCE(MAX(story_id), 0) AS top FROM stories WHERE owner_id = ?',
      row.owner_id,
    );
    const storyId = Number(top?.top ?? 0) + 1;
    await this.sql.run(
      `INSERT INTO stories (owner_id, story_id, poster_bot_id, body, posted_at, expires_at, post_to_chat_page, deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      row.owner_id,
      storyId,
      row.poster_bot_id,
      row.body,
      row.posted_at,
      row.expires_at,
      row.post_to_chat_page,
      row.deleted,
    );
    return storyId;
  }
  async updateStory(ownerId: number, storyId: number, patch: Partial<Pick<StoryRow, 'body' | 'deleted'>>) {
    const keys = Object.keys(patch) as Array<keyof typeof patch>;
    if (keys.length === 0) return;
    await this.sql.run(
      `UPDATE stories SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE owner_id = ? AND story_id = ?`,
      ...keys.map((k) => patch[k]),
      ownerId,
      storyId,
    );
  }

  async getManagedBot(botId: number) {
    return (await this.sql.get('SELECT * FROM managed_bots WHERE bot_id = ?', botId)) as
      ManagedBotRow | undefined;
  }
  async insertManagedBot(row: ManagedBotRow) {
    await this.sql.insert('managed_bots', row);
  }
  async updateManagedBot(
    botId: number,
    patch: Partial<Pick<ManagedBotRow, 'access_restricted' | 'added_user_ids'>>,
  ) {
    await this.sql.update('managed_bots', 'bot_id', botId, patch);
  }
}
