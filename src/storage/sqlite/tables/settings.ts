/** Server settings on SQLite (ports/settings.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { type SettingsReader, type SettingsWriter } from '../../ports/settings.js';
import { SETTINGS_SQL as SQL } from '../../sql/settings.js';

export class SqliteSettings implements SettingsReader, SettingsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getSetting(key: string) {
    return this.#sql.get(SQL.getSetting, key)?.value as string | undefined;
  }
  async setSetting(key: string, value: string) {
    this.#sql.run(SQL.setSetting, key, value);
  }
  async addToSetting(key: string, delta: number) {
    const row = this.#sql.get(SQL.addToSetting.sqlite, key, delta);
    return Number(row!.value);
  }
  /** One writer at a time: no write decides while another changes the rows (ports/settings.ts). */
  async guardWrite(_key: string) {}
}
