/**
 * The gateway's server key: 32 random bytes kept in the settings table, made on first use. It keys
 * the HMACs that find accounts by token and that store verification codes (ADR 0010), so neither a
 * token nor a code can be checked against a copy of those columns without it.
 */
import { createHmac } from 'node:crypto';
import type { PlatformDeps } from '../core/platform-deps.js';

export const SERVER_KEY_SETTING = 'gateway.server_key';

export type KeyPurpose = 'token' | 'code';

export class ServerKey {
  #key: Promise<Buffer> | undefined;
  /** The derived keys, made once per purpose (each costs an HMAC of its own). */
  readonly #derived = new Map<KeyPurpose, Buffer>();

  constructor(private readonly deps: PlatformDeps) {}

  /** HMAC-SHA-256 of `data` under the key derived for `purpose`, as hex. */
  async hmac(purpose: KeyPurpose, data: string): Promise<string> {
    let derived = this.#derived.get(purpose);
    if (!derived) {
      const key = await this.#load();
      derived = createHmac('sha256', key).update(`parley-gateway:${purpose}`).digest();
      this.#derived.set(purpose, derived);
    }
    return createHmac('sha256', derived).update(data).digest('hex');
  }

  #load(): Promise<Buffer> {
    // Made inside a write, so two first uses at once agree on one key.
    this.#key ??= this.deps.store
      .write(async (tx) => {
        const existing = await tx.getSetting(SERVER_KEY_SETTING);
        if (existing !== undefined) return existing;
        const made = this.deps.random.bytes(32).toString('hex');
        await tx.setSetting(SERVER_KEY_SETTING, made);
        return made;
      })
      .then((hex) => Buffer.from(hex, 'hex'));
    this.#key.catch(() => (this.#key = undefined));
    return this.#key;
  }
}
