/** Passport data and errors on PostgreSQL (ports/passport.ts). */
import type { PgSql } from '../pg-sql.js';
import { PASSPORT_SQL as SQL } from '../../sql/passport.js';
import type {
  PassportElementRow,
  PassportErrorRow,
  PassportReader,
  PassportWriter,
} from '../../ports/passport.js';

export class PgPassport implements PassportReader, PassportWriter {
  constructor(private readonly sql: PgSql) {}

  async listPassportElements(botId: number, userId: number) {
    return (await this.sql.all(SQL.listPassportElements, botId, userId)) as unknown as PassportElementRow[];
  }
  async listPassportErrors(botId: number, userId: number) {
    return (await this.sql.all(SQL.listPassportErrors, botId, userId)) as unknown as PassportErrorRow[];
  }
  async putPassportElement(row: PassportElementRow) {
    await this.sql.run(SQL.putPassportElement, row.bot_id, row.user_id, row.type, row.hashes, row.shared_at);
  }
  async replacePassportErrors(botId: number, userId: number, types: string[], rows: PassportErrorRow[]) {
    await this.deletePassportErrors(botId, userId, types);
    for (const row of rows) {
      await this.sql.run(
        SQL.insertPassportError,
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
    for (const type of types) removed += await this.sql.run(SQL.deletePassportErrors, botId, userId, type);
    return removed;
  }
}
