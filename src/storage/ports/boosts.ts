/**
 * Chat boosts that people add to channels and supergroups (table `chat_boosts`; ADR 0044).
 *
 * Contract:
 * - A boost is active until it is removed: `removeChatBoost` sets `removed_at` once and answers
 *   whether it did (of two concurrent removals exactly one answers true), so that a boost is
 *   reported removed once, whether a person removed it or it expired.
 * - Lists of active boosts are ordered by add_date, then id.
 */

/** One boost (storage/sqlite/migrations/014-games-boosts-verification.sql). */
export interface ChatBoostRow {
  id: string;
  chat_pk: number;
  user_id: number;
  add_date: number;
  expiration_date: number;
  /** When it was removed or expired; null while active. */
  removed_at: number | null;
  /**
   * A boost a giveaway gave its winner (ChatBoostSourceGiveaway; ADR 0056): the giveaway message's
   * id; null (or absent) for a person's own boost, the only kind counted by countActiveBoostsOfUser.
   */
  giveaway_message_id?: number | null;
  /** The Stars of that giveaway (Stars giveaways only). */
  giveaway_prize_star_count?: number | null;
}

export interface BoostsReader {
  getChatBoost(id: string): Promise<ChatBoostRow | undefined>;
  /** The active boosts of a user in a chat. */
  listUserChatBoosts(chatPk: number, userId: number): Promise<ChatBoostRow[]>;
  /** How many active boosts of their own (not won in a giveaway) the user has, in every chat. */
  countActiveBoostsOfUser(userId: number): Promise<number>;
  /** Active boosts whose expiration_date is at or before `nowSec`, the earliest first. */
  listExpiredChatBoosts(nowSec: number, limit: number): Promise<ChatBoostRow[]>;
  /** The earliest expiration_date of an active boost, if any. */
  nextChatBoostExpiry(): Promise<number | undefined>;
}

export interface BoostsWriter {
  insertChatBoost(row: ChatBoostRow): Promise<void>;
  /** Marks an active boost removed; false when it was removed already (or never existed). */
  removeChatBoost(id: string, removedAt: number): Promise<boolean>;
}
