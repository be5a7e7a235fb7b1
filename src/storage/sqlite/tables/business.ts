/** Business connections and profiles, stories and managed bots on SQLite (ports/business.ts, stories.ts, managed-bots.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { BUSINESS_SQL as SQL } from '../../sql/business.js';
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
    return connection(this.#sql.get(SQL.getBusinessConnection, id));
  }
  async getBusinessConnectionOf(userId: number, botId: number) {
    return connection(this.#sql.get(SQL.getBusinessConnectionOf, userId, botId));
  }
  async getEnabledBusinessConnectionOf(userId: number) {
    return connection(this.#sql.get(SQL.getEnabledBusinessConnectionOf, userId));
  }
  async getBusinessProfile(userId: number) {
    return this.#sql.get(SQL.getBusinessProfile, userId) as unknown as BusinessProfileRow | undefined;
  }
  async saveBusinessConnection(row: BusinessConnectionRow) {
    this.#sql.run(
      SQL.saveBusinessConnection,
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
      SQL.setBusinessProfile,
      row.user_id,
      row.bio,
      row.photo_file_pk,
      row.public_photo_file_pk,
      row.gift_settings,
    );
  }

  async getBusinessChatIncomingAt(connectionId: string, chatPk: number) {
    const row = await this.#sql.get(SQL.getBusinessChatIncomingAt, connectionId, chatPk);
    return row ? Number(row.last_incoming_at) : undefined;
  }
  async listBusinessChats(connectionId: string) {
    const rows = await this.#sql.all(SQL.listBusinessChats, connectionId);
    return rows.map((row) => Number(row.chat_pk));
  }
  async touchBusinessChat(connectionId: string, chatPk: number, at: number) {
    await this.#sql.run(SQL.touchBusinessChat, connectionId, chatPk, at);
  }

  async getStory(ownerId: number, storyId: number) {
    const row = this.#sql.get(SQL.getStory, ownerId, storyId);
    return row ? story(row) : undefined;
  }
  async listActiveStories(ownerId: number, now: number) {
    return this.#sql.all(SQL.listActiveStories, ownerId, now).map(story);
  }
  async insertStory(row: Omit<StoryRow, 'story_id'>) {
    const top = this.#sql.get(SQL.lastStoryId, row.owner_id);
    const storyId = Number(top?.top ?? 0) + 1;
    this.#sql.run(
      SQL.insertStory,
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
    const { body, deleted } = patch;
    if (body !== undefined && deleted !== undefined)
      this.#sql.run(SQL.updateStory, body, deleted ? 1 : 0, ownerId, storyId);
    else if (body !== undefined) this.#sql.run(SQL.updateStoryBody, body, ownerId, storyId);
    else if (deleted !== undefined) this.#sql.run(SQL.updateStoryDeleted, deleted ? 1 : 0, ownerId, storyId);
  }

  async getManagedBot(botId: number) {
    const row = this.#sql.get(SQL.getManagedBot, botId);
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
