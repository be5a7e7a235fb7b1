/** People's devices on SQLite (ports/gateway/devices.ts), cached by user (ADR 0015). */
import { LruMap } from '../../lru-map.js';
import { copyAll, remember } from './row-helpers.js';
import type { Row, SqlStatements } from '../sql-statements.js';
import { GATEWAY_DEVICES_SQL as SQL } from '../../sql/gateway.js';
import type { DeviceRow, DevicesReader, DevicesWriter } from '../../ports/gateway/devices.js';
import type { CachedArea } from '../../ports/events.js';

function toDevice(row: Row | undefined): DeviceRow | undefined {
  return row ? ({ ...row, online: row.online === 1 } as unknown as DeviceRow) : undefined;
}

export class SqliteDevices implements DevicesReader, DevicesWriter {
  /** Devices by user id (only users that have some). */
  readonly #devices = new LruMap<number, DeviceRow[]>();

  constructor(private readonly sql: SqlStatements) {}

  /** Drops a user's cached devices (`id` is the user's), changed elsewhere. */
  forgetCached(area: CachedArea, id: number): void {
    if (area === 'devices') this.#devices.delete(id);
  }

  /** Drops every cached row; called on each rollback (of a savepoint or a batch). */
  forgetUncommitted(): void {
    this.#devices.clear();
  }

  async listDevices(userId: number) {
    let rows = this.#devices.get(userId);
    if (!rows) {
      rows = this.sql.all(SQL.listDevices, userId).map((r) => toDevice(r)!);
      // A user without devices is about to get the default one: not worth an entry.
      if (rows.length === 0) return rows;
      remember(this.#devices, userId, rows);
    }
    return copyAll(rows);
  }
  async getDevice(id: number) {
    return toDevice(this.sql.get(SQL.getDevice, id));
  }
  async insertDevice(row: Omit<DeviceRow, 'id'>) {
    this.#devices.delete(row.user_id);
    return Number(this.sql.insert('devices', row).lastInsertRowid);
  }
  async updateDevice(id: number, patch: Partial<Omit<DeviceRow, 'id' | 'user_id'>>) {
    // Rare (the control API): not worth finding the one entry.
    this.#devices.clear();
    this.sql.update('devices', 'id', id, patch);
  }
}
