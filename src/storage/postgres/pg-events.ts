/**
 * The event port across processes on PostgreSQL (ports/events.ts, ADR 0025): an event is handed to
 * this process's listeners at once and published with NOTIFY on one channel per database schema;
 * every other process LISTENs on a connection of its own and hands what it hears to its listeners.
 * A process ignores its own notifications (it has delivered them already).
 *
 * NOTIFY carries at most 8000 bytes: a `message.created` with many recipients is split into several
 * notifications with parts of the list. When the listening connection drops, it reconnects and
 * publishes `events.resumed` in this process: long polls answer with what the store holds, and the
 * workers look at it again, for what they may have missed.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { EventPort, PlatformEvents } from '../ports/events.js';

/** Bytes of a notification's payload kept below PostgreSQL's limit of 8000. */
const MAX_PAYLOAD = 7500;
const RECONNECT_MS = 500;

interface Envelope {
  /** The publishing process. */
  n: string;
  e: keyof PlatformEvents;
  p: unknown;
}

export interface PgEventsOptions {
  url: string;
  /** The schema the tables live in; events of other schemas (other Parleys) are not heard. */
  schema?: string;
  /** Told about a failure of the listening connection (it is retried). */
  onError?: (error: unknown) => void;
}

export class PgEvents implements EventPort {
  readonly #local = new EventEmitter();
  readonly #node = randomBytes(8).toString('hex');
  readonly #channel: string;
  readonly #pool: pg.Pool;
  #listener: pg.Client | undefined;
  #closed = false;

  private constructor(
    private readonly options: PgEventsOptions,
    pool: pg.Pool,
  ) {
    this.#local.setMaxListeners(0);
    this.#channel = `parley_events${options.schema ? `_${options.schema}` : ''}`;
    this.#pool = pool;
  }

  /** Connects the listening connection; resolves once this process hears the channel. */
  static async open(options: PgEventsOptions, pool: pg.Pool): Promise<PgEvents> {
    const events = new PgEvents(options, pool);
    await events.#listen();
    return events;
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true });
    client.on('notification', (message) => this.#heard(message.payload));
    client.on('error', (error) => {
      this.options.onError?.(error);
      this.#reconnect(client);
    });
    client.on('end', () => this.#reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${this.#channel}`);
    this.#listener = client;
  }

  #reconnect(dead: pg.Client): void {
    if (this.#closed || this.#listener !== dead) return;
    this.#listener = undefined;
    void dead.end().catch(() => undefined);
    const retry = (): void => {
      if (this.#closed) return;
      this.#listen().then(
        // Whatever was published meanwhile is lost: wake every waiter to look at the store.
        () => this.#local.emit('events.resumed', {}),
        (error: unknown) => {
          this.options.onError?.(error);
          setTimeout(retry, RECONNECT_MS).unref();
        },
      );
    };
    setTimeout(retry, RECONNECT_MS).unref();
  }

  #heard(payload: string | undefined): void {
    if (!payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.n === this.#node) return;
    this.#local.emit(envelope.e, envelope.p);
  }

  emit<K extends keyof PlatformEvents>(name: K, payload: PlatformEvents[K]): void {
    this.#local.emit(name, payload);
    if (this.#closed) return;
    for (const part of split(name, payload)) {
      const text = JSON.stringify({ n: this.#node, e: name, p: part } satisfies Envelope);
      this.#pool.query('SELECT pg_notify($1, $2)', [this.#channel, text]).catch((error: unknown) => {
        this.options.onError?.(error);
      });
    }
  }

  on<K extends keyof PlatformEvents>(name: K, listener: (payload: PlatformEvents[K]) => void): () => void {
    this.#local.on(name, listener);
    return () => this.#local.off(name, listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => undefined);
  }
}

/** The payload in parts that fit one notification each (only a long recipient list needs it). */
function split<K extends keyof PlatformEvents>(name: K, payload: PlatformEvents[K]): unknown[] {
  if (JSON.stringify(payload).length <= MAX_PAYLOAD || name !== 'message.created') return [payload];
  const created = payload as PlatformEvents['message.created'];
  const parts: unknown[] = [];
  // Ids are at most 16 characters and a comma: this many fit with room for the rest.
  const perPart = Math.floor((MAX_PAYLOAD - 200) / 17);
  for (let i = 0; i < created.recipients.length; i += perPart)
    parts.push({ ...created, recipients: created.recipients.slice(i, i + perPart) });
  return parts;
}
