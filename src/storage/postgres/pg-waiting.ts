/**
 * What waits to go with a write transaction's next statement (pg-transaction.ts), in the order the
 * writes asked: rows to insert into one table, or one statement that writes one table (a delete or
 * an update whose caller needs no answer), or locks a row (pg-lock-order.ts).
 */
export type Waiting = { table: string } & (
  { columns: string[]; rows: unknown[][] } | { sql: string; params: unknown[] }
);

/**
 * Rows a multi-row insert has at most: each number of rows is a statement prepared on the
 * connection (PostgreSQL keeps some 2.5 KB a row of one), so more rows go in several.
 */
const ROWS_PER_INSERT = 32;

/** Multi-row inserts' texts, by table, columns and number of rows. */
const insertTexts = new Map<string, string>();

function insertText(table: string, columns: string[], rows: number): string {
  const key = `${table}(${columns.join()})${rows}`;
  let sql = insertTexts.get(key);
  if (sql === undefined) {
    const row = `(${columns.map(() => '?').join(', ')})`;
    sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
    insertTexts.set(key, sql);
  }
  return sql;
}

/** The statements that send what waits: more rows than a statement takes go in several. */
export function statementsOf(waiting: Waiting): Array<{ sql: string; params: unknown[] }> {
  if ('sql' in waiting) return [waiting];
  const { table } = waiting;
  const statements = [];
  for (let i = 0; i < waiting.rows.length; i += ROWS_PER_INSERT) {
    const rows = waiting.rows.slice(i, i + ROWS_PER_INSERT);
    statements.push({ sql: insertText(table, waiting.columns, rows.length), params: rows.flat() });
  }
  return statements;
}
