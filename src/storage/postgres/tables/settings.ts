/** Server settings on PostgreSQL (ports/settings.ts). */
import type { PgSql } from '../pg-sql.js';
import type { SettingsReader, SettingsWriter } from '../../ports/settings.js';
import { SETTINGS_SQL as SQL } from '../../sql/settings.js';

export class PgSettings implements SettingsReader, SettingsWriter {
  constructor(private readonly sql: PgSql) {}

  async getSetting(key: string) {
    return (await this.sql.get(SQL.getSetting, key))?.value as string | undefined;
  }
  async setSetting(key: string, value: string) {
    await this.sql.run(SQL.setSetting, key, value);
  }
  async addToSetting(key: string, delta: number) {
    const row = await this.sql.get(SQL.addToSetting.postgres, key, String(delta));
    return Number(row!.value);
  }
}
