/**
 * Long polls and the event port: a newer poll ends an older one wherever it parks (the event the
 * newer one publishes), and when the adapter says events may have been missed (`events.resumed`),
 * every parked poll answers with what the store holds. A poll woken by updates queued in this
 * process answers from their rows, without reading the store, when they follow the bot's last id
 * as the poll read it; else it reads the store. A poll that times out with nothing announced answers
 * none without reading again.
 */
import { tmpdir } from 'node:os';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SystemClock } from '../core/clock.js';
import { EventBus } from '../core/event-bus.js';
import { assemblePlatform, type Platform } from '../assembly/platform.js';
import { cryptoRandom } from '../core/random.js';
import { SqliteStore } from '../../storage/sqlite/sqlite-store.js';
import type { UpdateRow } from '../../storage/store.js';
import type { NewUpdate } from './update-queue.js';

let store: SqliteStore;
let bus: EventBus;
let platform: Platform;
let botId: number;

beforeEach(async () => {
  store = SqliteStore.open(':memory:');
  bus = new EventBus();
  platform = assemblePlatform({
    store,
    clock: new SystemClock(),
    random: cryptoRandom,
    bus,
    config: { profile: 'local' },
    filesDir: tmpdir(),
  });
  botId = (await platform.users.createBot({ username: 'poll_test_bot' })).bot.id;
});

afterEach(async () => {
  await store.close();
});

const poll = (timeout: number) =>
  platform.updates.getUpdates(botId, { offset: 0, limit: 100, timeout, allowedUpdates: undefined });

/** Resolves once a poll of the bot has parked: parking publishes `polls.terminate` with its id. */
function parkedSoon(): Promise<void> {
  return new Promise((resolve) => {
    const off = bus.on('polls.terminate', ({ keep }) => {
      if (keep === undefined) return;
      off();
      // The poll registers itself right after publishing, in the same turn.
      queueMicrotask(resolve);
    });
  });
}

it('answers a parked poll when events may have been missed', async () => {
  const isParked = parkedSoon();
  const parked = poll(30);
  await isParked;
  bus.emit('events.resumed', {});
  // Answered now (the test's 5 s limit is far below the poll's 30 s).
  expect(await parked).toBe('[]');
});

it('ends a parked poll when another process parks a newer poll of the bot', async () => {
  const isParked = parkedSoon();
  const parked = poll(30);
  await isParked;
  // What another process publishes when its poll of this bot parks.
  bus.emit('polls.terminate', { botId, reason: 'other_poll', keep: 'elsewhere:1' });
  await expect(parked).rejects.toMatchObject({ reason: 'other_poll' });
});

it('reads from the start when the offset belongs to an earlier numbering of update_ids', async () => {
  const queue = async (text: string) =>
    store.write(async (tx) =>
      platform.updates.enqueue(tx, botId, {
        type: 'message',
        payload: { text },
        queueKey: 'c1',
        date: Math.floor(Date.now() / 1000),
      }),
    );
  const first = (await queue('before'))!;
  const offset = first + 1;
  const confirm = { offset, limit: 100, timeout: 0, allowedUpdates: undefined };
  expect(await platform.updates.getUpdates(botId, confirm)).toBe('[]');
  // The numbering restarts below the client's offset (as after a week without updates).
  await store.write(async (tx) => tx.updateBot(botId, { last_update_id: 1000 }));
  expect(await queue('after')).toBe(1001);
  expect(JSON.parse(await platform.updates.getUpdates(botId, confirm))).toEqual([
    { update_id: 1001, message: { text: 'after' } },
  ]);
  // Confirming the new numbering works as usual.
  expect(await platform.updates.getUpdates(botId, { ...confirm, offset: 1002 })).toBe('[]');
});

