/** Games, chat boosts and verification on PostgreSQL (ports/games.ts, ports/boosts.ts, ports/verification.ts). */
import type { PgSql } from '../pg-sql.js';
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

export class PgGames implements GamesReader, GamesWriter {
  constructor(private readonly sql: PgSql) {}

  async getGame(botId: number, shortName: string) {
    return (await this.sql.get(SQL.getGame, botId, shortName)) as GameRow | undefined;
  }
  async getGameScore(botId: number, shortName: string, chatPk: number, userId: number) {
    return (await this.sql.get(SQL.getGameScore, botId, shortName, chatPk, userId)) as
      GameScoreRow | undefined;
  }
  async listGameScores(botId: number, shortName: string, chatPk: number) {
    return (await this.sql.all(SQL.listGameScores, botId, shortName, chatPk)) as unknown as GameScoreRow[];
  }
  async insertGame(row: GameRow) {
    await this.sql.insert('games', row);
  }
  async setGameScore(row: GameScoreRow) {
    await this.sql.run(
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

export class PgBoosts implements BoostsReader, BoostsWriter {
  constructor(private readonly sql: PgSql) {}

  async getChatBoost(id: string) {
    return (await this.sql.get(SQL.getChatBoost, id)) as ChatBoostRow | undefined;
  }
  async listUserChatBoosts(chatPk: number, userId: number) {
    return (await this.sql.all(SQL.listUserChatBoosts, chatPk, userId)) as unknown as ChatBoostRow[];
  }
  async countActiveBoostsOfUser(userId: number) {
    const row = await this.sql.get(SQL.countActiveBoostsOfUser, userId);
    return Number(row?.n ?? 0);
  }
  async listExpiredChatBoosts(nowSec: number, limit: number) {
    return (await this.sql.all(SQL.listExpiredChatBoosts, nowSec, limit)) as unknown as ChatBoostRow[];
  }
  async nextChatBoostExpiry() {
    const row = await this.sql.get(SQL.nextChatBoostExpiry);
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertChatBoost(row: ChatBoostRow) {
    await this.sql.insert('chat_boosts', row);
  }
  async removeChatBoost(id: string, removedAt: number) {
    return (await this.sql.run(SQL.removeChatBoost, removedAt, id)) > 0;
  }
}

export class PgVerification implements VerificationReader, VerificationWriter {
  constructor(private readonly sql: PgSql) {}

  async getVerifier(botId: number) {
    return (await this.sql.get(SQL.getVerifier, botId)) as VerifierRow | undefined;
  }
  async getVerification(kind: VerificationTarget, targetId: number) {
    return (await this.sql.get(SQL.getVerification, kind, targetId)) as VerificationRow | undefined;
  }
  async setVerifier(row: VerifierRow) {
    await this.sql.run(SQL.setVerifier, row.bot_id, row.can_modify_custom_description, row.created_at);
  }
  async deleteVerifier(botId: number) {
    return (await this.sql.run(SQL.deleteVerifier, botId)) > 0;
  }
  async setVerification(row: VerificationRow) {
    await this.sql.run(
      SQL.setVerification,
      row.target_kind,
      row.target_id,
      row.bot_id,
      row.custom_description,
      row.verified_at,
    );
  }
  async deleteVerification(kind: VerificationTarget, targetId: number) {
    return (await this.sql.run(SQL.deleteVerification, kind, targetId)) > 0;
  }
}
