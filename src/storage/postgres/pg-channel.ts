/**
 * The notification channel that the processes sharing a PostgreSQL database talk on (ADR 0025): its
 * name per schema, this process's name on it, and the payloads. Both the event port (pg-events.ts)
 * and the store (pg-store.ts, whose commits tell the others which cached rows changed) send on it,
 * as one process: they find each other by the pool they share.
 *
 * A payload is one event, `{"n": process, "e": event, "p": payload}`, or several of a kind that
 * comes many at a time (a new message's, one a write of a batch; a membership's, one a member of a
 * new group), `{"n", "e", "l": [payload, ...]}`,
 * within PostgreSQL's 8000 bytes: a notification costs the database and every listener, its own
 * process included, about as much whatever it carries. The events of one turn are sent by one
 * statement (`notifying`), in order.
 */
import { randomBytes } from 'node:crypto';
import type { PlatformEvents } from '../ports/events.js';

/** Bytes of a notification's payload kept below PostgreSQL's limit of 8000 when splitting one. */
export const MAX_PAYLOAD = 7500;
/** PostgreSQL's limit: a longer payload fails the statement that sends it. */
const NOTIFY_LIMIT = 7999;

/** The statement and parameters that send `payloads` on `channel`, in order (several as a JSON array). */
export function notifying(channel: string, payloads: string[]): { sql: string; params: unknown[] } {
  return payloads.length === 1
    ? { sql: 'SELECT pg_notify($1, $2)', params: [channel, payloads[0]] }
    : {
        sql: 'SELECT pg_notify($1, x) FROM json_array_elements_text($2::json) AS x',
        params: [channel, JSON.stringify(payloads)],
      };
}

export interface ChannelEvent {
  e: keyof PlatformEvents;
  p: unknown;
}

export function channelOf(schema: string | undefined): string {
  return `parley_events${schema ? `_${schema}` : ''}`;
}

/** What the store and the event port of one process share, keyed by their pool. */
interface Shared {
  node: string;
  /** Called when notifications may have been missed (the listening connection was lost). */
  onMissed?: () => void;
}

const byPool = new WeakMap<object, Shared>();

function shared(pool: object): Shared {
  let entry = byPool.get(pool);
  if (!entry) {
    entry = { node: randomBytes(8).toString('hex') };
    byPool.set(pool, entry);
  }
  return entry;
}

/** This process's name on the channel (the same for everything on `pool`). */
export function nodeOf(pool: object): string {
  return shared(pool).node;
}

/** The store asks to hear when notifications may have been missed. */
export function onMissedNotifications(pool: object, listener: () => void): void {
  shared(pool).onMissed = listener;
}

/** The event port's listening connection was lost and is back. */
export function missedNotifications(pool: object): void {
  byPool.get(pool)?.onMissed?.();
}

/**
 * Events sent several to a notification (all others go one to a notification): a new message's, and
 * a membership's (a group's creation writes one for each of its up to hundreds of members).
 */
const PACKED = new Set<string>(['message.created', 'chat.member.changed']);

/**
 * The payloads that carry `events` from `node`, in order: consecutive events of a packed kind share
 * notifications. An event too long for a notification goes to `tooLong`.
 */
export function encodeEvents(
  node: string,
  events: ChannelEvent[],
  tooLong?: (event: ChannelEvent) => void,
): string[] {
  const head = `{"n":${JSON.stringify(node)},"e":`;
  const payloads: string[] = [];
  let pack: { e: string; parts: string[]; bytes: number } | undefined;
  const close = () => {
    if (pack) payloads.push(`${head}${JSON.stringify(pack.e)},"l":[${pack.parts.join(',')}]}`);
    pack = undefined;
  };
  for (const event of events) {
    const part = JSON.stringify(event.p);
    const bytes = Buffer.byteLength(part) + 1;
    if (PACKED.has(event.e)) {
      // 40: the rest of the payload (the event's name, the list's brackets).
      if (head.length + 40 + bytes > NOTIFY_LIMIT) {
        tooLong?.(event);
        continue;
      }
      if (pack && (pack.e !== event.e || head.length + 40 + pack.bytes + bytes > MAX_PAYLOAD)) close();
      pack ??= { e: event.e, parts: [], bytes: 0 };
      pack.parts.push(part);
      pack.bytes += bytes;
      continue;
    }
    close();
    const payload = `${head}${JSON.stringify(event.e)},"p":${part}}`;
    if (Buffer.byteLength(payload) > NOTIFY_LIMIT) tooLong?.(event);
    else payloads.push(payload);
  }
  close();
  return payloads;
}

/**
 * The events of a payload from another process than `self`; none for one of `self`'s (not parsed:
 * a process hears its own notifications too) or one that is not ours.
 */
export function decodeEvents(payload: string | undefined, self: string): ChannelEvent[] {
  if (!payload || payload.startsWith(`{"n":${JSON.stringify(self)},`)) return [];
  try {
    const envelope = JSON.parse(payload) as { n?: unknown; e?: unknown; p?: unknown; l?: unknown };
    if (typeof envelope.n !== 'string' || envelope.n === self || typeof envelope.e !== 'string') return [];
    const e = envelope.e as ChannelEvent['e'];
    return Array.isArray(envelope.l) ? envelope.l.map((p: unknown) => ({ e, p })) : [{ e, p: envelope.p }];
  } catch {
    return [];
  }
}
