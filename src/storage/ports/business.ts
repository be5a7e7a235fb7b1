/**
 * Business accounts (tables `business_connections`, `business_profiles`): the bots people connect
 * to their accounts, with the rights they give them, and what a business account has besides its
 * user row (bio, profile photos, gift settings). src/platform/business/, ADR 0049.
 *
 * Contract:
 * - A connection's id is chosen by the platform and never changes; (user_id, bot_id) is unique: a
 *   person who connects a bot again gets the same connection back, enabled, with the new rights.
 * - `getEnabledBusinessConnectionOf` answers the one enabled connection of a user (the platform
 *   keeps at most one enabled per user), or undefined.
 * - `setBusinessProfile` writes the whole row (insert or replace).
 * - `touchBusinessChat` keeps the latest time it was given for the chat (an older one changes nothing).
 */

export interface BusinessConnectionRow {
  id: string;
  user_id: number;
  bot_id: number;
  /** JSON of the BusinessBotRights given (only the rights that are true). */
  rights: string;
  is_enabled: boolean;
  /** Unix seconds the connection was made (or made again). */
  date: number;
}

export interface BusinessProfileRow {
  user_id: number;
  bio: string | null;
  /** The pk of the main profile photo's file; null for none. */
  photo_file_pk: number | null;
  /** The pk of the public profile photo's file; null for none. */
  public_photo_file_pk: number | null;
  /** JSON of { show_gift_button, accepted_gift_types }, or null for the defaults. */
  gift_settings: string | null;
}

export interface BusinessReader {
  getBusinessConnection(id: string): Promise<BusinessConnectionRow | undefined>;
  getBusinessConnectionOf(userId: number, botId: number): Promise<BusinessConnectionRow | undefined>;
  getEnabledBusinessConnectionOf(userId: number): Promise<BusinessConnectionRow | undefined>;
  getBusinessProfile(userId: number): Promise<BusinessProfileRow | undefined>;
  /** When the customer of a business chat last wrote (Unix seconds), or undefined if never. */
  getBusinessChatIncomingAt(connectionId: string, chatPk: number): Promise<number | undefined>;
  /** The business chats of a connection, the one with the latest incoming message first. */
  listBusinessChats(connectionId: string): Promise<number[]>;
}

export interface BusinessWriter {
  /** Inserts a connection, or replaces the row with the same id. */
  saveBusinessConnection(row: BusinessConnectionRow): Promise<void>;
  setBusinessProfile(row: BusinessProfileRow): Promise<void>;
  /** Records a customer's message in a business chat (keeps the latest time). */
  touchBusinessChat(connectionId: string, chatPk: number, at: number): Promise<void>;
}
