/**
 * The per-bot update queue: what gets queued (allowed_updates filter, retention per type), the
 * update_id sequence, and getUpdates with offset confirmation and long polling.
 *
 * update_id: the first id of a bot is random in [2 000 001, 1 000 000 000); each next update gets +1,
 * also after the queue was emptied. After a week without updates, or when the id space would run
 * out, numbering restarts at a new random start (the queue is empty or cleared then).
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { UPDATE_ID_START } from './update-ids.js';
import { TurnSlices } from '../core/turn-slices.js';
import type { AbortHook } from '../core/abort-hook.js';
import { ParkedPoll, PollConflict, type PollEnd } from './parked-poll.js';
import type { BotRow, UpdateRow } from '../../storage/store.js';
import { deliveryEvent, updateEvent } from '../timeline/timeline-events.js';
import type { Timeline } from '../timeline/timeline.js';
import type { UsersReader, UsersWriter } from '../../storage/ports/users.js';
import type { UpdatesReader, UpdatesWriter } from '../../storage/ports/updates.js';
import type { TimelineWriter } from '../../storage/ports/timeline.js';

import { isAllowed, UPDATE_TYPES, type UpdateType } from './update-types.js';

export { UPDATE_TYPES, type UpdateType };
export { PollConflict };

/** The storage ports queueing an update writes and reads (`UpdateQueue.enqueue`), in the caller's write. */
export type EnqueueTx = TimelineWriter & UpdatesReader & UpdatesWriter & UsersReader & UsersWriter;

const DAY = 86_400;
/** How long an update of each type is kept when not received (reference: 24 h, queries less). */
const RETENTION: Partial<Record<UpdateType, number>> = {
  callback_query: 150,
  inline_query: 30,
  chosen_inline_result: 600,
  shipping_query: 150,
  pre_checkout_query: 150,
};
const MAX_UPDATE_ID = 1_999_999_999;
export const LONG_POLL_MAX_TIMEOUT = 50;

export interface NewUpdate {
  type: UpdateType;
  /** The object under `type`, as the bot sees it. */
  payload: object;
  /** Webhook ordering key (chat, user or poll). */
  queueKey: string;
  /** Unix seconds the retention counts from (message date, edit date or event date). */
  date: number;
}

/**
 * The updates this process queued for a bot since its poll read an empty queue, as their writes
 * hand them over (`notify`): a poll woken by them answers from these rather than read the store
 * again. `next` is the id that must come next: the bot's last update id as the poll read it with
 * (or before) its empty read, plus one; NaN until then. Update ids are handed out once each, in
 * commit order, by the bot row (ports/users.ts): rows that go on exactly from there are every
 * update of the bot above that id when their write committed (nothing else took an id in between,
 * and the empty read saw none below it still unexpired), a prefix of what the store holds when the
 * poll answers (later ids come after it). Rows that do not go on from `next` (another process, or
 * a write that did not hand its rows over, took an id between) end it for this poll: it reads the
 * store (NaN).
 */
interface Fresh {
  next: number;
  rows: UpdateRow[];
}

/** A long poll's watch (`UpdateQueue.#watch`). */
interface Watch {
  readonly fresh: Fresh;
  /** Whether an update of the bot was announced since the poll began to listen. */
  queued: boolean;
  off(): void;
}

export interface GetUpdatesParams {
  offset: number;
  limit: number;
  timeout: number;
  allowedUpdates: string[] | undefined;
}

export class UpdateQueue {
  readonly #parked = new Map<number, ParkedPoll>();
  /** Per bot, the updates queued here since its poll (parked or not yet answered) read none. */
  readonly #fresh = new Map<number, Fresh>();
  /**
   * Per bot, the highest update_id that the last answer of a poll here handed over, until an offset
   * above it confirms it: those rows were in the queue, so that confirmation writes without reading
   * first whether there is anything to delete (issue 28: a read per exchange of a polling bot).
   */
  readonly #handedUpTo = new Map<number, number>();
  #polls = 0;
  /**
   * Parked polls whose timeout passed, answered a slice per turn of the event loop: bots that began
   * polling together time out together (issue 31).
   */
  readonly #timedOut = new TurnSlices();
  readonly #pollPrefix: string;
  /** Whether an update's row goes on the timeline too (not with `--timeline-max 0`, ADR 0099). */
  private readonly timelineOn: boolean;

