/** Games, chat boosts and verification on SQLite (ports/games.ts, ports/boosts.ts, ports/verification.ts). */
import type { Row, SqlStatements } from '../sql-statements.js';
import { GAMES_BOOSTS_VERIFICATION_SQL as SQL } from '../../sql/games-boosts-verification.js';
import type { GameRow, GameScoreRow, GamesReader, GamesWriter } from '../../ports/games.js';
import type { BoostsReader, BoostsWriter, ChatBoostRow } from '../../ports/boosts.js';
import type {
  VerificationReader,
  VerificationRow,
  VerificationTarget,
  VerificationWriter,
  VerifierRow,
} from '../../ports/verification.js';

export class SqliteGames implements GamesReader, GamesWriter {
  constructor(private readonly sql: SqlStatements) {}

  async getGame(botId: number, shortName: string) {
    return this.sql.get(SQL.getGame, botId, shortName) as GameRow | undefined;
  }
  async getGameScore(botId: number, shortName: string, chatPk: number, userId: number) {
    return this.sql.get(SQL.getGameScore, botId, shortName, chatPk, userId) as GameScoreRow | undefined;
  }
  async listGameScores(botId: number, shortName: string, chatPk: number) {
    return this.sql.all(SQL.listGameScores, botId, shortName, chatPk) as unknown as GameScoreRow[];
  }
  async insertGame(row: GameRow) {
    this.sql.insert('games', row);
  }
  async setGameScore(row: GameScoreRow) {
    this.sql.run(
      SQL.setGameScore,
      row.bot_id,
      row.short_name,
      row.chat_pk,
      row.user_id,
      row.score,
      row.updated_at,
    );
  }
}

export class SqliteBoosts implements BoostsReader, BoostsWriter {
  constructor(private readonly sql: SqlStatements) {}

  async getChatBoost(id: string) {
    return this.sql.get(SQL.getChatBoost, id) as ChatBoostRow | undefined;
  }
  async listUserChatBoosts(chatPk: number, userId: number) {
    return this.sql.all(SQL.listUserChatBoosts, chatPk, userId) as unknown as ChatBoostRow[];
  }
  async countActiveBoostsOfUser(userId: number) {
    const row = this.sql.get(SQL.countActiveBoostsOfUser, userId);
    return Number(row?.n ?? 0);
  }
  async listExpiredChatBoosts(nowSec: number, limit: number) {
    return this.sql.all(SQL.listExpiredChatBoosts, nowSec, limit) as unknown as ChatBoostRow[];
  }
  async nextChatBoostExpiry() {
    const row = this.sql.get(SQL.nextChatBoostExpiry);
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertChatBoost(row: ChatBoostRow) {
    this.sql.insert('chat_boosts', row);
  }
  async removeChatBoost(id: string, removedAt: number) {
    return this.sql.run(SQL.removeChatBoost, removedAt, id).changes > 0;
  }
}

function toVerifier(row: Row | undefined): VerifierRow | undefined {
  if (!row) return undefined;
  return {
    ...(row as unknown as VerifierRow),
    can_modify_custom_description: row.can_modify_custom_description === 1,
  };
}

export class SqliteVerification implements VerificationReader, VerificationWriter {
  constructor(private readonly sql: SqlStatements) {}

  async getVerifier(botId: number) {
    return toVerifier(this.sql.get(SQL.getVerifier, botId));
  }
  async getVerification(kind: VerificationTarget, targetId: number) {
    return this.sql.get(SQL.getVerification, kind, targetId) as VerificationRow | undefined;
  }
  async setVerifier(row: VerifierRow) {
    this.sql.run(SQL.setVerifier, row.bot_id, row.can_modify_custom_description ? 1 : 0, row.created_at);
  }
  async deleteVerifier(botId: number) {
    return this.sql.run(SQL.deleteVerifier, botId).changes > 0;
  }
  async setVerification(row: VerificationRow) {
    this.sql.run(
      SQL.setVerification,
      row.target_kind,
      row.target_id,
      row.bot_id,
      row.custom_description,
      row.verified_at,
    );
  }
  async deleteVerification(kind: VerificationTarget, targetId: number) {
    return this.sql.run(SQL.deleteVerification, kind, targetId).changes > 0;
  }
}
