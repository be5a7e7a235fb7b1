/**
 * The pool of emptied connections (spare-connections.ts): a connection given back is emptied and
 * handed to the next store, at most `max` are kept (the rest closed), none past `idleMs` after the
 * last one was given back, none once the pool is closed, and none of a template that cannot be
 * emptied.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { emptyingPlan } from './empty-database.js';
import { buildSchemaTemplate } from './schema-template.js';
import { SpareConnections } from './spare-connections.js';
import { SqlStatements } from './sql-statements.js';

const template = buildSchemaTemplate();
const plan = () => emptyingPlan(template, []);

function connection(): SqlStatements {
  const db = new Database(template);
  db.pragma('foreign_keys = ON');
  return new SqlStatements(db);
}

const userCount = (sql: SqlStatements) => sql.db.prepare('SELECT count(*) FROM users').pluck().get();

/** Waits until `done()` holds, or fails after `ms`. */
async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('spare connections', () => {
  it('hands a connection given back, emptied, to the next store', () => {
    const pool = new SpareConnections({ plan, max: 2, idleMs: 60_000 });
    const sql = connection();
    sql.db.prepare("INSERT INTO users (id, is_bot, first_name, created_at) VALUES (7, 0, 'Old', 0)").run();
    expect(userCount(sql)).toBe(1);
    pool.keep(sql);
    expect(pool.size).toBe(1);
    const next = pool.take()!;
    expect(next.db).toBe(sql.db);
    expect(next.db.open).toBe(true);
    expect(userCount(next)).toBe(0);
    expect(pool.take()).toBeUndefined();
    pool.close();
    next.db.close();
  });

  it('keeps at most max, closes the rest, and closes what it keeps when closed', () => {
    const pool = new SpareConnections({ plan, max: 2, idleMs: 60_000 });
    const given = [connection(), connection(), connection()];
    for (const sql of given) pool.keep(sql);
    expect(pool.size).toBe(2);
    expect(given.map((sql) => sql.db.open)).toEqual([true, true, false]);
    pool.close();
    expect(pool.size).toBe(0);
    expect(given.every((sql) => !sql.db.open)).toBe(true);
    const late = connection();
    pool.keep(late);
    expect(late.db.open).toBe(false);
    expect(pool.size).toBe(0);
  });

  it('lets its connections go once none was given back for idleMs', async () => {
    const pool = new SpareConnections({ plan, max: 2, idleMs: 50 });
    const sql = connection();
    pool.keep(sql);
    expect(pool.size).toBe(1);
    await until(() => pool.size === 0, 10_000);
    expect(sql.db.open).toBe(false);
    // It keeps again after that.
    const again = connection();
    pool.keep(again);
    expect(pool.take()?.db).toBe(again.db);
    pool.close();
    again.db.close();
  });

  it('closes every connection of a template it cannot empty', () => {
    const pool = new SpareConnections({ plan: () => undefined, max: 2, idleMs: 60_000 });
    const sql = connection();
    pool.keep(sql);
    expect(sql.db.open).toBe(false);
    expect(pool.size).toBe(0);
  });
});
