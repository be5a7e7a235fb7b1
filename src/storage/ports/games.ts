/**
 * Games and their high scores (tables `games`, `game_scores`; ADR 0044).
 *
 * Contract:
 * - A game is named by its bot and short name; a second game of the same bot and short name is a
 *   UniqueViolation.
 * - One score per (bot, game, chat, user); `setGameScore` replaces it.
 * - `listGameScores` orders the table: higher score first, then the earlier score, then user id.
 */

/** A game that an operator registered for a bot (storage/sqlite/migrations/014-games-boosts-verification.sql). */
export interface GameRow {
  bot_id: number;
  short_name: string;
  title: string;
  description: string;
  created_at: number;
}

/** A user's score in a game, in one chat (the game's high-score table is per chat). */
export interface GameScoreRow {
  bot_id: number;
  short_name: string;
  chat_pk: number;
  user_id: number;
  score: number;
  updated_at: number;
}

export interface GamesReader {
  getGame(botId: number, shortName: string): Promise<GameRow | undefined>;
  getGameScore(
    botId: number,
    shortName: string,
    chatPk: number,
    userId: number,
  ): Promise<GameScoreRow | undefined>;
  /** The high-score table of a game in a chat, best first (see the contract). */
  listGameScores(botId: number, shortName: string, chatPk: number): Promise<GameScoreRow[]>;
}

export interface GamesWriter {
  insertGame(row: GameRow): Promise<void>;
  setGameScore(row: GameScoreRow): Promise<void>;
}
