/** Business connections and profiles, stories and managed bots on SQLite (ports/business.ts, stories.ts, managed-bots.ts). */
import { type SqlStatements } from '../sql-statements.js';
import type {
  BusinessConnectionRow,
  BusinessProfileRow,
  BusinessReader,
  BusinessWriter,
} from '../../ports/business.js';
import type { StoriesReader, StoriesWriter, StoryRow } from '../../ports/stories.js';
import type { ManagedBotRow, ManagedBotsReader, ManagedBotsWriter } from '../../ports/managed-bots.js';

type Row = Record<string, unknown>;

const connection = (row: Row | undefined) =>
  row ? ({ ...row, is_enabled: row.is_enabled === 1 } as unknown as BusinessConnectionRow) : undefined;
const story = (row: Row) =>
  ({
    ...row,
    post_to_chat_page: row.post_to_chat_page === 1,
    deleted: row.deleted === 1,
  }) as unknown as StoryRow;

export class SqliteBusiness
  implements
    BusinessReader,
    BusinessWriter,
    StoriesReader,
    StoriesWriter,
    ManagedBotsReader,
    ManagedBotsWriter
{
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getBusinessConnection(id: string) {
    return connection(this.#sql.get('SELECT * FROM business_connections WHERE id = ?', id));
  }
  async getBusinessConnectionOf(userId: number, botId: number) {
    return connection(
      this.#sql.get('SELECT * FROM business_connections WHERE user_id = ? AND bot_id = ?', userId, botId),
    );
  }
  async getEnabledBusinessConnectionOf(userId: number) {
    return connection(
      this.#sql.get(
        'SELECT * FROM business_connections WHERE user_id = ? AND is_enabled = 1 ORDER BY date DESC LIMIT 1',
        userId,
      ),
    );
  }
  async getBusinessProfile(userId: number) {
    return this.#sql.get('SELECT * FROM business_profiles WHERE user_id = ?', userId) as unknown as
      BusinessProfileRow | undefined;
  }
  async saveBusinessConnection(row: BusinessConnectionRow) {
    this.#sql.run(
      `INSERT INTO business_connections (id, user_id, bot_id, rights, is_enabled, date) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET rights = excluded.rights, is_enabled = excluded.is_enabled, date = excluded.date`,
      row.id,
      row.user_id,
      row.bot_id,
      row.rights,
      row.is_enabled ? 1 : 0,
      row.date,
    );
  }
  async setBusinessProfile(row: BusinessProfileRow) {
    this.#sql.run(
      `INSERT OR REPLACE INTO business_profiles (user_id, bio, photo_file_pk, public_photo_file_pk, gift_settings)
       VALUES (?, ?, ?, ?, ?)`,
      row.user_id,
      row.bio,
      row.photo_file_pk,
      row.public_photo_file_pk,
      row.gift_settings,
    );
  }

  async getBusinessChatIncomingAt(connectionId: string, chatPk: number) {
    const row = await this.#sql.get(
      'SELECT last_incoming_at FROM business_chats WHERE connection_id = ? AND chat_pk = ?',
      connectionId,
      chatPk,
    );
    return row ? Number(row.last_incoming_at) : undefined;
  }
  async listBusinessChats(connectionId: string) {
    const rows = await this.#sql.all(
      'SELECT chat_pk FROM business_chats WHERE connection_id = ? ORDER BY last_incoming_at DESC, chat_pk DESC',
      connectionId,
    );
    return rows.map((row) => Number(row.chat_pk));
  }
  async touchBusinessChat(connectionId: string, chatPk: number, at: number) {
    await this.#sql.run(
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
    const row = this.#sql.get('SELECT * FROM stories WHERE owner_id = ? AND story_id = ?', ownerId, storyId);
    return row ? story(row) : undefined;
  }
  async listActiveStories(ownerId: number, now: number) {
    return this.#sql
      .all(
        `SELECT * FROM stories WHERE owner_id = ? AND deleted = 0 AND (expires_at > ? OR post_to_chat_page = 1)
         ORDER BY story_id DESC`,
        ownerId,
        now,
      )
      .map(story);
  }
  async insertStory(row: Omit<StoryRow, 'story_id'>) {
    const top = this.#sql.get('SELECT MAX(story_id) AS top FROM stories WHERE owner_id = ?', row.owner_id);
    const storyId = Number(top?.top ?? 0) + 1;
    this.#sql.run(
      `INSERT INTO stories (owner_id, story_id, poster_bot_id, body, posted_at, expires_at, post_to_chat_page, deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      row.owner_id,
      storyId,
      row.poster_bot_id,
      row.body,
      row.posted_at,
      row.expires_at,
      row.post_to_chat_page ? 1 : 0,
      row.deleted ? 1 : 0,
    );
    return storyId;
  }
  async updateStory(ownerId: number, storyId: number, patch: Partial<Pick<StoryRow, 'body' | 'deleted'>>) {
    if (patch.body !== undefined)
      this.#sql.run(
        'UPDATE stories SET body = ? WHERE owner_id = ? AND story_id = ?',
        patch.body,
        ownerId,
        storyId,
      );
    if (patch.deleted !== undefined)
      this.#sql.run(
        'UPDATE stories SET deleted = ? WHERE owner_id = ? AND story_id = ?',
        patch.deleted ? 1 : 0,
        ownerId,
        storyId,
      );
  }

  async getManagedBot(botId: number) {
    const row = this.#sql.get('SELECT * FROM managed_bots WHERE bot_id = ?', botId);
    return row
      ? ({ ...row, access_restricted: row.access_restricted === 1 } as unknown as ManagedBotRow)
      : undefined;
  }
  async insertManagedBot(row: ManagedBotRow) {
    this.#sql.insert('managed_bots', row);
  }
  async updateManagedBot(
    botId: number,
    patch: Partial<Pick<ManagedBotRow, 'access_restricted' | 'added_user_ids'>>,
  ) {
    this.#sql.update('managed_bots', 'bot_id', botId, patch);
  }
}
