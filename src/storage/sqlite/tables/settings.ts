/** Server settings on SQLite (ports/settings.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { type SettingsReader, type SettingsWriter } from '../../ports/settings.js';

export class SqliteSettings implements SettingsReader, SettingsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getSetting(key: string) {
    return this.#sql.get('SELECT value FROM settings WHERE key = ?', key)?.value as string | undefined;
  }
  async setSetting(key: string, value: string) {
    this.#sql.run(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      key,
      value,
    );
  }
  async addToSetting(key: string, delta: number) {
    const row = this.#sql.get(
      `INSERT INTO settings (key, value) VALUES (?, ?)
       ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + CAST(excluded.value AS INTEGER) RETURNING value`,
      key,
      delta,
    );
    return Number(row!.value);
  }
}
