/**
 * Web client sessions (ADR 0055). A session is one device of a person (each browser tab signs in as
 * a device); its token is `w1.<user id>.<device id>.<secret>`. The store keeps only the secret's
 * SHA-256 (setting `web.session.<device id>`), so a leaked database does not sign anyone in; a token
 * is checked by comparing digests in constant time. Signing out empties the setting: the token is
 * refused from then on, on every node of a shared database.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../storage/store.js';

export interface WebSession {
  userId: number;
  deviceId: number;
}

const PREFIX = 'w1';
const settingKey = (deviceId: number) => `web.session.${deviceId}`;
const digest = (secret: string) => createHash('sha256').update(secret).digest();

/** Makes the token of a new session and stores its digest (inside the sign-in's write). */
export async function openSession(
  tx: { setSetting(key: string, value: string): Promise<void> },
  session: WebSession,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await tx.setSetting(settingKey(session.deviceId), digest(secret).toString('hex'));
  return `${PREFIX}.${session.userId}.${session.deviceId}.${secret}`;
}

/** The session a token opens, or undefined (malformed, unknown, signed out). */
export async function readSession(store: Store, token: string): Promise<WebSession | undefined> {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== PREFIX) return undefined;
  const [, user, device, secret] = parts as [string, string, string, string];
  if (!/^\d{1,15}$/.test(user) || !/^\d{1,15}$/.test(device) || secret.length === 0) return undefined;
  const userId = Number(user);
  const deviceId = Number(device);
  const stored = await store.getSetting(settingKey(deviceId));
  if (!stored || stored.length !== 64) return undefined;
  if (!timingSafeEqual(Buffer.from(stored, 'hex'), digest(secret))) return undefined;
  // The device must still be this person's.
  const row = await store.gateway.getDevice(deviceId);
  if (!row || row.user_id !== userId) return undefined;
  return { userId, deviceId };
}

/** Ends a session: its token is refused from now on. */
export async function closeSession(store: Store, session: WebSession): Promise<void> {
  await store.write(async (tx) => tx.setSetting(settingKey(session.deviceId), ''));
}
