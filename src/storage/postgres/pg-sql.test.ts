/**
 * A transaction's read memo (pg-sql.ts ReadMemo), against a stand-in connection that counts what it
 * is asked: a plain read is asked once until the transaction writes a table it read.
 */
import { describe, expect, it } from 'vitest';
import type { PoolClient } from 'pg';
import { PgSql, ReadMemo } from './pg-sql.js';

function connection() {
  const asked: string[] = [];
  let version = 0;
  const db = {
    query: async ({ text }: { text: string }) => {
      asked.push(text);
      if (!/^\s*SELECT/i.test(text)) version += 1;
      return { rows: [{ id: 1, version }], rowCount: 1 };
    },
  } as unknown as PoolClient;
  return { asked, sql: new PgSql(db, undefined, new ReadMemo()) };
}

describe('ReadMemo', () => {
  it('answers a repeated plain read from the memo, with copies', async () => {
    const { asked, sql } = connection();
    const first = await sql.get('SELECT * FROM chats WHERE pk = ?', 1);
    first!.version = 99;
    expect(await sql.get('SELECT * FROM chats WHERE pk = ?', 1)).toEqual({ id: 1, version: 0 });
    await sql.get('SELECT * FROM chats WHERE pk = ?', 2);
    expect(asked).toHaveLength(2);
  });

  it('forgets the reads of a table the transaction writes, and only those', async () => {
    const { asked, sql } = connection();
    await sql.get('SELECT * FROM chats WHERE pk = ?', 1);
    await sql.get('SELECT m.* FROM chat_members m JOIN users u ON u.id = m.user_id WHERE m.chat_pk = ?', 1);
    await sql.run('UPDATE users SET first_name = ? WHERE id = ?', 'A', 1);
    expect((await sql.get('SELECT * FROM chats WHERE pk = ?', 1))?.version).toBe(0);
    const members = await sql.all(
      'SELECT m.* FROM chat_members m JOIN users u ON u.id = m.user_id WHERE m.chat_pk = ?',
      1,
    );
    expect(members[0]?.version).toBe(1);
    await sql.insert('chats', { pk: 2 });
    await sql.get('SELECT * FROM chats WHERE pk = ?', 1);
    await sql.get('UPDATE chats SET last_message_id = last_message_id + 1 WHERE pk = ? RETURNING *', 1);
    await sql.get('SELECT * FROM chats WHERE pk = ?', 1);
    expect(asked.filter((text) => text.startsWith('SELECT * FROM chats'))).toHaveLength(3);
  });

  it('keeps nothing across a statement it cannot read, a lock or a rollback', async () => {
    const { asked, sql } = connection();
    await sql.get('SELECT * FROM chats WHERE pk = ?', 1);
    await sql.run('WITH x AS (DELETE FROM chats RETURNING pk) SELECT count(*) FROM x');
    await sql.get('SELECT * FROM chats WHERE pk = ?', 1);
    await sql.get('SELECT * FROM updates WHERE bot_id = ? FOR UPDATE', 1);
    await sql.get('SELECT * FROM updates WHERE bot_id = ? FOR UPDATE', 1);
    sql.memo!.clear();
    await sql.get('SELECT * FROM chats WHERE pk = ?', 1);
    expect(asked.filter((text) => text.startsWith('SELECT'))).toHaveLength(5);
  });
});
