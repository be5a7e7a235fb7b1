/**
 * The committed batch's own rows taken ahead with its commit on a busy lane (pg-write-lane.ts
 * `#commit`, pg-lane-begun.ts; ADR 0106, addendum "the committed batch's rows ahead"): the writes
 * that come during the commit's round trip find them taken; a guess no write came for is ended
 * (its rows not held while the lane waits); one the writes that come do not cover is ended and the
 * transaction begun again with the batch's rows, in one round trip, the batch not cut; a batch whose
 * rows differ from the one before's, or a lane that runs one write at a time, guesses nothing. Skipped without a PostgreSQL server.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgStore } from './pg-store.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';
import { bot, user } from '../contracts/fixtures.js';
import type { StoreTx } from '../store.js';

const PERSON = 1;
const BOTS = [10, 11];
const CHATS_TAKEN = /FROM chats c WHERE c\.pk = ANY\(\$1::bigint\[\]\) ORDER BY c\.pk FOR UPDATE OF c/;

interface Sent {
  text: string;
  /** COMMITs answered when the statement was sent. */
  committed: number;
}

/**
 * Records what the write connections send, in order, and how many COMMITs had answered by then;
 * `onCommit(n)` runs as the n-th COMMIT (from 1) is sent, before its answer.
 */
function recordWrites(onCommit: (n: number) => void = () => undefined) {
  const sent: Sent[] = [];
  let commits = 0;
  let committed = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function recorded(this: pg.Client, config: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '?');
    const pipeline = (this as unknown as { pipeline?: boolean }).pipeline;
    if (pipeline) sent.push({ text, committed });
    const answer = (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    if (pipeline && text === 'COMMIT') {
      void (answer as Promise<unknown>).then(() => (committed += 1)).catch(() => undefined);
      onCommit(++commits);
    }
    return answer;
  } as typeof query;
  return { sent, stop: () => void (pg.Client.prototype.query = query) };
}

/** A bot's message in its private chat: a message id and the message. */
const botSends = (chatPk: number, botId: number) => async (tx: StoreTx) => {
  const id = await tx.nextMessageId(chatPk);
  await tx.insertMessage({
    chat_pk: chatPk,
    message_id: id,
    sender_id: botId,
    date: 1,
    edit_date: null,
    body: '{}',
  });
  return id;
};

