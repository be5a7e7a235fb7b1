/**
 * What a profile shows besides the user row (tables `profile_media`, `user_profiles`,
 * `emoji_status_access`): profile media (a bot's profile photo, a person's profile audios), a
 * person's emoji status and personal channel, and the bots a person allowed to change the status.
 *
 * Contract:
 * - `addProfileMedia` gives the new item the next `seq` of that user and kind (1 for the first) and
 *   answers it; `listProfileMedia` answers the items of a user and kind, the newest (highest seq)
 *   first; `deleteProfileMedia` without a seq removes every item of the user and kind; it answers
 *   how many it removed.
 * - `getUserProfile` answers undefined for a user whose profile was never written;
 *   `updateUserProfile` creates the row when absent (absent fields null) and sets the given fields.
 * - Emoji status access is a set of (user, bot) pairs; granting twice keeps the first time.
 * - Nothing here is cached.
 */

export type ProfileMediaKind = 'photo' | 'audio';

export interface ProfileMediaRow {
  user_id: number;
  kind: ProfileMediaKind;
  seq: number;
  file_pk: number;
  /** JSON object of what the media object needs beside its file (an audio's duration, title...). */
  attributes: string | null;
  added_at: number;
}

export interface UserProfileRow {
  user_id: number;
  emoji_status_custom_emoji_id: string | null;
  /** Unix seconds when the emoji status ends; null for none. */
  emoji_status_expiration_date: number | null;
  /** The pk of the channel the person shows on their profile; null for none. */
  personal_chat_pk: number | null;
}

export interface ProfilesReader {
  listProfileMedia(userId: number, kind: ProfileMediaKind): Promise<ProfileMediaRow[]>;
  getUserProfile(userId: number): Promise<UserProfileRow | undefined>;
  hasEmojiStatusAccess(userId: number, botId: number): Promise<boolean>;
}

export interface ProfilesWriter {
  addProfileMedia(row: Omit<ProfileMediaRow, 'seq'>): Promise<number>;
  deleteProfileMedia(userId: number, kind: ProfileMediaKind, seq?: number): Promise<number>;
  updateUserProfile(userId: number, patch: Partial<Omit<UserProfileRow, 'user_id'>>): Promise<void>;
  /** Grants (allowed) or withdraws a bot's access to a person's emoji status. */
  setEmojiStatusAccess(userId: number, botId: number, allowed: boolean, at: number): Promise<void>;
}
