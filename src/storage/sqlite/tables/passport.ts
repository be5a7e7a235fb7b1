/** Passport data and errors on SQLite (ports/passport.ts). */
import type { SqlStatements } from '../sql-statements.js';
import { PASSPORT_SQL as SQL } from '../../sql/passport.js';
import type {
  PassportElementRow,
  PassportErrorRow,
  PassportReader,
  PassportWriter,
} from '../../ports/passport.js';

export class SqlitePassport implements PassportReader, PassportWriter {
  constructor(private readonly sql: SqlStatements) {}

  async listPassportElements(botId: number, userId: number) {
    return this.sql.all(SQL.listPassportElements, botId, userId) as unknown as PassportElementRow[];
  }
  async listPassportErrors(botId: number, userId: number) {
    return this.sql.all(SQL.listPassportErrors, botId, userId) as unknown as PassportErrorRow[];
  }
  async putPassportElement(row: PassportElementRow) {
    this.sql.run(SQL.putPassportElement, row.bot_id, row.user_id, row.type, row.hashes, row.shared_at);
  }
  async replacePassportErrors(botId: number, userId: number, types: string[], rows: PassportErrorRow[]) {
    await this.deletePassportErrors(botId, userId, types);
    for (const row of rows) {
      this.sql.run(
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
    for (const type of types) removed += this.sql.run(SQL.deletePassportErrors, botId, userId, type).changes;
    return removed;
  }
}
