/**
 * Managed bots (table `managed_bots`): bots a person created to be managed by another bot, with
 * their access settings. src/platform/managed-bots/, ADR 0049.
 *
 * Contract: one row per managed bot (bot_id unique); `updateManagedBot` is atomic per call.
 */

export interface ManagedBotRow {
  bot_id: number;
  /** The person who created the bot. */
  owner_id: number;
  /** The bot that manages it. */
  manager_id: number;
  access_restricted: boolean;
  /** JSON array of the user ids that may use the bot besides its owner (when restricted). */
  added_user_ids: string;
  created_at: number;
}

export interface ManagedBotsReader {
  getManagedBot(botId: number): Promise<ManagedBotRow | undefined>;
}

export interface ManagedBotsWriter {
  insertManagedBot(row: ManagedBotRow): Promise<void>;
  updateManagedBot(
    botId: number,
    patch: Partial<Pick<ManagedBotRow, 'access_restricted' | 'added_user_ids'>>,
  ): Promise<void>;
}
