/**
 * Emptying a database made from the schema template (empty-database.ts): after a row in every table
 * that takes one (and the message search index), every table holds what a new copy of the template
 * holds, the per-database key made again; a store reopened on it starts its ids where a new one does.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { chat, user } from '../contracts/fixtures.js';
import { emptyDatabase, emptyingPlan } from './empty-database.js';
import { buildSchemaTemplate, MEMORY_PAGE_SIZE } from './schema-template.js';
import { SqlStatements } from './sql-statements.js';
import { SqliteStore } from './sqlite-store.js';

const template = buildSchemaTemplate(undefined, MEMORY_PAGE_SIZE);
const plan = emptyingPlan(template, [])!;

type Db = Database.Database;

/** Every table's rows (the FTS5 indexes' shadow tables too), by name; the id key left out. */
function contents(db: Db): Record<string, unknown[]> {
  const names = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  const tables: Record<string, unknown[]> = {};
  for (const name of names) {
    if (/^message_search$/.test(name)) continue; // the virtual table: read through its shadow tables
    if (name === 'gateway_request_id_key') continue; // made per database: `requestIdKey`
    tables[name] = (db.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[][]).filter(
      (row) => !(name === 'settings' && row[0] === 'files.id_key'),
    );
  }
  return tables;
}

const idKey = (db: Db) =>
  db.prepare("SELECT value FROM settings WHERE key = 'files.id_key'").pluck().get() as string;
const requestIdKey = (db: Db) =>
  db.prepare('SELECT hex(key) FROM gateway_request_id_key WHERE id = 1').pluck().get() as string | undefined;

/** A value of a column's declared type: a number, or text (JSON for a column that checks it). */
function value(type: string, json: boolean): unknown {
  if (/INT/i.test(type)) return 7;
  if (/REAL|FLOA|DOUB|NUM/i.test(type)) return 1.5;
  if (/BLOB/i.test(type)) return Buffer.from([1, 2]);
  return json ? '{}' : 'x';
}

/** Puts a row in every ordinary table that takes one of plain values; the names of those that did. */
function fillEveryTable(db: Db): string[] {
  db.pragma('foreign_keys = OFF');
  const filled: string[] = [];
  const tables = db
    .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table'")
    .pluck()
    .all() as string[];
  for (const name of tables.filter((table) => !table.startsWith('sqlite_'))) {
    const columns = db.prepare(`SELECT name, type FROM pragma_table_info(?)`).all(name) as Array<{
      name: string;
      type: string;
    }>;
    const list = columns.map((column) => `"${column.name}"`).join(', ');
    const marks = columns.map(() => '?').join(', ');
    for (const json of [false, true]) {
      try {
        db.prepare(`INSERT OR REPLACE INTO "${name}" (${list}) VALUES (${marks})`).run(
          ...columns.map((column) => value(column.type, json)),
        );
        filled.push(name);
        break;
      } catch {
        // A CHECK refused it: the other kind of text.
      }
    }
  }
  db.pragma('foreign_keys = ON');
  return filled;
}

describe('emptying a database back to the template', () => {
  it('leaves every table as a new copy holds it, the index and the sequences included', () => {
    const fresh = new Database(template);
    const used = new Database(template);
    try {
      const before = idKey(used);
      const filled = fillEveryTable(used);
      // Nearly every table took a row (a few CHECKs want values of their own).
      expect(filled.length).toBeGreaterThan(Object.keys(contents(fresh)).length * 0.6);
      expect(filled).toContain('messages');
      used.prepare("INSERT INTO message_search (rowid, text) VALUES (4294967297, 'parsnip soup')").run();
      expect(contents(used)).not.toEqual(contents(fresh));

      const sql = new SqlStatements(used);
      expect(emptyDatabase(sql, plan)).toBe(true);
      expect(contents(used)).toEqual(contents(fresh));
      expect(idKey(used)).not.toBe(before);
      // The gateway's request-id key is made again: a new one, of 16 bytes.
      expect(requestIdKey(used)).toMatch(/^[0-9A-F]{32}$/);
      expect(requestIdKey(used)).not.toBe(requestIdKey(fresh));
      expect(
        used.prepare("SELECT rowid FROM message_search WHERE message_search MATCH 'parsnip'").all(),
      ).toEqual([]);
      expect(used.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(used.inTransaction).toBe(false);
      // Again, with the statements prepared the first time.
      const firstKey = requestIdKey(used);
      fillEveryTable(used);
      expect(emptyDatabase(sql, plan)).toBe(true);
      expect(contents(used)).toEqual(contents(fresh));
      expect(requestIdKey(used)).toMatch(/^[0-9A-F]{32}$/);
      expect(requestIdKey(used)).not.toBe(firstKey);
    } finally {
      fresh.close();
      used.close();
    }
  });

  it('gives a store reopened on the connection the ids a new store gives', async () => {
    const options = { template, migrations: [] };
    // A chat's pk is the rowid a new database gives.
    const ids = async (store: SqliteStore) =>
      store.write(async (tx) => {
        await tx.setSetting('world.mark', 'set');
        await tx.insertUser(user(1));
        await tx.insertUser(user(2));
        await tx.insertUser(user(3));
        return [
          await tx.insertChat(chat({ user_a: 1, user_b: 2 })),
          await tx.insertChat(chat({ user_a: 1, user_b: 3 })),
        ];
      });
    const first = SqliteStore.open(':memory:', options);
    const expected = await ids(first);
    const sql = (await first.detach())!;
    expect(emptyDatabase(sql, plan)).toBe(true);
    const key = requestIdKey(sql.db);
    expect(key).toMatch(/^[0-9A-F]{32}$/);
    const changes = sql.db.prepare('SELECT total_changes()').pluck();
    const before = changes.get();
    const second = SqliteStore.reopen(sql);
    try {
      // The emptying made the request-id key: the new store writes nothing as it opens.
      expect(changes.get()).toBe(before);
      expect(requestIdKey(sql.db)).toBe(key);
      expect(await second.read((view) => view.getSetting('world.mark'))).toBeUndefined();
      expect(await ids(second)).toEqual(expected);
      // The first store is closed for good: a write through it, and a read of its parts, are refused.
      await expect(first.write(async () => undefined)).rejects.toThrow('closed');
      await expect((async () => first.getSetting('world.mark'))()).rejects.toThrow('closed');
    } finally {
      await second.close();
    }
  });

  it('declines a database grown to more than four times the template', () => {
    const db = new Database(template);
    try {
      db.exec('CREATE TABLE big (b BLOB)');
      const insert = db.prepare('INSERT INTO big VALUES (randomblob(4000))');
      const pages = plan.pages * 4;
      for (let i = 0; i * 4000 < pages * MEMORY_PAGE_SIZE; i++) insert.run();
      expect(emptyDatabase(new SqlStatements(db), plan)).toBe(false);
    } finally {
      db.close();
    }
  });
});
