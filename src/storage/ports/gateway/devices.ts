/**
 * People's devices (table `devices`): where verification messages are received and acknowledged.
 *
 * Contract:
 * - `listDevices` answers in id order and may come from an adapter's cache (every send reads it);
 *   a write through this port updates or drops the entry, a rollback drops it.
 */

export interface DeviceRow {
  id: number;
  user_id: number;
  name: string;
  online: boolean;
  /** Seconds from a message reaching the online device to its receipt acknowledgement. */
  receipt_delay: number;
  /** Seconds from receipt to the read acknowledgement; null: only when the person reads it. */
  read_delay: number | null;
  created_at: number;
}

export interface DevicesReader {
  listDevices(userId: number): Promise<DeviceRow[]>;
  getDevice(id: number): Promise<DeviceRow | undefined>;
}

export interface DevicesWriter {
  insertDevice(row: Omit<DeviceRow, 'id'>): Promise<number>;
  updateDevice(id: number, patch: Partial<Omit<DeviceRow, 'id' | 'user_id'>>): Promise<void>;
}
