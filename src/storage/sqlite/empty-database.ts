/**
 * Emptying a database made from the schema template back to what a new copy holds (issue 28, ADR
 * 0094's addendum "a closed world's connection for the next"), so that the connection of a closed
 * `:memory:` workspace serves the next one: its schema parsed and its statements prepared once, not
 * once per world.
 *
 * What a new copy holds is the template's rows (the migrations' record, the settings that migrations
 * wrote), with the per-database keys made again (`renewPerDatabase`). Emptying deletes every row of
 * every ordinary table (`sqlite_sequence` too, so that AUTOINCREMENT ids start again), empties each
 * FTS5 index with its own 'delete-all' command (its shadow tables are the module's), and writes the
 * template's rows back, in one transaction. The tables that have triggers go first (their delete
 * triggers write into other tables, which are emptied after them), and a table that a foreign key
 * references after the tables that reference it. The foreign keys stay on: turning a flag pragma such
 * as `foreign_keys` off and on expires every prepared statement of the connection (SQLite's pragma.c),
 * and keeping them is the point. Only what the world wrote is visited: a table is emptied only if it
 * holds a row and an FTS5 index only if its `_idx` table lists a segment (one query looks at them
 * all; most of a test's tables hold none), and the template's rows are written back only where their
 * table no longer reads as in the template.
 */
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';
import { RENEW_PER_DATABASE, RENEW_REQUEST_ID_KEY } from './schema-template.js';
import type { SqlStatements } from './sql-statements.js';

/** A table's rows as the template holds them. */
interface TemplateRows {
  /** The table's rows as one text (`snapshotSql`): if it reads so still, the table is left as it is. */
  snapshot: string;
  snapshotSql: string;
  delete: string;
  /** `INSERT INTO t (...) VALUES (?, ...)` for its columns. */
  insert: string;
  values: unknown[][];
}

/** What emptying a database of one template does: worked out once from the template, by its server. */
export interface EmptyingPlan {
  /** `DELETE FROM t` of each table with triggers (emptied first, whatever it holds). */
  triggered: string[];
  /** One statement that names (by their index in `empty`) the tables and indexes holding a row. */
  occupied: string;
  /**
   * How to empty each: `DELETE FROM t` of each other ordinary table without rows in the template
   * (`sqlite_sequence` included), then the 'delete-all' of each FTS5 index.
   */
  empty: string[];
  /** The tables the template has rows in, written back when they differ from it. */
  rows: TemplateRows[];
  /** The template's size in pages: a connection grown far past it is closed, not kept. */
  pages: number;
}

/** Whether a foreign key of some table references the table `?`. */
const REFERENCED =
  'SELECT 1 FROM pragma_table_list AS t, pragma_foreign_key_list(t.name) AS f WHERE t.schema = \'main\' AND f."table" = ?';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface TableListRow {
  schema: string;
  name: string;
  type: string;
}

/**
 * The plan for databases copied from `template` with `pending` migrations applied after it; undefined
 * if such a database cannot be emptied this way (a virtual table other than FTS5, or an index that
 * the template fills, or a table with triggers that the template fills or a foreign key references).
 */
