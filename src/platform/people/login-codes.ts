/**
 * Login codes (ADR 0055, addendum): how a person signs in to a new device (the web client) in the
 * `strict` profile, as the real platform does. The code is sent as a message into the person's
 * service chat (the chat with "Verification Codes"), which their other devices show; the new device
 * proves it has read it there.
 *
 * - A code is 5 digits from the cryptographic source; it lives 5 minutes of the virtual clock and
 *   allows 5 wrong attempts (the 5th makes it void); a right one is used once.
 * - The attempt's record keeps only a keyed hash of it (the gateway's server key, bound to the
 *   attempt's id, as the gateway stores its codes: gateway/codes.ts), compared in constant time;
 *   the service-chat message holds the code in plaintext, as on the hosted platform. Settings keep it:
 *   `web.login.<id>` (JSON: the person, the hash, the expiry, the attempts; emptied once used or
 *   expired) and `web.login.user.<user id>` (the person's latest attempt and when it was sent).
 * - One code per person per 30 s; a new code voids the previous one, so a person has at most one.
 * - A code that is shared is void, as on the hosted platform: the person's forward of the service
 *   message that holds their live code empties that code in the forward's own write
 *   (`voidWhenShared`, ADR 0103 addendum), so signing in with it is PHONE_CODE_EXPIRED. Only the
 *   code the forwarded message holds: forwarding an older code's message leaves a newer code alone.
 * - Wrong codes make growing waits, per person and per client address (login-failures.ts, ADR 0065).
 * - The code is in the message alone: it is never logged, and the answer names the attempt (an
 *   opaque id), not the code.
 */
import { codeMatches, generateCode, hashCode } from '../gateway/codes.js';
import { SERVICE_USER_ID } from '../gateway/delivery.js';
import { PlatformError } from '../core/errors.js';
import {
  addFailure,
  clientFailuresKey,
  CLIENT_FAILURES_PER_WAIT,
  parseFailures,
  personFailuresKey,
  PERSON_FAILURES_PER_WAIT,
  waitSeconds,
} from './login-failures.js';
import type { Platform } from '../assembly/platform.js';
import type { MessageContent } from '../core/wire-types.js';
import type { MessageRow, UserRow } from '../../storage/store.js';
import type { SettingsReader, SettingsWriter } from '../../storage/ports/settings.js';

export const LOGIN_CODE_LENGTH = 5;
export const LOGIN_CODE_LIFETIME_MS = 5 * 60_000;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** At most one code per person in this time. */
export const LOGIN_CODE_INTERVAL_MS = 30_000;

/** The attempt's id: 22 URL-safe random characters (132 bits). */
const ID_LENGTH = 22;
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const CODE_PREFIX = 'Login code: ';

export type LoginCodeRefusal = 'PHONE_CODE_INVALID' | 'PHONE_CODE_EXPIRED' | 'PHONE_CODE_ATTEMPTS_EXCEEDED';

