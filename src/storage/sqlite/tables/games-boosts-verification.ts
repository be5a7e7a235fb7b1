/** Games, chat boosts and verification on SQLite (ports/games.ts, ports/boosts.ts, ports/verification.ts). */
import type { Row, SqlStatements } from '../sql-statements.js';
import type { GameRow, GameScoreRow, GamesReader, GamesWriter } from '../../ports/games.js';
import type { BoostsReader, BoostsWriter, ChatBoostRow } from '../../ports/boosts.js';
import type {
  VerificationReader,
  VerificationRow,
  VerificationTarget,
  VerificationWriter,
  VerifierRow,
} from '../../ports/verification.js';

const ACTIVE = 'removed_at IS NULL';

export class SqliteGames implements GamesReader, GamesWriter {
  constructor(private readonly sql: SqlStatements) {}

  async getGame(botId: number, shortName: string) {
    return this.sql.get('SELECT * FROM games WHERE bot_id = ? AND short_name = ?', botId, shortName) as
      GameRow | undefined;
  }
  async getGameScore(botId: number, shortName: string, chatPk: number, userId: number) {
    return this.sql.get(
      'SELECT * FROM game_scores WHERE bot_id = ? AND short_name = ? AND chat_pk = ? AND user_id = ?',
      botId,
      shortName,
      chatPk,
      userId,
    ) as GameScoreRow | undefined;
  }
  async listGameScores(botId: number, shortName: string, chatPk: number) {
    return this.sql.all(
      `SELECT * FROM game_scores WHERE bot_id = ? AND short_name = ? AND chat_pk = ?
       ORDER BY score DESC, updated_at, user_id`,
      botId,
      shortName,
      chatPk,
    ) as unknown as GameScoreRow[];
  }
  async insertGame(row: GameRow) {
    this.sql.insert('games', row);
  }
  async setGameScore(row: GameScoreRow) {
    this.sql.run(
      `INSERT INTO game_scores (bot_id, short_name, chat_pk, user_id, score, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (bot_id, short_name, chat_pk, user_id) DO UPDATE SET score = excluded.score,
       updated_at = excluded.updated_at`,
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
    return this.sql.get('SELECT * FROM chat_boosts WHERE id = ?', id) as ChatBoostRow | undefined;
  }
  async listUserChatBoosts(chatPk: number, userId: number) {
    return this.sql.all(
      `SELECT * FROM chat_boosts WHERE chat_pk = ? AND user_id = ? AND ${ACTIVE} ORDER BY add_date, id`,
      chatPk,
      userId,
    ) as unknown as ChatBoostRow[];
  }
  async countActiveBoostsOfUser(userId: number) {
    const row = this.sql.get(
      `SELECT COUNT(*) AS n FROM chat_boosts WHERE user_id = ? AND ${ACTIVE} AND giveaway_message_id IS NULL`,
      userId,
    );
    return Number(row?.n ?? 0);
  }
  async listExpiredChatBoosts(nowSec: number, limit: number) {
    return this.sql.all(
      `SELECT * FROM chat_boosts WHERE ${ACTIVE} AND expiration_date <= ? ORDER BY expiration_date, id LIMIT ?`,
      nowSec,
      limit,
    ) as unknown as ChatBoostRow[];
  }
  async nextChatBoostExpiry() {
    const row = this.sql.get(`SELECT MIN(expiration_date) AS at FROM chat_boosts WHERE ${ACTIVE}`);
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
  async insertChatBoost(row: ChatBoostRow) {
    this.sql.insert('chat_boosts', row);
  }
  async removeChatBoost(id: string, removedAt: number) {
    return (
      this.sql.run(`UPDATE chat_boosts SET removed_at = ? WHERE id = ? AND ${ACTIVE}`, removedAt, id)
        .changes > 0
    );
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
    return toVerifier(this.sql.get('SELECT * FROM bot_verifiers WHERE bot_id = ?', botId));
  }
  async getVerification(kind: VerificationTarget, targetId: number) {
    return this.sql.get(
      'SELECT * FROM verifications WHERE target_kind = ? AND target_id = ?',
      kind,
      targetId,
    ) as VerificationRow | undefined;
  }
  async setVerifier(row: VerifierRow) {
    this.sql.run(
      `INSERT INTO bot_verifiers (bot_id, can_modify_custom_description, created_at) VALUES (?, ?, ?)
       ON CONFLICT (bot_id) DO UPDATE SET can_modify_custom_description = excluded.can_modify_custom_description`,
      row.bot_id,
      row.can_modify_custom_description ? 1 : 0,
      row.created_at,
    );
  }
  async deleteVerifier(botId: number) {
    return this.sql.run('DELETE FROM bot_verifiers WHERE bot_id = ?', botId).changes > 0;
  }
  async setVerification(row: VerificationRow) {
    this.sql.run(
      `INSERT INTO verifications (target_kind, target_id, bot_id, custom_description, verified_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (target_kind, target_id) DO UPDATE SET bot_id = excluded.bot_id,
       custom_description = excluded.custom_description, verified_at = excluded.verified_at`,
      row.target_kind,
      row.target_id,
      row.bot_id,
      row.custom_description,
      row.verified_at,
    );
  }
  async deleteVerification(kind: VerificationTarget, targetId: number) {
    return (
      this.sql.run('DELETE FROM verifications WHERE target_kind = ? AND target_id = ?', kind, targetId)
        .changes > 0
    );
  }
}