it('answers at once an update queued while the poll reads the store, before it parks (issue 31)', async () => {
  // Another process commits an update after the poll's read took its snapshot, and its event is
  // heard before the read's answer: the poll must not park past it (it waited for the next update
  // of the bot or its timeout, seconds on two nodes).
  const read = store.readBotQueue.bind(store);
  let first = true;
  store.readBotQueue = async (...args) => {
    const rows = await read(...args);
    if (first) {
      first = false;
      await store.write(async (tx) =>
        platform.updates.enqueue(tx, botId, {
          type: 'message',
          payload: { text: 'raced' },
          queueKey: 'c1',
          date: Math.floor(Date.now() / 1000),
        }),
      );
      platform.updates.notify(botId);
    }
    return rows;
  };
  const started = Date.now();
  // A poll of 30 s: answered with the update well within the test's 5 s limit, or the test fails.
  const answer = JSON.parse(await poll(30)) as Array<{ message: { text: string } }>;
  expect(answer.map((update) => update.message.text)).toEqual(['raced']);
  expect(Date.now() - started).toBeLessThan(2_000);
});

/** Queues updates for the bot in one write; answers their rows (`enqueue`'s `into`). */
async function queueRows(...texts: string[]): Promise<UpdateRow[]> {
  return store.write(async (tx) => {
    const rows: UpdateRow[] = [];
    for (const text of texts) {
      const update = {
        type: 'message',
        payload: { text },
        queueKey: 'c1',
        date: Math.floor(Date.now() / 1000),
      };
      await platform.updates.enqueue(tx, botId, update as NewUpdate, rows);
    }
    return rows;
  });
}

/** Counts the store's reads of the bot's queue (with its row, or alone) from now on. */
function countQueueReads(): { reads: () => number } {
  let reads = 0;
  const listUpdates = store.listUpdates.bind(store);
  store.listUpdates = (...args: Parameters<typeof store.listUpdates>) => {
    reads += 1;
    return listUpdates(...args);
  };
  const readBotQueue = store.readBotQueue.bind(store);
  store.readBotQueue = (...args: Parameters<typeof store.readBotQueue>) => {
    reads += 1;
    return readBotQueue(...args);
  };
  return { reads: () => reads };
}

it('answers a parked poll from the rows queued here that follow the last id it read, without a read', async () => {
  const isParked = parkedSoon();
  const counter = countQueueReads();
  const parked = poll(30);
  await isParked;
  expect(counter.reads()).toBe(1);
  const first = await queueRows('one', 'two');
  const second = await queueRows('three');
  // Two writes handed over in one turn: the poll answers with both.
  platform.updates.notify(botId, first);
  platform.updates.notify(botId, second);
  const ids = first.map((row) => row.update_id);
  expect(JSON.parse(await parked)).toEqual([
    { update_id: ids[0], message: { text: 'one' } },
    { update_id: ids[1], message: { text: 'two' } },
    { update_id: ids[0]! + 2, message: { text: 'three' } },
  ]);
  expect(counter.reads()).toBe(1);
});

it('reads the store when the rows handed over do not follow the last id the poll read', async () => {
  const isParked = parkedSoon();
  const counter = countQueueReads();
  const parked = poll(30);
  await isParked;
  // Queued by a write that did not hand its rows over (as another process's): an id in between.
  const unseen = await queueRows('elsewhere');
  const seen = await queueRows('here');
  platform.updates.notify(botId, seen);
  expect(JSON.parse(await parked)).toEqual([
    { update_id: unseen[0]!.update_id, message: { text: 'elsewhere' } },
    { update_id: seen[0]!.update_id, message: { text: 'here' } },
  ]);
  expect(counter.reads()).toBe(2);
});

it('answers a poll that timed out with nothing announced without reading the queue again (issue 31)', async () => {
  const counter = countQueueReads();
  const isParked = parkedSoon();
  const parked = poll(1);
  await isParked;
  // Queued while it waits by a write that announces nothing (as one whose announcement from
  // another process is still on its way): the poll does not see it; the next poll does.
  const [unannounced] = await queueRows('late');
  expect(await parked).toBe('[]');
  expect(counter.reads()).toBe(1);
  expect(JSON.parse(await poll(0))).toEqual([
    { update_id: unannounced!.update_id, message: { text: 'late' } },
  ]);
});

