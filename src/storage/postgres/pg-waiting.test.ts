/**
 * Rows waiting to be inserted or upserted (pg-waiting.ts): rows of one table join one statement;
 * an upsert's row whose key is already in the statement starts another, after it, so that
 * PostgreSQL never updates a row twice in one statement and the row ends as the last write said.
 */
import { describe, expect, it } from 'vitest';
import { statementsOf, waitToInsert, waitToRun, type Upsert, type Waiting } from './pg-waiting.js';

const UPSERT: Upsert = {
  key: ['chat_pk', 'user_id'],
  tail: 'ON CONFLICT (chat_pk, user_id) DO UPDATE SET status = excluded.status',
};
const member = (user_id: number, status: string) => ({ chat_pk: 1, user_id, status });

describe('waiting inserts and upserts', () => {
  it('puts the rows of one table in one statement, and a second row of one key in the next', () => {
    const waiting: Waiting[] = [];
    waitToInsert(waiting, 'chat_members', member(1, 'member'), UPSERT);
    waitToInsert(waiting, 'chat_members', member(2, 'member'), UPSERT);
    waitToInsert(waiting, 'chat_members', member(1, 'administrator'), UPSERT);
    waitToInsert(waiting, 'chat_members', member(3, 'member'), UPSERT);
    const statements = waiting.flatMap(statementsOf);
    expect(statements.map((s) => s.params)).toEqual([
      [1, 1, 'member', 1, 2, 'member'],
      [1, 1, 'administrator', 1, 3, 'member'],
    ]);
    expect(statements[0]!.sql).toBe(
      `INSERT INTO chat_members (chat_pk, user_id, status) VALUES (?, ?, ?), (?, ?, ?) ${UPSERT.tail}`,
    );
  });

  it("keeps plain inserts and upserts apart; rows join their table's last insert past other tables", () => {
    const waiting: Waiting[] = [];
    waitToInsert(waiting, 'chat_members', member(1, 'member'));
    waitToInsert(waiting, 'chat_members', member(2, 'member'), UPSERT);
    waitToInsert(waiting, 'messages', { chat_pk: 1, message_id: 1 });
    waitToInsert(waiting, 'chat_members', member(3, 'member'), UPSERT);
    waitToInsert(waiting, 'messages', { chat_pk: 1, message_id: 2 });
    expect(
      waiting
        .flatMap(statementsOf)
        .map((s) => [s.sql.split(' ')[2], s.params.length, /ON CONFLICT/.test(s.sql)]),
    ).toEqual([
      ['chat_members', 3, false],
      ['chat_members', 6, true],
      ['messages', 4, false],
    ]);
  });
});

describe('waiting statements that join (Later.joined)', () => {
  const ONE = 'DELETE FROM t WHERE k = ? AND id = ANY(?::bigint[])';
  const MANY = 'DELETE FROM t WHERE (k, id) IN (SELECT * FROM unnest(?::bigint[], ?::bigint[]))';
  const joins = { joined: MANY };

  it("joins one key's statement to the same statement of other keys, past other tables", () => {
    const waiting: Waiting[] = [];
    waitToRun(waiting, 't', ONE, [1, [10, 11]], joins);
    waitToInsert(waiting, 'log', { k: 1 });
    waitToRun(waiting, 't', ONE, [2, [12]], joins);
    waitToInsert(waiting, 'log', { k: 2 });
    expect(waiting.flatMap(statementsOf)).toEqual([
      {
        sql: MANY,
        params: [
          [1, 1, 2],
          [10, 11, 12],
        ],
      },
      { sql: 'INSERT INTO log (k) VALUES (?), (?)', params: [1, 2] },
    ]);
  });

  it('leaves a statement alone with no other, after another of its table, with a rerun code or not asked to join', () => {
    const waiting: Waiting[] = [];
    waitToRun(waiting, 't', ONE, [1, [10]], joins);
    waitToInsert(waiting, 't', { k: 9 });
    waitToRun(waiting, 't', ONE, [2, [12]], joins);
    waitToRun(waiting, 't', ONE, [3, [13]], { ...joins, rerunOn: '40001' });
    waitToRun(waiting, 't', ONE, [4, [14]]);
    waitToRun(waiting, 't', ONE, [5, [15]], joins);
    waitToRun(waiting, 't', ONE, [6, [16]]);
    expect(waiting.flatMap(statementsOf).map((s) => [s.sql, s.params])).toEqual([
      [ONE, [1, [10]]],
      ['INSERT INTO t (k) VALUES (?)', [9]],
      [ONE, [2, [12]]],
      [ONE, [3, [13]]],
      [ONE, [4, [14]]],
      [ONE, [5, [15]]],
      [ONE, [6, [16]]],
    ]);
  });
});
