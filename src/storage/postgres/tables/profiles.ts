/** Profile media, emoji statuses and emoji status access on PostgreSQL (ports/profiles.ts). */
import type { PgSql } from '../pg-sql.js';
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

export class PgProfiles implements ProfilesReader, ProfilesWriter {
  constructor(private readonly sql: PgSql) {}

  async listProfileMedia(userId: number, kind: ProfileMediaKind) {
    return (await this.sql.all(SQL.listProfileMedia, userId, kind)) as unknown as ProfileMediaRow[];
  }
  async getUserProfile(userId: number) {
    return (await this.sql.get(SQL.getUserProfile, userId)) as UserProfileRow | undefined;
  }
  async hasEmojiStatusAccess(userId: number, botId: number) {
    const row = await this.sql.get(SQL.hasEmojiStatusAccess, userId, botId);
    return row !== undefined;
  }
  async addProfileMedia(row: Omit<ProfileMediaRow, 'seq'>) {
    // The user's rows of this kind are locked first, so that two writers never take one seq.
    await this.sql.run(
      'SELECT seq FROM profile_media WHERE user_id = ? AND kind = ? FOR UPDATE',
      row.user_id,
      row.kind,
    );
    const next = (await this.sql.get(SQL.nextProfileMediaSeq, row.user_id, row.kind))!.seq as number;
    await this.sql.run(
      SQL.addProfileMedia,
      row.user_id,
      row.kind,
      next,
      row.file_pk,
      row.attributes,
      row.added_at,
    );
    return Number(next);
  }
  async deleteProfileMedia(userId: number, kind: ProfileMediaKind, seq?: number) {
    if (seq === undefined) {
      return this.sql.run(SQL.deleteProfileMediaOfKind, userId, kind);
    }
    return this.sql.run(SQL.deleteProfileMedia, userId, kind, seq);
  }
  async updateUserProfile(userId: number, patch: Partial<Omit<UserProfileRow, 'user_id'>>) {
    await this.sql.run(SQL.ensureUserProfile, userId);
    for (const key of PROFILE_FIELDS) {
      if (patch[key] === undefined) continue;
      await this.sql.run(SQL.updateUserProfileField[key], patch[key], userId);
    }
  }
  async setEmojiStatusAccess(userId: number, botId: number, allowed: boolean, at: number) {
    if (allowed) {
      await this.sql.run(SQL.allowEmojiStatusAccess, userId, botId, at);
    } else {
      await this.sql.run(SQL.revokeEmojiStatusAccess, userId, botId);
    }
  }
}
