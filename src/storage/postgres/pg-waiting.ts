/**
 * The statements a write transaction sends later (pg-transaction.ts), in the order its writes asked
 * them: rows to insert into one table, which go as multi-row inserts, or one statement that writes
 * one table. Rows of an upsert (an insert with an `ON CONFLICT ... DO UPDATE` tail) join one
 * statement too while no two of them have the same conflict key: PostgreSQL refuses a statement
 * that updates a row twice, and the rows must change it in the order asked.
 *
 * A new chat's row whose pk the write took ahead (pg-chat-pks.ts) waits as a `blind` insert: it
 * goes before the held ids' statement (pg-held-ids.ts, which writes that very row's last message
 * id), and its unique violation is a conflict that runs the write again (the pair's private chat
 * was made since a read found none, or a new group's random id was taken) instead of an error.
 * A new user's row with a random id waits blind too, but only its id's violation runs the write
 * again (another user has the id); a phone number's or username's is the write's error, as an
 * insert's at once would be (ADR 0121).
 */
/**
 * A blind insert: `true`, any unique violation runs the write again; a constraint's name, only that
 * one's does.
 */
export type Blind = true | string;

/** A statement with its parameters (pg-held-ids.ts and pg-transaction.ts send them too). */
export interface Statement {
  sql: string;
  params: unknown[];
  /** A blind insert's (see above): its unique violation runs the write again. */
  blind?: Blind;
  /** A statement whose failure with this SQLSTATE runs the write again (pg-transaction.ts `runLater`). */
  rerunOn?: string;
}

/** An insert's conflict tail (`ON CONFLICT (...) DO UPDATE ...`) and the columns of its key. */
export interface Upsert {
  key: readonly string[];
  tail: string;
}

/**
 * What waits to go with the next statement: rows to insert into one table (`upsert`: with that
 * tail; `keys`: the conflict keys of its rows), or one statement that writes one table (a delete or
 * an update whose caller needs no answer) or locks a row (pg-lock-order.ts).
 */
export type Waiting = { table: string } & (
  | { columns: string[]; rows: unknown[][]; upsert?: Upsert; keys?: Set<string>; blind?: Blind }
  | { sql: string; params: unknown[]; rerunOn?: string; joins?: string; joined?: Joined }
);

/**
 * How a statement waits (`runLater`): `rerunOn`, its failure with this SQLSTATE runs the write
 * again (a hint its caller took proved wrong); `joined`, it joins the same statement of other keys
 * waiting with it, as rows join an insert. Such a statement's parameters are a key and an array of
 * ids (`WHERE a = ? AND b = ANY(?)`), and `joined` is the text of one for several keys (two arrays
 * of the same length, the key once an id: `WHERE (a, b) IN (SELECT * FROM unnest(?, ?))`). The
 * deletes of a bot's delivered updates are one (tables/updates.ts): the deliveries of several bots
 * finished in one turn, one write each, delete theirs in one statement.
 */
export interface Later {
  rerunOn?: string;
  joined?: string;
}

/** The keys and ids of the statements joined so far (the first's among them). */
interface Joined {
  sql: string;
  keys: unknown[];
  ids: unknown[];
}

/**
 * Adds a statement to run later to what waits: one that joins (`Later`, above) joins the table's
 * last waiting statement when that is the same statement, joining the same way, and nothing of the
 * table waits after it. A statement with a rerun code never joins: its failure must name it alone.
 */
export function waitToRun(
  waiting: Waiting[],
  table: string,
  sql: string,
  params: unknown[],
  { rerunOn, joined }: Later = {},
): void {
  if (joined !== undefined && rerunOn === undefined) {
    const [key, ids] = params as [unknown, readonly unknown[]];
    const last = waiting.findLast((w) => w.table === table);
    if (last && 'sql' in last && last.sql === sql && last.joins === joined && last.rerunOn === undefined) {
      if (!last.joined) {
        last.joined = { sql: joined, keys: [], ids: [] };
        pushKeyed(last.joined, last.params[0], last.params[1] as readonly unknown[]);
      }
      pushKeyed(last.joined, key, ids);
      return;
    }
  }
  waiting.push({
    table,
    sql,
    params,
    ...(rerunOn !== undefined && { rerunOn }),
    ...(joined !== undefined && rerunOn === undefined && { joins: joined }),
  });
}

