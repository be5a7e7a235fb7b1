/**
 * Long polls and the event port: a newer poll ends an older one wherever it parks (the event the
 * newer one publishes), and when the adapter says events may have been missed (`events.resumed`),
 * every parked poll answers with what the store holds.
 */
import { tmpdir } from 'node:os';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SystemClock } from '../core/clock.js';
import { EventBus } from '../core/event-bus.js';
import { assemblePlatform, type Platform } from '../assembly/platform.js';
import { cryptoRandom } from '../core/random.js';
import { SqliteStore } from '../../storage/sqlite/sqlite-store.js';

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
  const read = store.listUpdates.bind(store);
  let first = true;
  store.listUpdates = async (...args) => {
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
