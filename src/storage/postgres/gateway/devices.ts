/** People's devices on PostgreSQL (ports/gateway/devices.ts). No cache: every read goes to the database. */
import type { PgSql } from '../pg-sql.js';
import { GATEWAY_DEVICES_SQL as SQL } from '../../sql/gateway.js';
import type { DeviceRow, DevicesReader, DevicesWriter } from '../../ports/gateway/devices.js';

export class PgDevices implements DevicesReader, DevicesWriter {
  constructor(private readonly sql: PgSql) {}

  async listDevices(userId: number) {
    return (await this.sql.all(SQL.listDevices, userId)) as unknown as DeviceRow[];
  }
  async getDevice(id: number) {
    return (await this.sql.get(SQL.getDevice, id)) as DeviceRow | undefined;
  }
  async insertDevice(row: Omit<DeviceRow, 'id'>) {
    return (await this.sql.insert('devices', row, 'id'))!;
  }
  async updateDevice(id: number, patch: Partial<Omit<DeviceRow, 'id' | 'user_id'>>) {
    await this.sql.update('devices', 'id', id, patch);
  }
}