describe.skipIf(!postgresAvailable)("PostgreSQL lanes: the committed batch's rows ahead", () => {
  let schema: string;
  let store: PgStore;
  /** The person's private chat with each bot, by bot. */
  const chats = new Map<number, number>();
  const send = (botId: number) =>
    store.write({ bot: botId, chat: chats.get(botId)! }, botSends(chats.get(botId)!, botId));

  beforeEach(async () => {
    schema = testSchema();
    store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 3 });
    await store.write(async (tx) => {
      await tx.insertUser(user(PERSON));
      for (const id of BOTS) {
        await tx.insertUser(user(id, { is_bot: true, phone_number: null, username: `guess_${id}_bot` }));
        await tx.insertBot(bot(id));
        const pk = await tx.insertChat({
          id: null,
          type: 'private',
          title: null,
          username: null,
          description: null,
          user_a: PERSON,
          user_b: id,
          last_message_id: 0,
          created_at: 1,
        });
        chats.set(id, pk);
      }
    });
  });

  afterEach(async () => {
    await store.close();
    await dropSchema(schema);
  });

  it('takes them with the commit, and the writes that come during it find them taken', async () => {
    // The batch before names the same rows (a lane that writes one chat).
    expect(await send(10)).toBe(1);
    let later: Array<Promise<number>> = [];
    const recorder = recordWrites((n) => {
      if (n === 1) later = [send(10), send(10)];
    });
    let first;
    try {
      first = await Promise.all([send(10), send(10)]);
      expect(await Promise.all(later)).toEqual([4, 5]);
    } finally {
      recorder.stop();
    }
    expect(first).toEqual([2, 3]);
    const texts = recorder.sent.map((s) => s.text);
    const commit = texts.indexOf('COMMIT');
    // The next batch's rows went with the first COMMIT, before it answered: no write was queued.
    expect(
      recorder.sent.slice(commit + 1, commit + 4).map((s) => [s.text.slice(0, 30), s.committed]),
    ).toEqual([
      ['BEGIN ISOLATION LEVEL SERIALIZ', 0],
      ['SELECT c.pk, c.last_message_id', 0],
      ['SELECT * FROM bots WHERE id = ', 0],
    ]);
    // And the batch that came took nothing more: one COMMIT for both, no ROLLBACK before it.
    const second = texts.indexOf('COMMIT', commit + 1);
    expect(second).toBeGreaterThan(commit);
    const between = texts.slice(commit + 4, second);
    expect(between.filter((text) => CHATS_TAKEN.test(text) || text === 'ROLLBACK')).toEqual([]);
    expect(texts.filter((text) => text === 'COMMIT')).toHaveLength(2);
    const { rows } = await store.pool.query('SELECT last_message_id FROM chats WHERE pk = $1', [
      chats.get(10),
    ]);
    expect(Number(rows[0].last_message_id)).toBe(5);
  });

  it('ends a guess no write came for: its rows are free while the lane waits', async () => {
    expect(await send(10)).toBe(1);
    const recorder = recordWrites();
    try {
      expect(await Promise.all([send(10), send(10)])).toEqual([2, 3]);
      // Another connection can lock the chat's row (within a deadline: the ROLLBACK is on its way).
      const client = await store.pool.connect();
      try {
        const deadline = Date.now() + 5000;
        for (;;) {
          await client.query('BEGIN');
          const locked = await client
            .query('SELECT 1 FROM chats WHERE pk = $1 FOR UPDATE NOWAIT', [chats.get(10)])
            .then(
              () => true,
              () => false,
            );
          await client.query('ROLLBACK');
          if (locked) break;
          if (Date.now() > deadline) throw new Error("the chat's row stayed locked");
          await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        client.release();
      }
    } finally {
      recorder.stop();
    }
    const texts = recorder.sent.map((s) => s.text);
    const commit = texts.indexOf('COMMIT');
    expect(texts.slice(commit + 1).map((text) => text.slice(0, 30))).toEqual([
      'BEGIN ISOLATION LEVEL SERIALIZ',
      'SELECT c.pk, c.last_message_id',
      'SELECT * FROM bots WHERE id = ',
      'ROLLBACK',
      'BEGIN ISOLATION LEVEL SERIALIZ',
    ]);
  });

  it('begins again with the rows of writes the guess does not cover, in one round trip, the batch whole', async () => {
    expect(await send(10)).toBe(1);
    let later: Array<Promise<number>> = [];
    const recorder = recordWrites((n) => {
      if (n === 1) later = [send(11), send(10)];
    });
    try {
      expect(await Promise.all([send(10), send(10)])).toEqual([2, 3]);
      expect(await Promise.all(later)).toEqual([1, 4]);
    } finally {
      recorder.stop();
    }
    const texts = recorder.sent.map((s) => s.text.slice(0, 30));
    const rollback = texts.indexOf('ROLLBACK');
    expect(rollback).toBeGreaterThan(0);
    // Sent together (no answer awaited between them): the ROLLBACK, the BEGIN and the batch's rows.
    expect(texts.slice(rollback, rollback + 4)).toEqual([
      'ROLLBACK',
      'BEGIN ISOLATION LEVEL SERIALIZ',
      'SELECT c.pk, c.last_message_id',
      'SELECT * FROM bots WHERE id = ',
    ]);
    // Both writes that came in one batch, which took nothing more: one more COMMIT.
    const second = texts.indexOf('COMMIT', rollback);
    expect(second).toBeGreaterThan(rollback);
    expect(texts.slice(rollback + 4, second).filter((text) => CHATS_TAKEN.test(text))).toEqual([]);
    expect(texts.filter((text) => text === 'COMMIT')).toHaveLength(2);
  });

  it('guesses nothing after a batch whose rows differ from the one before', async () => {
    expect(await send(11)).toBe(1);
    const recorder = recordWrites();
    try {
      expect(await Promise.all([send(10), send(10)])).toEqual([1, 2]);
    } finally {
      recorder.stop();
    }
    const texts = recorder.sent.map((s) => s.text);
    const commit = texts.indexOf('COMMIT');
    expect(texts.slice(commit + 1)).toEqual(['BEGIN ISOLATION LEVEL SERIALIZABLE']);
  });

  it('guesses nothing when the lane runs one write at a time', async () => {
    const recorder = recordWrites();
    try {
      expect(await send(10)).toBe(1);
      expect(await send(10)).toBe(2);
    } finally {
      recorder.stop();
    }
    const texts = recorder.sent.map((s) => s.text);
    expect(texts.filter((text) => CHATS_TAKEN.test(text))).toHaveLength(2);
    expect(texts).not.toContain('ROLLBACK');
    // With each COMMIT (before its answer), the next BEGIN only.
    let commits = 0;
    recorder.sent.forEach(({ text }, i) => {
      if (text !== 'COMMIT') return;
      commits += 1;
      const withIt = recorder.sent.slice(i + 1).filter((s) => s.committed < commits);
      expect(withIt.map((s) => s.text)).toEqual(['BEGIN ISOLATION LEVEL SERIALIZABLE']);
    });
    expect(commits).toBe(2);
  });
});
