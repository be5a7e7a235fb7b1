/**
 * Passport data people shared with bots and the errors bots set on it (tables `passport_elements`,
 * `passport_errors`; src/platform/passport/, ADR 0054). A bot's public key is a setting
 * (`passport.public_key.<bot id>`, ports/settings.ts).
 *
 * Contract:
 * - `putPassportElement` keeps one row per (bot, user, type), replacing the earlier share whole.
 * - `listPassportElements` answers a person's elements shared with a bot, by type.
 * - `replacePassportErrors` deletes the (bot, user) errors of every type in `types`, then inserts
 *   `rows` (each of one of those types); `listPassportErrors` answers them by seq (the caller
 *   numbers errors upwards per (bot, user) across calls, so this is the order they were set in).
 * - `deletePassportErrors` removes the (bot, user) errors of the given types and answers how many.
 * - Nothing here is cached.
 */

export interface PassportElementRow {
  bot_id: number;
  user_id: number;
  /** The element type (personal_details, passport, ...). */
  type: string;
  /** JSON of the element's hashes (platform/passport/passport-elements.ts SharedElementHashes). */
  hashes: string;
  shared_at: number;
}

export interface PassportErrorRow {
  bot_id: number;
  user_id: number;
  type: string;
  /** Its place among the (bot, user) errors: the caller numbers them upwards, call after call. */
  seq: number;
  /** JSON of the PassportElementError as the bot gave it. */
  error: string;
  created_at: number;
}

export interface PassportReader {
  listPassportElements(botId: number, userId: number): Promise<PassportElementRow[]>;
  listPassportErrors(botId: number, userId: number): Promise<PassportErrorRow[]>;
}

export interface PassportWriter {
  putPassportElement(row: PassportElementRow): Promise<void>;
  replacePassportErrors(
    botId: number,
    userId: number,
    types: string[],
    rows: PassportErrorRow[],
  ): Promise<void>;
  deletePassportErrors(botId: number, userId: number, types: string[]): Promise<number>;
}