  constructor(
    private readonly deps: PlatformDeps,
    private readonly timeline: Timeline,
  ) {
    this.#pollPrefix = deps.random.token(8);
    this.timelineOn = timeline.enabled;
    // A poll parked on another process (or a setWebhook there) ends a poll parked here.
    deps.bus.on('polls.terminate', ({ botId, reason, keep }) => {
      const parked = this.#parked.get(botId);
      if (parked && parked.id !== keep) parked.terminate(reason);
    });
    // New updates wake the bot's parked poll, found by the bot (ADR 0091): an update costs one map
    // lookup, however many polls are parked. No extra wait to batch: the notice comes after the
    // commit of the whole group of writes, so every update queued with this one is already visible.
    deps.bus.on('updates.queued', ({ botId }) => this.#parked.get(botId)?.end('woken'));
    // Events may have been missed: every parked poll answers with what the store holds now.
    deps.bus.on('events.resumed', () => this.releaseAll());
  }

  /**
   * Queues an update for a bot inside the caller's transaction. Returns the update_id, or null when
   * the bot's allowed_updates filter drops the type (the filter applies when an update is created).
   * `into` (one per run of the write's fn) gets the row, for `notify` after the commit.
   */
  async enqueue(tx: EnqueueTx, botId: number, update: NewUpdate, into?: UpdateRow[]): Promise<number | null> {
    const bot = await tx.getBot(botId);
    if (!bot || !isAllowed(bot.allowed_updates, update.type)) return null;
    const now = this.deps.clock.now();
    const idle = bot.last_update_at > 0 && now - bot.last_update_at >= 7 * DAY;
    let updateId: number;
    if ((idle && (await tx.countUpdates(botId)) === 0) || bot.last_update_id + 1 > MAX_UPDATE_ID) {
      await tx.deleteAllUpdates(botId);
      updateId = this.deps.random.int(...UPDATE_ID_START);
      await tx.updateBot(botId, { last_update_id: updateId, last_update_at: now });
    } else {
      // One atomic increment of the bot row, before the insert: a concurrent writer of the bot
      // (another process) waits for this write or is retried, and never takes the same id.
      updateId = await tx.nextUpdateId(botId, now);
    }
    // An id at or below the one a poll of the bot read last: what it read may not have committed
    // (SQLite shows a batch's writes before their commit): it reads the queue again (`Fresh`).
    const fresh = this.#fresh.get(botId);
    if (fresh && !(updateId >= fresh.next)) fresh.next = Number.NaN;
    const row: UpdateRow = {
      bot_id: botId,
      update_id: updateId,
      type: update.type,
      payload: JSON.stringify(update.payload),
      queue_key: update.queueKey,
      created_at: now,
      expires_at: update.date + (RETENTION[update.type] ?? DAY),
      attempts: 0,
      next_attempt_at: 0,
    };
    await tx.insertUpdate(row);
    into?.push(row);
    // The timeline's row, in the same write (ADR 0099); its views listen to `updates.queued` too.
    if (this.timelineOn)
      await tx.insertTimelineEvents([
        updateEvent(this.deps.clock.nowMs(), botId, updateId, update.type, update.payload, row.payload),
      ]);
    return updateId;
  }

  /**
   * Tells waiting long polls and webhook workers that a bot has new updates (after commit);
   * `queued`: the rows the committed write queued (`enqueue`'s `into`), which a poll of the bot
   * parked here answers from (`Fresh`).
   */
  notify(botId: number, queued?: readonly UpdateRow[]): void {
    const fresh = queued && this.#fresh.get(botId);
    if (fresh) {
      const rows = queued!.filter((row) => row.bot_id === botId);
      if (rows.every((row, i) => row.update_id === fresh.next + i)) {
        fresh.rows.push(...rows);
        fresh.next += rows.length;
      } else fresh.next = Number.NaN;
    }
    this.deps.bus.emit('updates.queued', { botId });
  }

  /**
   * getUpdates: confirms by offset, then returns pending updates, long-polling up to `timeout`
   * seconds when there are none. Returns the JSON text of the Update array.
   */
  async getUpdates(botId: number, params: GetUpdatesParams, signal?: AbortHook): Promise<string> {
    const { store, clock } = this.deps;
    // A long poll listens before its first read (`#poll`).
    const watch = params.timeout > 0 ? this.#watch(botId) : undefined;
    try {
      // The bot's row and its queue from the offset, in one read: the rows an offset confirms are
      // below it, so the write that deletes them may come after.
      const read = await store.readBotQueue(botId, Math.max(params.offset, 0), params.limit, clock.now());
      if (!read) throw new PlatformError('BOT_NOT_FOUND', 'bot not found');
      const { bot } = read;
      if (bot.webhook_url !== '') throw new PollConflict('webhook_active');

      const { fromId, ahead } = await this.#confirm(bot, params);
      // Read again from the start when the first read was not from there (an offset ahead), or
      // when the write kept only the last updates.
      const standing = params.offset < 0 || ahead ? undefined : read.rows;
      const rows = watch
        ? await this.#poll(watch, bot, fromId, params, standing, signal)
        : (standing ?? (await store.listUpdates(botId, fromId, params.limit, clock.now())));
      return this.#answer(botId, rows);
    } finally {
      watch?.off();
    }
  }

  /**
   * What the call's offset and allowed_updates write (the confirmation, the queue kept to its last
   * updates, the setting); answers the id the queue is read from and whether the offset is ahead.
   */
  async #confirm(bot: BotRow, params: GetUpdatesParams): Promise<{ fromId: number; ahead: boolean }> {
    const { store } = this.deps;
    const writes: Array<(tx: UpdatesWriter & UsersWriter) => Promise<void>> = [];
    if (params.allowedUpdates !== undefined) {
      const json = JSON.stringify(params.allowedUpdates);
      const stored = params.allowedUpdates.length === 0 ? null : json;
      if (stored !== bot.allowed_updates)
        writes.push((tx) => tx.updateBot(bot.id, { allowed_updates: stored }));
    }
    let fromId = 0;
    // An offset past every id the bot was given belongs to an earlier numbering (ids restart at a
    // random value after a week without updates, or when they would overflow): it confirms nothing
    // and the queue is read from its start, so the new numbering's updates are neither deleted nor
    // skipped.
    const ahead = params.offset > bot.last_update_id + 1;
    if (params.offset > 0 && !ahead) {
      fromId = params.offset;
      writes.push((tx) => tx.deleteUpdatesBelow(bot.id, params.offset));
    } else if (params.offset < 0) {
      const keep = -params.offset;
      writes.push((tx) => tx.keepLastUpdates(bot.id, keep));
    }
    if (writes.length > 0) {
      // Skip the commit when the offset confirms nothing and nothing else changes; an offset
      // above what was handed over here confirms rows that were queued (gone meanwhile: a delete
      // of none).
      const handedBelow = params.offset > (this.#handedUpTo.get(bot.id) ?? Infinity);
      if (handedBelow) this.#handedUpTo.delete(bot.id);
      const first =
        params.offset > 0 && !ahead && writes.length === 1 && !handedBelow
          ? await store.listUpdates(bot.id, 0, 1, 0)
          : undefined;
      if (first === undefined || (first[0] !== undefined && first[0].update_id < params.offset)) {
        await store.write({ bot: bot.id }, async (tx) => {
          for (const write of writes) await write(tx);
        });
      }
    }
    return { fromId, ahead };
  }

  /** The JSON text of the Update array (up to about 4 MiB, as the reference), noting what it hands. */
  #answer(botId: number, rows: readonly UpdateRow[]): string {
    let json = '[';
    let size = 0;
    let handed = 0;
    for (const row of rows) {
      const item = `{"update_id":${row.update_id},"${row.type}":${row.payload}}`;
      if (size > 0 && size + item.length > (1 << 22) - 50) break;
      json += (size > 0 ? ',' : '') + item;
      size += item.length + 1;
      handed += 1;
    }
    if (handed > 0) {
      this.#handedUpTo.set(botId, rows[handed - 1]!.update_id);
      if (this.timelineOn) this.#recordHanded(botId, rows, handed);
    }
    return `${json}]`;
  }

