/**
 * Verification of users and chats by verifier bots (tables `bot_verifiers`, `verifications`;
 * ADR 0044).
 *
 * Contract:
 * - A bot is a verifier while it has a `bot_verifiers` row; `setVerifier` replaces it.
 * - A user or chat has at most one verification (by one verifier bot); `setVerification` replaces it.
 */

/** A bot that an operator made a verifier (storage/sqlite/migrations/014-games-boosts-verification.sql). */
export interface VerifierRow {
  bot_id: number;
  /** Whether its verifications may carry their own custom_description. */
  can_modify_custom_description: boolean;
  created_at: number;
}

export type VerificationTarget = 'user' | 'chat';

export interface VerificationRow {
  target_kind: VerificationTarget;
  /** The user's id, or the chat's id (as bots see it). */
  target_id: number;
  bot_id: number;
  custom_description: string | null;
  verified_at: number;
}

export interface VerificationReader {
  getVerifier(botId: number): Promise<VerifierRow | undefined>;
  getVerification(kind: VerificationTarget, targetId: number): Promise<VerificationRow | undefined>;
}

export interface VerificationWriter {
  setVerifier(row: VerifierRow): Promise<void>;
  /** Answers whether there was a row to delete. */
  deleteVerifier(botId: number): Promise<boolean>;
  setVerification(row: VerificationRow): Promise<void>;
  /** Answers whether there was a row to delete. */
  deleteVerification(kind: VerificationTarget, targetId: number): Promise<boolean>;
}
