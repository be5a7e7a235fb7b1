/** Passport data and errors on PostgreSQL (ports/passport.ts). */
import type { PgSql } from '../pg-sql.js';
import type {
  PassportElementRow,
  PassportErrorRow,
  PassportReader,
  PassportWriter,
} from '../../ports/passport.js';

export class PgPassport implements PassportReader, PassportWriter {
  constructor(private readonly sql: PgSql) {}

  async listPassportElements(botId: number, userId: number) {
    return (await this.sql.all(
      `SELECT bot_id, user_id, type, hashes, shared_at FROM passport_elements
       WHERE bot_id = ? AND user_id = ? ORDER BY type`,
      botId,
      userId,
    )) as unknown as PassportElementRow[];
  }
  async listPassportErrors(botId: number, userId: number) {
    return (await this.sql.all(
      `SELECT bot_id, user_id, type, seq, error, created_at FROM passport_errors
       WHERE bot_id = ? AND user_id = ? ORDER BY seq, type`,
      botId,
      userId,
    )) as unknown as PassportErrorRow[];
  }
  async putPassportElement(row: PassportElementRow) {
    await this.sql.run(
      `INSERT INTO passport_elements (bot_id, user_id, type, hashes, shared_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (bot_id, user_id, type) DO UPDATE SET hashes = excluded.hashes, shared_at = excluded.shared_at`,
      row.bot_id,
      row.user_id,
      row.type,
      row.hashes,
      row.shared_at,
    );
  }
  async replacePassportErrors(botId: number, userId: number, types: string[], rows: PassportErrorRow[]) {
    await this.deletePassportErrors(botId, userId, types);
    for (const row of rows) {
      await this.sql.run(
        `INSERT INTO passport_errors (bot_id, user_id, type, seq, error, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
        row.bot_id,
        row.user_id,
        row.type,
        row.seq,
        row.error,
        row.created_at,
      );
    }
  }
  async deletePassportErrors(botId: number, userId: number, types: string[]) {
    let removed = 0;
    for (const type of types) {
      removed += await this.sql.run(
        'DELETE FROM passport_errors WHERE bot_id = ? AND user_id = ? AND type = ?',
        botId,
        userId,
        type,
      );
    }
    return removed;
  }
}
