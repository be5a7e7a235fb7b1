/** Server settings on PostgreSQL (ports/settings.ts). */
import type { PgSql } from '../pg-sql.js';
import type { SettingsReader, SettingsWriter } from '../../ports/settings.js';
import { SETTINGS_SQL as SQL } from '../../sql/settings.js';

/** Slots a guard's key hashes to (migration 029): a bounded table, and rare false conflicts. */
const GUARD_SLOTS = 4096;
const GUARD_TAIL = 'ON CONFLICT (slot) DO UPDATE SET n = write_guards.n + 1';
const GUARD = {
  sql: `INSERT INTO write_guards (slot) VALUES (?) ${GUARD_TAIL}`,
  key: ['slot'],
  tail: GUARD_TAIL,
};

/** A key's slot: FNV-1a of its characters. */
export function guardSlot(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % GUARD_SLOTS;
}

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
  /**
   * Upserts the key's slot with the write's next statement (no round trip): a write that upserted
   * it since this one's snapshot fails this one's statement with 40001, and the write runs again.
   */
  async guardWrite(key: string) {
    await this.sql.insertLater('write_guards', { slot: guardSlot(key) }, GUARD);
  }
}