/** A refused login code, or a code asked for too soon (`FLOOD_WAIT`, with `retryAfter` seconds). */
export class LoginCodeError extends Error {
  constructor(
    readonly code: LoginCodeRefusal | 'FLOOD_WAIT',
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** A pending code as stored (`web.login.<id>`). */
export interface PendingLoginCode {
  user_id: number;
  /** The keyed hash of the code, hex. */
  hash: string;
  /** Virtual-clock milliseconds. */
  expires_at: number;
  /** Wrong codes entered so far. */
  attempts: number;
}

/** The person's latest code (`web.login.user.<user id>`). */
interface LatestLoginCode {
  id: string;
  sent_at: number;
}

const codeKey = (id: string) => `web.login.${id}`;
const userKey = (userId: number) => `web.login.user.${userId}`;

const DESCRIPTIONS: Record<LoginCodeRefusal, string> = {
  PHONE_CODE_INVALID: 'the code is wrong',
  PHONE_CODE_EXPIRED: 'the code expired or was used: ask for a new one',
  PHONE_CODE_ATTEMPTS_EXCEEDED: 'too many wrong codes: ask for a new one',
};

/** The message the person receives in the service chat. */
export function loginCodeContent(code: string): MessageContent {
  return {
    text:
      `${CODE_PREFIX}${code}. Do not give this code to anyone, even if they say they are from Parley!\n\n` +
      'This code signs in to your Parley account on a new device. We never ask for it for anything ' +
      'else. If you did not ask for it, ignore this message.',
    entities: [{ type: 'bold', offset: CODE_PREFIX.length, length: code.length }],
  };
}

/** Seconds until the person may ask for another code (0: now). */
export function retryAfterSeconds(lastSentMs: number | undefined, nowMs: number): number {
  if (lastSentMs === undefined) return 0;
  const left = lastSentMs + LOGIN_CODE_INTERVAL_MS - nowMs;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * One attempt at a pending code: the outcome, and the code as it is to be stored afterwards
 * (undefined: emptied). Unknown (or another person's), expired, voided, right, wrong.
 */
export function judgeAttempt(
  pending: PendingLoginCode | undefined,
  matches: boolean,
  nowMs: number,
): { outcome: 'valid' | LoginCodeRefusal; next: PendingLoginCode | undefined } {
  if (!pending || pending.expires_at <= nowMs) return { outcome: 'PHONE_CODE_EXPIRED', next: undefined };
  // A void code stays so until it expires, so that it keeps saying why.
  if (pending.attempts >= LOGIN_CODE_MAX_ATTEMPTS)
    return { outcome: 'PHONE_CODE_ATTEMPTS_EXCEEDED', next: pending };
  if (matches) return { outcome: 'valid', next: undefined };
  const next = { ...pending, attempts: pending.attempts + 1 };
  return {
    outcome: next.attempts >= LOGIN_CODE_MAX_ATTEMPTS ? 'PHONE_CODE_ATTEMPTS_EXCEEDED' : 'PHONE_CODE_INVALID',
    next,
  };
}

function parse<T>(text: string | undefined): T | undefined {
  return text ? (JSON.parse(text) as T) : undefined;
}

/** The person's number as typed, without the spaces, brackets and dashes people write in it. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s()-]/g, '');
}

export class LoginCodes {
  constructor(private readonly platform: Platform) {}

  /** The registered person (not a bot) with that number; nobody is created here. */
  async person(phone: string): Promise<UserRow> {
    const user = await this.platform.deps.store.getUserByPhone(normalizePhone(phone));
    if (!user || user.is_bot) throw new PlatformError('USER_NOT_FOUND', 'no person with this phone number');
    return user;
  }

  /**
   * Sends a new login code into the person's service chat; answers the attempt's id. `client`: the
   * asking client's address key (http/client-address.ts), whose wrong codes count too.
   */
  async request(phone: string, client: string): Promise<{ code_hash_id: string; person: UserRow }> {
    const { deps, gateway, chats, messages } = this.platform;
    const person = await this.person(phone);
    const id = deps.random.token(ID_LENGTH);
    const code = generateCode(deps.random, LOGIN_CODE_LENGTH);
    // Keyed hashes are made before the transaction (the server key may need a write of its own).
    const hash = await hashCode(gateway.key, `login.${id}`, code);
    const sent = await deps.store.write(async (tx) => {
      const nowMs = deps.clock.nowMs();
      const latest = parse<LatestLoginCode>(await tx.getSetting(userKey(person.id)));
      const penalty = await failureWait(tx, person.id, client, nowMs);
      if (penalty > 0) throw tooManyWrongCodes(penalty);
      const wait = retryAfterSeconds(latest?.sent_at, nowMs);
      if (wait > 0)
        throw new LoginCodeError('FLOOD_WAIT', `a code was just sent: retry after ${wait} seconds`, wait);
      if (latest) await tx.setSetting(codeKey(latest.id), '');
      const pending: PendingLoginCode = {
        user_id: person.id,
        hash,
        expires_at: nowMs + LOGIN_CODE_LIFETIME_MS,
        attempts: 0,
      };
      await tx.setSetting(codeKey(id), JSON.stringify(pending));
      await tx.setSetting(
        userKey(person.id),
        JSON.stringify({ id, sent_at: nowMs } satisfies LatestLoginCode),
      );
      const chat = await chats.ensurePrivate(tx, person, await gateway.delivery.serviceUser(tx));
      const message = await messages.insertServiceMessage(tx, chat, SERVICE_USER_ID, loginCodeContent(code));
      return { chat, message };
    });
    messages.announceServiceMessage(sent.chat, sent.message);
    return { code_hash_id: id, person };
  }

  /**
   * One attempt to sign in with a code: answers the person when it is right (the code is used up),
   * else throws a LoginCodeError. A wrong attempt is counted even though it is refused, against the
   * code, the person and `client` (the client's address key); while the person or the client waits
   * after too many, a code that could still be right is not compared (FLOOD_WAIT).
   */
  async check(phone: string, id: string, code: string, client: string): Promise<UserRow> {
    const { deps, gateway } = this.platform;
    const person = await this.person(phone);
    const known = ID_PATTERN.test(id);
    const hash = await hashCode(gateway.key, `login.${known ? id : '-'}`, code);
    const outcome = await deps.store.write(async (tx) => {
      const nowMs = deps.clock.nowMs();
      const stored = known ? parse<PendingLoginCode>(await tx.getSetting(codeKey(id))) : undefined;
      const pending = stored?.user_id === person.id ? stored : undefined;
      // An expired, used or void code tells nothing about the code, so it is answered as such even
      // during a wait; a live one is not compared then.
      if (pending && pending.expires_at > nowMs && pending.attempts < LOGIN_CODE_MAX_ATTEMPTS) {
        const wait = await failureWait(tx, person.id, client, nowMs);
        if (wait > 0) return wait;
      }
      const judged = judgeAttempt(pending, pending ? codeMatches(hash, pending.hash) : false, nowMs);
      if (pending && judged.next !== pending) {
        await tx.setSetting(codeKey(id), judged.next ? JSON.stringify(judged.next) : '');
        // A new wrong attempt (the code's record gained one).
        if (judged.next) await countFailure(tx, person.id, client, nowMs);
      }
      if (judged.outcome === 'valid' && (await tx.getSetting(personFailuresKey(person.id))))
        await tx.setSetting(personFailuresKey(person.id), '');
      return judged.outcome;
    });
    if (typeof outcome === 'number') throw tooManyWrongCodes(outcome);
    if (outcome !== 'valid') throw new LoginCodeError(outcome, DESCRIPTIONS[outcome]);
    return person;
  }
}

/**
 * A person's forward of `row` (Forwards.fromPerson's effect): when it is the service chat's message
 * holding the person's live login code, what voids that code in the forward's write. The code's
 * keyed hash is made before the write (the server key may need a write of its own); the write
 * empties the code only if it is still the pending one and the hashes match (a newer code asked for
 * meanwhile voided it already).
 */
export async function voidWhenShared(
  platform: Platform,
  person: UserRow,
  row: MessageRow,
): Promise<((tx: SettingsReader & SettingsWriter) => Promise<void>) | undefined> {
  if (row.sender_id !== SERVICE_USER_ID) return undefined;
  const text = (JSON.parse(row.body) as MessageContent).text;
  if (typeof text !== 'string' || !text.startsWith(CODE_PREFIX)) return undefined;
  const code = /^\d+/.exec(text.slice(CODE_PREFIX.length))?.[0];
  const latest = parse<LatestLoginCode>(await platform.deps.store.getSetting(userKey(person.id)));
  if (code === undefined || !latest) return undefined;
  const hash = await hashCode(platform.gateway.key, `login.${latest.id}`, code);
  return async (tx) => {
    const pending = parse<PendingLoginCode>(await tx.getSetting(codeKey(latest.id)));
    if (pending?.user_id === person.id && codeMatches(hash, pending.hash))
      await tx.setSetting(codeKey(latest.id), '');
  };
}

function tooManyWrongCodes(wait: number): LoginCodeError {
  return new LoginCodeError('FLOOD_WAIT', `too many wrong codes: retry after ${wait} seconds`, wait);
}

/** Seconds the person or the client must still wait after wrong codes (the longer; 0: none). */
async function failureWait(
  tx: SettingsReader,
  userId: number,
  client: string,
  nowMs: number,
): Promise<number> {
  const person = parseFailures(await tx.getSetting(personFailuresKey(userId)));
  const fromClient = parseFailures(await tx.getSetting(clientFailuresKey(client)));
  return Math.max(waitSeconds(person, nowMs), waitSeconds(fromClient, nowMs));
}

/** One more wrong code, for the person and for the client. */
async function countFailure(
  tx: SettingsReader & SettingsWriter,
  userId: number,
  client: string,
  nowMs: number,
): Promise<void> {
  for (const [key, perWait] of [
    [personFailuresKey(userId), PERSON_FAILURES_PER_WAIT],
    [clientFailuresKey(client), CLIENT_FAILURES_PER_WAIT],
  ] as const) {
    const next = addFailure(parseFailures(await tx.getSetting(key)), perWait, nowMs);
    await tx.setSetting(key, JSON.stringify(next));
  }
}
