/** Profile media, emoji statuses and emoji status access on SQLite (ports/profiles.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { PROFILES_SQL as SQL } from '../../sql/profiles.js';
import type {
  ProfileMediaKind,
  ProfileMediaRow,
  ProfilesReader,
  ProfilesWriter,
  UserProfileRow,
} from '../../ports/profiles.js';

const PROFILE_FIELDS = Object.keys(SQL.updateUserProfileField) as Array<
  keyof typeof SQL.updateUserProfileField
>;

export class SqliteProfiles implements ProfilesReader, ProfilesWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async listProfileMedia(userId: number, kind: ProfileMediaKind) {
    return this.#sql.all(SQL.listProfileMedia, userId, kind) as unknown as ProfileMediaRow[];
  }
  async getUserProfile(userId: number) {
    return this.#sql.get(SQL.getUserProfile, userId) as UserProfileRow | undefined;
  }
  async hasEmojiStatusAccess(userId: number, botId: number) {
    return this.#sql.get(SQL.hasEmojiStatusAccess, userId, botId) !== undefined;
  }
  async addProfileMedia(row: Omit<ProfileMediaRow, 'seq'>) {
    const next = this.#sql.get(SQL.nextProfileMediaSeq, row.user_id, row.kind)!.seq as number;
    this.#sql.run(
      SQL.addProfileMedia,
      row.user_id,
      row.kind,
      next,
      row.file_pk,
      row.attributes,
      row.added_at,
    );
    return next;
  }
  async deleteProfileMedia(userId: number, kind: ProfileMediaKind, seq?: number) {
    if (seq === undefined) {
      return this.#sql.run(SQL.deleteProfileMediaOfKind, userId, kind).changes;
    }
    return this.#sql.run(SQL.deleteProfileMedia, userId, kind, seq).changes;
  }
  async updateUserProfile(userId: number, patch: Partial<Omit<UserProfileRow, 'user_id'>>) {
    this.#sql.run(SQL.ensureUserProfile, userId);
    for (const key of PROFILE_FIELDS) {
      if (patch[key] === undefined) continue;
      this.#sql.run(SQL.updateUserProfileField[key], patch[key], userId);
    }
  }
  async setEmojiStatusAccess(userId: number, botId: number, allowed: boolean, at: number) {
    if (allowed) {
      this.#sql.run(SQL.allowEmojiStatusAccess, userId, botId, at);
    } else {
      this.#sql.run(SQL.revokeEmojiStatusAccess, userId, botId);
    }
  }
}
