/**
 * Rows waiting to be inserted or upserted (pg-waiting.ts): rows of one table join one statement;
 * an upsert's row whose key is already in the statement starts another, after it, so that
 * PostgreSQL never updates a row twice in one statement and the row ends as the last write said.
 */
import { describe, expect, it } from 'vitest';
import { statementsOf, waitToInsert, type Upsert, type Waiting } from './pg-waiting.js';

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
