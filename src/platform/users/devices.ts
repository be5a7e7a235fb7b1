/**
 * Devices: a person's clients (ADR 0011). Each person has at least one; a person without a stored
 * device has the default one (online, acknowledges receipt at once, reads only when the person does),
 * made on first use so that people created before devices existed, or by any path, have it too.
 *
 * A device is online or offline. An online device acknowledges receipt of a message that reaches it
 * `receipt_delay` seconds later, and reports it read `read_delay` seconds after receipt (null: only
 * when the person reads it through the control API). Both delays follow the virtual clock. What a
 * receipt or a read changes belongs to whoever sent the message (today the gateway), which registers
 * a hook that runs in the same transaction as a device coming online.
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Users } from './users.js';
import type { DeviceRow } from '../../storage/gateway-store.js';
import type { GatewayTx } from '../core/store-ports.js';

export const DEFAULT_DEVICE = { name: 'Phone', online: true, receipt_delay: 0, read_delay: null } as const;
/** Longest acknowledgement delay: one day. */
export const MAX_DEVICE_DELAY = 86_400;

export interface DeviceInput {
  name?: string | undefined;
  online?: boolean | undefined;
  receipt_delay?: number | undefined;
  read_delay?: number | null | undefined;
}

export interface DeviceView {
  id: number;
  user_id: number;
  name: string;
  online: boolean;
  receipt_delay: number;
  read_delay: number | null;
}

export function deviceView(row: DeviceRow): DeviceView {
  const { id, user_id, name, online, receipt_delay, read_delay } = row;
  return { id, user_id, name, online, receipt_delay, read_delay };
}

/** Runs inside the transaction in which a person's device came online, at virtual ms `atMs`. */
export type OnlineHook = (tx: GatewayTx, userId: number, atMs: number) => Promise<void>;

function checkDelay(value: number | null | undefined, field: string, nullable: boolean): void {
  if (value === undefined || (value === null && nullable)) return;
  if (value === null || !Number.isInteger(value) || value < 0 || value > MAX_DEVICE_DELAY) {
    throw new PlatformError(
      'BAD_REQUEST',
      `${field} must be an integer from 0 to ${MAX_DEVICE_DELAY} seconds`,
    );
  }
}

function checkInput(input: DeviceInput): void {
  if (input.name !== undefined && (input.name.trim() === '' || [...input.name].length > 64)) {
    throw new PlatformError('BAD_REQUEST', 'name must be 1-64 characters');
  }
  checkDelay(input.receipt_delay, 'receipt_delay', false);
  checkDelay(input.read_delay, 'read_delay', true);
}

export class Devices {
  readonly #onlineHooks: OnlineHook[] = [];

  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
  ) {}

  /** Registers work to do when a device of a person comes online (in the same transaction). */
  whenOnline(hook: OnlineHook): void {
    this.#onlineHooks.push(hook);
  }

  /** The person's devices, oldest first; the default device is made here on first use. */
  async ofUser(tx: GatewayTx, userId: number): Promise<DeviceRow[]> {
    const rows = await tx.gateway.listDevices(userId);
    if (rows.length > 0) return rows;
    // Made once: two first uses at once decide on rows the other inserts (ADR 0129).
    await tx.guardWrite(`devices:${userId}`);
    const row = { user_id: userId, ...DEFAULT_DEVICE, created_at: this.deps.clock.now() };
    return [{ id: await tx.gateway.insertDevice(row), ...row }];
  }

  async list(userRef: string): Promise<DeviceRow[]> {
    const user = await this.users.resolve(userRef, 'user');
    return this.deps.store.write((tx) => this.ofUser(tx, user.id));
  }

  /** Adds a device (the default one stays). */
  async add(userRef: string, input: DeviceInput): Promise<DeviceRow> {
    checkInput(input);
    const user = await this.users.resolve(userRef, 'user');
    return this.deps.store.write(async (tx) => {
      await this.ofUser(tx, user.id);
      const row = {
        user_id: user.id,
        name: input.name?.trim() ?? 'Device',
        online: input.online ?? true,
        receipt_delay: input.receipt_delay ?? DEFAULT_DEVICE.receipt_delay,
        read_delay: input.read_delay ?? DEFAULT_DEVICE.read_delay,
        created_at: this.deps.clock.now(),
      };
      const device = { id: await tx.gateway.insertDevice(row), ...row };
      if (device.online) await this.#cameOnline(tx, user.id);
      return device;
    });
  }

  /** Changes a device's name, state or delays. */
  async update(deviceId: number, input: DeviceInput): Promise<DeviceRow> {
    checkInput(input);
    return this.deps.store.write(async (tx) => {
      const device = await tx.gateway.getDevice(deviceId);
      if (!device) throw new PlatformError('DEVICE_NOT_FOUND', `no device ${deviceId}`);
      const patch: Partial<DeviceRow> = {};
      if (input.name !== undefined) patch.name = input.name.trim();
      if (input.online !== undefined) patch.online = input.online;
      if (input.receipt_delay !== undefined) patch.receipt_delay = input.receipt_delay;
      if (input.read_delay !== undefined) patch.read_delay = input.read_delay;
      await tx.gateway.updateDevice(device.id, patch);
      if (input.online === true && !device.online) await this.#cameOnline(tx, device.user_id);
      return { ...device, ...patch };
    });
  }

  /** Sets every device of the person (or the one given) online or offline; answers all of them. */
  async setOnline(userRef: string, online: boolean, deviceId?: number): Promise<DeviceRow[]> {
    const user = await this.users.resolve(userRef, 'user');
    return this.deps.store.write(async (tx) => {
      const devices = await this.ofUser(tx, user.id);
      const targets = deviceId === undefined ? devices : devices.filter((d) => d.id === deviceId);
      if (targets.length === 0)
        throw new PlatformError('DEVICE_NOT_FOUND', `${userRef} has no device ${deviceId}`);
      let cameOnline = false;
      for (const device of targets) {
        if (device.online === online) continue;
        cameOnline ||= online;
        await tx.gateway.updateDevice(device.id, { online });
        device.online = online;
      }
      if (cameOnline) await this.#cameOnline(tx, user.id);
      return devices;
    });
  }

  async #cameOnline(tx: GatewayTx, userId: number): Promise<void> {
    const at = this.deps.clock.nowMs();
    for (const hook of this.#onlineHooks) await hook(tx, userId, at);
  }
}
