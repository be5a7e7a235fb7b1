/** Profile media, emoji statuses and emoji status access on SQLite (ports/profiles.ts). */
import { type SqlStatements } from '../sql-statements.js';
import type {
  ProfileMediaKind,
  ProfileMediaRow,
  ProfilesReader,
  ProfilesWriter,
  UserProfileRow,
} from '../../ports/profiles.js';

const PROFILE_FIELDS = [
  'emoji_status_custom_emoji_id',
  'emoji_status_expiration_date',
  'personal_chat_pk',
] as const;

export class SqliteProfiles implements ProfilesReader, ProfilesWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async listProfileMedia(userId: number, kind: ProfileMediaKind) {
    return this.#sql.all(
      `SELECT user_id, kind, seq, file_pk, attributes, added_at FROM profile_media
       WHERE user_id = ? AND kind = ? ORDER BY seq DESC`,
      userId,
      kind,
    ) as unknown as ProfileMediaRow[];
  }
  async getUserProfile(userId: number) {
    return this.#sql.get(
      `SELECT user_id, emoji_status_custom_emoji_id, emoji_status_expiration_date, personal_chat_pk
       FROM user_profiles
       WHERE user_id = ?`,
      userId,
    ) as UserProfileRow | undefined;
  }
  async hasEmojiStatusAccess(userId: number, botId: number) {
    return (
      this.#sql.get(
        'SELECT 1 AS one FROM emoji_status_access WHERE user_id = ? AND bot_id = ?',
        userId,
        botId,
      ) !== undefined
    );
  }
  async addProfileMedia(row: Omit<ProfileMediaRow, 'seq'>) {
    const next = this.#sql.get(
      'SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM profile_media WHERE user_id = ? AND kind = ?',
      row.user_id,
      row.kind,
    )!.seq as number;
    this.#sql.run(
      `INSERT INTO profile_media (user_id, kind, seq, file_pk, attributes, added_at) VALUES (?, ?, ?, ?, ?, ?)`,
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
      return this.#sql.run('DELETE FROM profile_media WHERE user_id = ? AND kind = ?', userId, kind).changes;
    }
    return this.#sql.run(
      'DELETE FROM profile_media WHERE user_id = ? AND kind = ? AND seq = ?',
      userId,
      kind,
      seq,
    ).changes;
  }
  async updateUserProfile(userId: number, patch: Partial<Omit<UserProfileRow, 'user_id'>>) {
    this.#sql.run('INSERT INTO user_profiles (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING', userId);
    for (const key of PROFILE_FIELDS) {
      if (patch[key] === undefined) continue;
      this.#sql.run(`UPDATE user_profiles SET ${key} = ? WHERE user_id = ?`, patch[key], userId);
    }
  }
  async setEmojiStatusAccess(userId: number, botId: number, allowed: boolean, at: number) {
    if (allowed) {
      this.#sql.run(
        `INSERT INTO emoji_status_access (user_id, bot_id, allowed_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id, bot_id) DO NOTHING`,
        userId,
        botId,
        at,
      );
    } else {
      this.#sql.run('DELETE FROM emoji_status_access WHERE user_id = ? AND bot_id = ?', userId, botId);
    }
  }
}
