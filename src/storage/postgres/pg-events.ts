/**
 * The event port across processes on PostgreSQL (ports/events.ts, ADR 0025): an event is handed to
 * this process's listeners at once and published with NOTIFY on one channel per database schema
 * (pg-channel.ts); every other process LISTENs on a connection of its own and hands what it hears
 * to its listeners. A process ignores its own notifications (it has delivered them already).
 *
 * The events of one turn of the event loop (a batch of writes answers together) go out together:
 * one statement sends their notifications (pg-channel.ts: new messages' events share them; a
 * `message.created` whose recipients would not fit NOTIFY's 8000 bytes is split into several with
 * parts of the list), one such statement at a time, in order. When the listening connection drops, it reconnects, tells the store that shares
 * the pool to forget its cached rows, and publishes `events.resumed` in this process: long polls
 * answer with what the store holds, and the workers look at it again, for what they may have missed.
 */
import pg from 'pg';
import {
  channelOf,
  decodeEvents,
  encodeEvents,
  MAX_PAYLOAD,
  missedNotifications,
  nodeOf,
  notifying,
  type ChannelEvent,
} from './pg-channel.js';
import { LocalEvents } from '../local-events.js';
import type { PlatformEvents } from '../ports/events.js';

const RECONNECT_MS = 500;

export interface PgEventsOptions {
  url: string;
  /** The schema the tables live in; events of other schemas (other Parleys) are not heard. */
  schema?: string;
  /** Told about a failure of the listening connection (it is retried). */
  onError?: (error: unknown) => void;
}

export class PgEvents extends LocalEvents {
  readonly #node: string;
  readonly #channel: string;
  readonly #pool: pg.Pool;
  #listener: pg.Client | undefined;
  #closed = false;
  /** Events not sent yet; sent by the next `#send`. */
  #pending: ChannelEvent[] = [];
  /** The `#send` scheduled or running, if any. */
  #sending: Promise<void> | undefined;

  private constructor(
    private readonly options: PgEventsOptions,
    pool: pg.Pool,
  ) {
    super();
    this.#channel = channelOf(options.schema);
    this.#pool = pool;
    this.#node = nodeOf(pool);
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
        // Whatever was published meanwhile is lost: the store forgets the rows it keeps, and every
        // waiter looks at the store.
        () => {
          missedNotifications(this.#pool);
          this.deliver('events.resumed', {});
        },
        (error: unknown) => {
          this.options.onError?.(error);
          setTimeout(retry, RECONNECT_MS).unref();
        },
      );
    };
    setTimeout(retry, RECONNECT_MS).unref();
  }

  #heard(payload: string | undefined): void {
    for (const { e, p } of decodeEvents(payload, this.#node)) this.deliver(e, p as never);
  }

  override emit<K extends keyof PlatformEvents>(name: K, payload: PlatformEvents[K]): void {
    this.deliver(name, payload);
    if (this.#closed) return;
    for (const part of split(name, payload)) this.#pending.push({ e: name, p: part });
    this.#sending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#send());
  }

  /** Sends what is pending, one statement at a time, until nothing is. */
  async #send(): Promise<void> {
    while (this.#pending.length > 0) {
      const events = this.#pending;
      this.#pending = [];
      const payloads = encodeEvents(this.#node, events, (event) =>
        this.options.onError?.(new Error(`the event ${event.e} is too long for a notification`)),
      );
      if (payloads.length === 0) continue;
      const { sql, params } = notifying(this.#channel, payloads);
      await this.#pool.query(sql, params).catch((error: unknown) => {
        this.options.onError?.(error);
      });
    }
    this.#sending = undefined;
  }

  async close(): Promise<void> {
    this.#closed = true;
    // What this process published last still reaches the others.
    await this.#sending;
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => undefined);
  }
}

/** The payload in parts that fit one notification each (only a long recipient list needs it). */
function split<K extends keyof PlatformEvents>(name: K, payload: PlatformEvents[K]): unknown[] {
  if (name !== 'message.created') return [payload];
  const created = payload as PlatformEvents['message.created'];
  // Ids and the rest take at most 17 characters an id and 200 more: most lists fit as they are.
  if (created.recipients.length * 17 + 200 <= MAX_PAYLOAD) return [payload];
  const parts: unknown[] = [];
  // Ids are at most 16 characters and a comma: this many fit with room for the rest.
  const perPart = Math.floor((MAX_PAYLOAD - 200) / 17);
  for (let i = 0; i < created.recipients.length; i += perPart)
    parts.push({ ...created, recipients: created.recipients.slice(i, i + perPart) });
  return parts;
}