it('reads the queue again when a parked poll is released rather than timed out', async () => {
  const counter = countQueueReads();
  const isParked = parkedSoon();
  const parked = poll(30);
  await isParked;
  const [missed] = await queueRows('missed');
  // Events may have been missed: the poll answers with what the store holds.
  bus.emit('events.resumed', {});
  expect(JSON.parse(await parked)).toEqual([{ update_id: missed!.update_id, message: { text: 'missed' } }]);
  expect(counter.reads()).toBe(2);
});

it('reads the queue when an id the poll saw taken is handed out again after it parked', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let took!: () => void;
  const taken = new Promise<void>((resolve) => (took = resolve));
  // A write that takes an id, waits and fails: SQLite shows its increment to reads meanwhile.
  const failing = store.write(async (tx) => {
    await tx.nextUpdateId(botId, Math.floor(Date.now() / 1000));
    took();
    await gate;
    throw new Error('the write fails');
  });
  await taken;
  const isParked = parkedSoon();
  const parked = poll(30);
  await isParked;
  release();
  await expect(failing).rejects.toThrow('the write fails');
  // The failed write's id, taken again by a write that hands nothing over, then the next one's.
  const unseen = await queueRows('unseen');
  const seen = await queueRows('seen');
  platform.updates.notify(botId, seen);
  expect(JSON.parse(await parked)).toEqual([
    { update_id: unseen[0]!.update_id, message: { text: 'unseen' } },
    { update_id: seen[0]!.update_id, message: { text: 'seen' } },
  ]);
});

it('confirms what a poll here handed over without reading first whether there is anything (issue 28)', async () => {
  const [row] = await queueRows('one');
  const confirm = { limit: 100, timeout: 0, allowedUpdates: undefined };
  expect(JSON.parse(await platform.updates.getUpdates(botId, { ...confirm, offset: 0 }))).toHaveLength(1);
  const counter = countQueueReads();
  // The offset above the row handed over: a delete, then the queue's read of the answer.
  expect(await platform.updates.getUpdates(botId, { ...confirm, offset: row!.update_id + 1 })).toBe('[]');
  expect(counter.reads()).toBe(1);
  // Nothing handed over since: the same offset again reads first, finds nothing to delete, and
  // the row is gone for a poll from the start.
  expect(await platform.updates.getUpdates(botId, { ...confirm, offset: row!.update_id + 1 })).toBe('[]');
  expect(counter.reads()).toBe(3);
  expect(await platform.updates.getUpdates(botId, { ...confirm, offset: 0 })).toBe('[]');
});

it("records a queued update on the timeline with the row's JSON, made once (issue 28)", async () => {
  const payload = { message_id: 7, text: 'once', chat: { id: 42, type: 'private' } };
  const stringify = vi.spyOn(JSON, 'stringify');
  let rows: UpdateRow[];
  try {
    rows = await store.write(async (tx) => {
      const into: UpdateRow[] = [];
      const update = { type: 'message', payload, queueKey: 'c42', date: Math.floor(Date.now() / 1000) };
      await platform.updates.enqueue(tx, botId, update as NewUpdate, into);
      return into;
    });
    const made = stringify.mock.calls.filter(
      ([value]) => value === payload || (value as { message?: unknown } | undefined)?.message === payload,
    );
    expect(made).toHaveLength(1);
  } finally {
    stringify.mockRestore();
  }
  const [event] = await store.listTimeline({ botId, kind: 'update', limit: 1 });
  expect(event!.answer).toBe(JSON.stringify({ update_id: rows[0]!.update_id, message: payload }));
});
