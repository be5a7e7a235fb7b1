/** Server settings on PostgreSQL (ports/settings.ts). */
import type { PgSql } from '../pg-sql.js';
import type { SettingsReader, SettingsWriter } from '../../ports/settings.js';

export class PgSettings implements SettingsReader, SettingsWriter {
  constructor(private readonly sql: PgSql) {}

  async getSetting(key: string) {
    return (await this.sql.get('SELECT value FROM settings WHERE key = ?', key))?.value as string | undefined;
  }
  async setSetting(key: string, value: string) {
    await this.sql.run(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      key,
      value,
    );
  }
  async addToSetting(key: string, delta: number) {
    const row = await this.sql.get(
      `INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE
       SET value = (CAST(settings.value AS BIGINT) + CAST(excluded.value AS BIGINT))::text RETURNING value`,
      key,
      String(delta),
    );
    return Number(row!.value);
  }
}