function pushKeyed(joined: Joined, key: unknown, ids: readonly unknown[]): void {
  for (const id of ids) {
    joined.keys.push(key);
    joined.ids.push(id);
  }
}

/**
 * Rows a multi-row insert has at most: each number of rows is a statement prepared on the
 * connection (PostgreSQL keeps some 2.5 KB a row of one), so more rows go in several.
 */
const ROWS_PER_INSERT = 32;

/** Multi-row inserts' texts, by table, columns, tail and number of rows. */
const insertTexts = new Map<string, string>();

function insertText(table: string, columns: string[], rows: number, tail = ''): string {
  const key = `${table}(${columns.join()})${rows}${tail}`;
  let sql = insertTexts.get(key);
  if (sql === undefined) {
    const row = `(${columns.map(() => '?').join(', ')})`;
    sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
    if (tail) sql += ` ${tail}`;
    insertTexts.set(key, sql);
  }
  return sql;
}

export function statementsOf(waiting: Waiting): Statement[] {
  if ('sql' in waiting)
    return [
      waiting.joined
        ? { sql: waiting.joined.sql, params: [waiting.joined.keys, waiting.joined.ids] }
        : waiting,
    ];
  const { table } = waiting;
  const statements = [];
  for (let i = 0; i < waiting.rows.length; i += ROWS_PER_INSERT) {
    const end = Math.min(i + ROWS_PER_INSERT, waiting.rows.length);
    // The rows' values in one list (a loop: `flat()` cost a group's creation more than the rest).
    const params: unknown[] = [];
    for (let r = i; r < end; r++) for (const value of waiting.rows[r]!) params.push(value);
    statements.push({
      sql: insertText(table, waiting.columns, end - i, waiting.upsert?.tail),
      params,
      ...(waiting.blind !== undefined && { blind: waiting.blind }),
    });
  }
  return statements;
}

/** Columns the same, in order (what a row joining a waiting insert must have). */
function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Adds a row to insert (or upsert) into `table` to what waits: it joins the table's last waiting
 * insert when nothing of that table waits after it (the statements of other tables that wait in
 * between neither read nor write it), with the same columns, tail and blindness, and, for an
 * upsert, no row of the same key.
 */
export function waitToInsert(
  waiting: Waiting[],
  table: string,
  row: Record<string, unknown>,
  upsert?: Upsert,
  blind?: Blind,
): void {
  const columns = Object.keys(row);
  const values = columns.map((column) => row[column]);
  // A conflict key's values (of one table's key columns, whose types do not vary) joined.
  const key = upsert && upsert.key.map((column) => String(row[column])).join('\u0000');
  const last = waiting.findLast((w) => w.table === table);
  if (
    last &&
    'rows' in last &&
    sameColumns(last.columns, columns) &&
    last.upsert?.tail === upsert?.tail &&
    last.blind === blind &&
    (key === undefined || !last.keys!.has(key))
  ) {
    last.rows.push(values);
    last.keys?.add(key!);
    return;
  }
  waiting.push({
    table,
    columns,
    rows: [values],
    ...(upsert && { upsert, keys: new Set([key!]) }),
    ...(blind !== undefined && { blind }),
  });
}

/** What waits, in the order to send it: blind inserts first (see above), then the rest. */
export function blindFirst(waiting: Waiting[]): { blind: Waiting[]; rest: Waiting[] } {
  const blind = waiting.filter((w) => 'rows' in w && w.blind !== undefined);
  return { blind, rest: blind.length === 0 ? waiting : waiting.filter((w) => !blind.includes(w)) };
}

/** Whether a statement's failure is a blind insert's row that exists (the write runs again). */
export function blindHit(statement: Statement, error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  const { blind } = statement;
  return code === '23505' && (blind === true || (blind !== undefined && blind === constraint));
}
