/**
 * Flood control of bots' sends, as the reference platform documents it (reference §8): about one
 * message per second into one chat (short bursts tolerated), at most 20 messages per minute into one
 * group, and about 30 messages per second across all chats of a bot. A send over a limit is refused
 * with the seconds to wait (RateLimited, answered as 429 with retry_after and Retry-After).
 *
 * Each limit is a token bucket: it holds up to `capacity` tokens, refills at `perSecond`, and a send
 * takes one token from every bucket that applies. A send takes its tokens only if all buckets have
 * one, so a refused send uses nothing. Time is the platform's virtual clock: moving it forward
 * refills the buckets. The state is in memory (one process); a restart starts with full buckets.
 */
import type { Clock } from '../core/clock.js';
import { RateLimited } from '../core/errors.js';
import type { FloodControlConfig } from '../../config/flood-config.js';

/** Buckets kept before full (idle) ones are dropped: a full bucket and no bucket are the same. */
const MAX_BUCKETS = 10_000;

export class TokenBucket {
  #tokens: number;
  #atMs: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    nowMs: number,
  ) {
    this.#tokens = capacity;
    this.#atMs = nowMs;
  }

  /** Tokens available at `nowMs` (refilled since the last look, never above capacity). */
  available(nowMs: number): number {
    if (nowMs > this.#atMs) {
      this.#tokens = Math.min(this.capacity, this.#tokens + ((nowMs - this.#atMs) / 1000) * this.perSecond);
      this.#atMs = nowMs;
    }
    return this.#tokens;
  }

  /** Milliseconds until one token is available; 0 when one is now. */
  waitMs(nowMs: number): number {
    const missing = 1 - this.available(nowMs);
    return missing <= 0 ? 0 : Math.ceil((missing / this.perSecond) * 1000);
  }

  take(nowMs: number): void {
    this.available(nowMs);
    this.#tokens -= 1;
  }

  /** Gives a taken token back (the send it was taken for failed). */
  refund(nowMs: number): void {
    this.#tokens = Math.min(this.capacity, this.available(nowMs) + 1);
  }
}

/** Undoes an admitted send's tokens, for a send that then failed. */
export type FloodRefund = () => void;

export class FloodControl {
  readonly #buckets = new Map<string, TokenBucket>();

  constructor(
    readonly config: FloodControlConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Admits one message from `botId` into the chat named `chatKey` (a group-like chat when
   * `isGroup`), or throws RateLimited with the whole seconds to wait (at least 1). Returns the
   * refund for a send that fails after being admitted; a no-op when flood control is off.
   */
  admit(botId: number, chatKey: string, isGroup: boolean): FloodRefund {
    if (!this.config.enabled) return () => {};
    const now = this.clock.nowMs();
    const { chatPerSecond, chatBurst, groupPerMinute, globalPerSecond } = this.config;
    const buckets = [
      this.#bucket(`${botId}`, globalPerSecond, globalPerSecond, now),
      this.#bucket(`${botId}:${chatKey}`, chatBurst, chatPerSecond, now),
    ];
    if (isGroup)
      buckets.push(this.#bucket(`${botId}:${chatKey}:group`, groupPerMinute, groupPerMinute / 60, now));
    const waitMs = Math.max(...buckets.map((bucket) => bucket.waitMs(now)));
    if (waitMs > 0) throw new RateLimited(Math.max(1, Math.ceil(waitMs / 1000)));
    for (const bucket of buckets) bucket.take(now);
    return () => {
      const later = this.clock.nowMs();
      for (const bucket of buckets) bucket.refund(later);
    };
  }

  #bucket(key: string, capacity: number, perSecond: number, nowMs: number): TokenBucket {
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size >= MAX_BUCKETS) this.#dropFull(nowMs);
      bucket = new TokenBucket(capacity, perSecond, nowMs);
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }

  #dropFull(nowMs: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.available(nowMs) >= bucket.capacity) this.#buckets.delete(key);
    }
  }
}
