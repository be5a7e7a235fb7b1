/** Business connections and profiles, stories and managed bots on PostgreSQL (ports/business.ts, stories.ts, managed-bots.ts). */
import type { PgSql } from '../pg-sql.js';
import { BUSINESS_SQL as SQL } from '../../sql/business.js';
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
    return (await this.sql.get(SQL.getBusinessConnection, id)) as BusinessConnectionRow | undefined;
  }
  async getBusinessConnectionOf(userId: number, botId: number) {
    return (await this.sql.get(SQL.getBusinessConnectionOf, userId, botId)) as
      BusinessConnectionRow | undefined;
  }
  async getEnabledBusinessConnectionOf(userId: number) {
    return (await this.sql.get(SQL.getEnabledBusinessConnectionOf, userId)) as
      BusinessConnectionRow | undefined;
  }
  async getBusinessProfile(userId: number) {
    return (await this.sql.get(SQL.getBusinessProfile, userId)) as BusinessProfileRow | undefined;
  }
  async saveBusinessConnection(row: BusinessConnectionRow) {
    await this.sql.run(
      SQL.saveBusinessConnection,
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
      SQL.setBusinessProfile,
      row.user_id,
      row.bio,
      row.photo_file_pk,
      row.public_photo_file_pk,
      row.gift_settings,
    );
  }

  async getBusinessChatIncomingAt(connectionId: string, chatPk: number) {
    const row = await this.sql.get(SQL.getBusinessChatIncomingAt, connectionId, chatPk);
    return row ? Number(row.last_incoming_at) : undefined;
  }
  async listBusinessChats(connectionId: string) {
    const rows = await this.sql.all(SQL.listBusinessChats, connectionId);
    return rows.map((row) => Number(row.chat_pk));
  }
  async touchBusinessChat(connectionId: string, chatPk: number, at: number) {
    await this.sql.run(SQL.touchBusinessChat, connectionId, chatPk, at);
  }

  async getStory(ownerId: number, storyId: number) {
    return (await this.sql.get(SQL.getStory, ownerId, storyId)) as StoryRow | undefined;
  }
  async listActiveStories(ownerId: number, now: number) {
    return (await this.sql.all(SQL.listActiveStories, ownerId, now)) as unknown as StoryRow[];
  }
  async insertStory(row: Omit<StoryRow, 'story_id'>) {
    const top = await this.sql.get(SQL.lastStoryId, row.owner_id);
    const storyId = Number(top?.top ?? 0) + 1;
    await this.sql.run(
      SQL.insertStory,
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
    const { body, deleted } = patch;
    if (body !== undefined && deleted !== undefined)
      await this.sql.run(SQL.updateStory, body, deleted, ownerId, storyId);
    else if (body !== undefined) await this.sql.run(SQL.updateStoryBody, body, ownerId, storyId);
    else if (deleted !== undefined) await this.sql.run(SQL.updateStoryDeleted, deleted, ownerId, storyId);
  }

  async getManagedBot(botId: number) {
    return (await this.sql.get(SQL.getManagedBot, botId)) as ManagedBotRow | undefined;
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