  /**
   * A long poll's watch, from before its first read: whether an update of the bot was announced
   * since (here or from another process: an update committed after the read's snapshot whose event
   * comes before the read's answer is read at once, not at the timeout), and the rows queued here
   * (`Fresh`, whose `next` is known once the read is: until then no row is taken).
   */
  #watch(botId: number): Watch {
    const fresh: Fresh = { next: Number.NaN, rows: [] };
    this.#fresh.set(botId, fresh);
    const watch: Watch = {
      fresh,
      queued: false,
      off: () => {
        off();
        if (this.#fresh.get(botId) === fresh) this.#fresh.delete(botId);
      },
    };
    const off = this.deps.bus.onKey('updates.queued', botId, () => (watch.queued = true));
    return watch;
  }

  /**
   * The queue of a long poll: `first` (the rows its first read found, if they stand), and when
   * it is empty, read again once updates are queued (or the wait ends), or taken from the rows
   * queued here meanwhile (`Fresh`). The bot's last id was read with (or before) the queue: updates
   * queued here from the next id on are what the read did not see (`enqueue`).
   */
  async #poll(
    watch: Watch,
    bot: BotRow,
    fromId: number,
    params: GetUpdatesParams,
    first: UpdateRow[] | undefined,
    signal?: AbortHook,
  ): Promise<UpdateRow[]> {
    const { store, clock } = this.deps;
    const { fresh } = watch;
    let end: PollEnd = 'released';
    const rows = first ?? (await store.listUpdates(bot.id, fromId, params.limit, clock.now()));
    if (rows.length > 0) return rows;
    // Nothing announced since it listened: the rows queued here from now on are taken if they go
    // on from the bot's last id as read (else, as when something was announced, it reads again).
    if (!watch.queued) {
      fresh.next = bot.last_update_id + 1;
      end = await this.#park(bot.id, params.timeout * 1000, signal);
    }
    // Its timeout passed and no update of the bot was announced since the empty read: it answers
    // none without reading again. Every committed update is announced, here or from another process
    // (`notify`, the bus); one whose announcement is still on its way is read by the next poll.
    // A poll released (shutdown, the bus's events resumed after a gap) reads: it may have missed one.
    if (end === 'timeout' && !watch.queued) return [];
    const now = clock.now();
    const known = fresh.rows.filter((row) => row.update_id >= fromId && row.expires_at > now);
    if (known.length > 0) return known.slice(0, params.limit);
    return store.listUpdates(bot.id, fromId, params.limit, now);
  }

  /**
   * The timeline's rows of the updates this answer hands over (ADR 0099), from the rows it was built
   * of: no parse of the answer, each update's own payload read for its chat, person and words.
   */
  #recordHanded(botId: number, rows: readonly UpdateRow[], count: number): void {
    const at = this.deps.clock.nowMs();
    for (let i = 0; i < count; i++) {
      const row = rows[i]!;
      this.timeline.record(
        deliveryEvent({
          at,
          botId,
          updateId: row.update_id,
          type: row.type,
          payload: row.payload,
          via: 'getUpdates',
          status: 'delivered',
        }),
      );
    }
  }

  /**
   * Parks a long poll until an update is queued for the bot, the timeout passes, or another
   * getUpdates or a setWebhook terminates it (then it rejects with PollConflict).
   */
  #park(botId: number, timeoutMs: number, signal?: AbortHook): Promise<PollEnd> {
    const id = `${this.#pollPrefix}:${++this.#polls}`;
    // Ends the bot's parked poll, here or on another process sharing the store.
    this.deps.bus.emit('polls.terminate', { botId, reason: 'other_poll', keep: id });
    if (signal?.aborted) return Promise.resolve('released');
    return new Promise<PollEnd>((resolve, reject) =>
      new ParkedPoll(id, botId, this.#parked, signal, resolve, reject).start(timeoutMs, this.#timedOut),
    );
  }

  /** Ends a parked long poll of the bot with a conflict (setWebhook), on whichever process it waits. */
  terminatePoll(botId: number, reason: 'set_webhook'): void {
    this.deps.bus.emit('polls.terminate', { botId, reason });
  }

  /** How many long polls are parked on this process (one a bot at most; the metrics' gauge). */
  get parkedPolls(): number {
    return this.#parked.size;
  }

  /** Ends every long poll parked on this process (shutdown, close): each answers with what it has. */
  releaseAll(): void {
    for (const parked of [...this.#parked.values()]) parked.end('released');
  }
}
