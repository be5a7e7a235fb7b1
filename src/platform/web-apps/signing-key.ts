/**
 * Parley's Ed25519 key pair for the `signature` of Mini App launch data: a 32-byte seed kept in the
 * settings table, made on first use (one per data location, so every node of a shared database signs
 * with the same key). The public key is published by the control API (GET /control/web-apps/key)
 * and documented in docs/mini-apps.md; it is Parley's own, not the reference platform's.
 */
import type { KeyObject } from 'node:crypto';
import type { PlatformDeps } from '../core/platform-deps.js';
import { ed25519PrivateKey, ed25519PublicKeyHex } from './launch-data.js';

export const WEB_APP_KEY_SETTING = 'web_apps.ed25519_seed';

export interface SigningKey {
  privateKey: KeyObject;
  /** The raw public key as 64 hex digits. */
  publicKeyHex: string;
}

export class WebAppSigningKey {
  #key: Promise<SigningKey> | undefined;

  constructor(private readonly deps: PlatformDeps) {}

  get(): Promise<SigningKey> {
    // Made inside a write, so two first uses at once agree on one key.
    this.#key ??= this.deps.store
      .write(async (tx) => {
        const existing = await tx.getSetting(WEB_APP_KEY_SETTING);
        if (existing !== undefined) return existing;
        const made = this.deps.random.bytes(32).toString('hex');
        await tx.setSetting(WEB_APP_KEY_SETTING, made);
        return made;
      })
      .then((hex) => {
        const privateKey = ed25519PrivateKey(Buffer.from(hex, 'hex'));
        return { privateKey, publicKeyHex: ed25519PublicKeyHex(privateKey) };
      });
    this.#key.catch(() => (this.#key = undefined));
    return this.#key;
  }
}
