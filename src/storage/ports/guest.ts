/**
 * Guest mode (table `guest_queries`; src/platform/guest/, ADR 0047).
 *
 * Contract:
 * - `answerGuestQuery` records an answer once: of two concurrent answers exactly one returns true.
 */

/** A person's message that summoned a bot into a chat the bot is not a member of. */
export interface GuestQueryRow {
  id: string;
  bot_id: number;
  chat_pk: number;
  /** The summoning message. */
  message_id: number;
  /** The person who summoned the bot (guest_bot_caller_user of the answer). */
  caller_id: number;
  created_at: number;
  answered_at: number | null;
}

export interface GuestReader {
  getGuestQuery(id: string): Promise<GuestQueryRow | undefined>;
}

export interface GuestWriter {
  insertGuestQuery(row: GuestQueryRow): Promise<void>;
  /** Marks the query answered unless it was already; returns whether it was marked. */
  answerGuestQuery(id: string, answeredAt: number): Promise<boolean>;
  /** Deletes guest queries created before `beforeSec`; returns how many. */
  deleteGuestQueriesBefore(beforeSec: number): Promise<number>;
}
