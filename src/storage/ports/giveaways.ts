/**
 * Giveaways that channel and supergroup administrators start (table `giveaways`; SQLite 027,
 * PostgreSQL 017; ADR 0056).
 *
 * Contract:
 * - A giveaway is pending until it is completed: `completeGiveaway` sets `completed_at` once and
 *   answers whether it did (of two concurrent completions exactly one answers true), so that the
 *   winners are drawn, paid and announced once.
 * - Due giveaways are listed by winners_selection_date, then id.
 */

/** One giveaway (storage/sqlite/migrations/027-giveaways.sql). */
export interface GiveawayRow {
  id: string;
  chat_pk: number;
  /** The person who started it (an administrator of the chat). */
  creator_id: number;
  /** The `giveaway` message in the chat. */
  message_id: number;
  started_at: number;
  winners_selection_date: number;
  winner_count: number;
  only_new_members: boolean;
  has_public_winners: boolean;
  prize_description: string | null;
  /** JSON array of ISO 3166-1 alpha-2 codes. */
  country_codes: string;
  /** Stars giveaways: the Stars split between the winners (taken from the creator at the start). */
  prize_star_count: number | null;
  /** Premium giveaways: the months of the prize. */
  premium_months: number | null;
  /** JSON array of the user ids present in the chat at the start (for only_new_members). */
  members_at_start: string;
  /** When the winners were drawn; null while pending. */
  completed_at: number | null;
  /** JSON array of the winners' user ids once completed. */
  winners: string | null;
}

export interface GiveawaysReader {
  getGiveaway(chatPk: number, messageId: number): Promise<GiveawayRow | undefined>;
  /** Pending giveaways whose winners_selection_date is at or before `nowSec`, the earliest first. */
  listDueGiveaways(nowSec: number, limit: number): Promise<GiveawayRow[]>;
  /** The earliest winners_selection_date of a pending giveaway, if any. */
  nextGiveawayDue(): Promise<number | undefined>;
}

export interface GiveawaysWriter {
  insertGiveaway(row: GiveawayRow): Promise<void>;
  /** Completes a pending giveaway with its winners; false when it was completed already. */
  completeGiveaway(id: string, completedAt: number, winnerIds: number[]): Promise<boolean>;
}