export function emptyingPlan(template: Buffer, pending: readonly string[]): EmptyingPlan | undefined {
  const db = new Database(template);
  try {
    migrate(db, pending);
    const list = childrenFirst(
      db,
      (db.prepare('PRAGMA table_list').all() as TableListRow[]).filter(
        (row) => row.schema === 'main' && row.name !== 'sqlite_schema',
      ),
    );
    const withTriggers = new Set(
      db
        .prepare("SELECT DISTINCT tbl_name FROM sqlite_schema WHERE type = 'trigger'")
        .pluck()
        .all() as string[],
    );
    const triggered: string[] = [];
    // Each table or index to look at: whether it holds a row, and how to empty it.
    const checks: Array<[exists: string, empty: string]> = [];
    const fts: Array<[exists: string, empty: string]> = [];
    const rows: TemplateRows[] = [];
    for (const { name, type } of list) {
      if (type === 'virtual') {
        const sql = db.prepare('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(name) as string;
        if (!/\busing\s+fts5\b/i.test(sql)) return undefined;
        // An FTS5 index's segments are listed in its `_idx` table: empty while it holds nothing.
        const segments = quote(`${name}_idx`);
        if (db.prepare(`SELECT 1 FROM ${segments} LIMIT 1`).get() !== undefined) return undefined;
        fts.push([segments, `INSERT INTO ${quote(name)} (${quote(name)}) VALUES ('delete-all')`]);
        continue;
      }
      if (type !== 'table') continue; // views, and the FTS5 indexes' shadow tables
      const select = db.prepare(`SELECT * FROM ${quote(name)}`).raw();
      const values = select.all() as unknown[][];
      if (withTriggers.has(name)) {
        // Emptied first, and left empty: a foreign key referencing it would fail, and rows written
        // back would fire the triggers.
        if (db.prepare(REFERENCED).get(name) !== undefined || values.length > 0) return undefined;
        triggered.push(`DELETE FROM ${quote(name)}`);
      } else if (values.length === 0) {
        checks.push([quote(name), `DELETE FROM ${quote(name)}`]);
      } else {
        // Written back last, so no foreign key may tie it to another table.
        if (db.prepare(REFERENCED).get(name) !== undefined) return undefined;
        if (db.prepare('SELECT 1 FROM pragma_foreign_key_list(?)').get(name) !== undefined) return undefined;
        const columns = select.columns().map((column) => quote(column.name));
        const snapshotSql = `SELECT group_concat(${columns.map((c) => `quote(${c})`).join(" || ',' || ")}, char(10)) FROM (SELECT * FROM ${quote(name)} ORDER BY ${columns.map((_, i) => i + 1).join(', ')})`;
        rows.push({
          snapshot: db.prepare(snapshotSql).pluck().get() as string,
          snapshotSql,
          delete: `DELETE FROM ${quote(name)}`,
          insert: `INSERT INTO ${quote(name)} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
          values,
        });
      }
    }
    const all = [...checks, ...fts];
    return {
      triggered,
      occupied: all
        .map(([table], i) => `SELECT ${i} WHERE EXISTS (SELECT 1 FROM ${table})`)
        .join(' UNION ALL '),
      empty: all.map(([, empty]) => empty),
      rows,
      pages: db.pragma('page_count', { simple: true }) as number,
    };
  } finally {
    db.close();
  }
}

/** `tables` ordered so that a table a foreign key references comes after those that reference it. */
function childrenFirst(db: Database.Database, tables: TableListRow[]): TableListRow[] {
  const children = new Map<string, string[]>();
  for (const { name, type } of tables) {
    if (type !== 'table') continue;
    const parents = db
      .prepare('SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)')
      .pluck()
      .all(name) as string[];
    for (const parent of parents) children.set(parent, [...(children.get(parent) ?? []), name]);
  }
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableListRow[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: Set<string>): void => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const child of children.get(name) ?? []) place(child, path);
    placed.add(name);
    const table = byName.get(name);
    if (table !== undefined) ordered.push(table);
  };
  for (const { name } of tables) place(name, new Set());
  return ordered;
}

/**
 * Empties the database of `sql` (not in a transaction: its store is closed) as `plan` says; false if
 * it has grown past four times the template's pages (SQLite keeps a memory database's freed pages),
 * when it is better closed than kept.
 */
export function emptyDatabase(sql: SqlStatements, plan: EmptyingPlan): boolean {
  const { db } = sql;
  if ((sql.stmt('PRAGMA page_count').pluck().get() as number) > plan.pages * 4) return false;
  sql.stmt('BEGIN IMMEDIATE').run();
  try {
    for (const text of plan.triggered) sql.stmt(text).run();
    if (plan.occupied !== '') {
      // In the plan's order (children first), whatever order the query gave them in.
      const occupied = (sql.stmt(plan.occupied).pluck().all() as number[]).sort((a, b) => a - b);
      for (const i of occupied) sql.stmt(plan.empty[i]!).run();
    }
    for (const table of plan.rows) {
      if (sql.stmt(table.snapshotSql).pluck().get() === table.snapshot) continue;
      sql.stmt(table.delete).run();
      const statement = sql.stmt(table.insert);
      for (const row of table.values) statement.run(row);
    }
    sql.stmt(RENEW_PER_DATABASE).run();
    sql.stmt(RENEW_REQUEST_ID_KEY).run();
    sql.stmt('COMMIT').run();
  } catch (error) {
    if (db.inTransaction) sql.stmt('ROLLBACK').run();
    throw error;
  }
  return true;
}
