/**
 * Emptied connections of closed `:memory:` stores, kept for the next store of the same template
 * (issue 28, ADR 0094): a new connection parses the schema on its first statement and prepares every
 * statement again, most of what a new `:memory:` store costs; one emptied (empty-database.ts) has its
 * schema parsed and its statements prepared already. A closed store `detach`es its connection and the
 * pool `keep`s it, emptied, or closes it; the next store `take`s it (`SqliteStore.reopen`: a new store
 * on it, every other part new).
 *
 * Bounded twice: at most `max` kept (the rest are closed), and none kept past `idleMs` without a store
 * given back (an unref'd timer closes them, so a process that stopped making stores lets them go; it
 * keeps no process alive). An in-memory connection holds no file descriptor, only its pages.
 */
import { emptyDatabase, type EmptyingPlan } from './empty-database.js';
import type { SqlStatements } from './sql-statements.js';

export interface SpareConnectionsOptions {
  /**
   * How to empty the pool's databases, worked out on the first `keep` (undefined: they cannot be
   * emptied, and every connection given back is closed).
   */
  plan: () => EmptyingPlan | undefined;
  /** The most connections kept. */
  max: number;
  /** Milliseconds after the last `keep` that the connections still kept are closed. */
  idleMs: number;
}

export class SpareConnections {
  readonly #spares: SqlStatements[] = [];
  readonly #options: SpareConnectionsOptions;
  #plan: EmptyingPlan | null | undefined;
  #idle: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: SpareConnectionsOptions) {
    this.#options = options;
  }

  /** How many connections are kept now. */
  get size(): number {
    return this.#spares.length;
  }

  /** An emptied connection, if one is kept (the most recently kept). */
  take(): SqlStatements | undefined {
    return this.#spares.pop();
  }

  /**
   * Takes the connection of a closed store: emptied and kept for the next one, or closed (`max` kept
   * already, grown past its bound, a template that cannot be emptied, or the pool closed).
   */
  keep(sql: SqlStatements): void {
    if (this.#plan === undefined) this.#plan = this.#options.plan() ?? null;
    const plan = this.#plan;
    let kept = false;
    try {
      kept = !this.#closed && plan !== null && this.#spares.length < this.#options.max;
      kept &&= emptyDatabase(sql, plan!);
    } finally {
      if (kept) {
        this.#spares.push(sql);
        this.#armIdle();
      } else sql.db.close();
    }
  }

  /** Closes the connections kept; `keep` closes those given back from now on. */
  close(): void {
    this.#closed = true;
    this.#release();
  }

  #armIdle(): void {
    if (this.#idle !== undefined) {
      this.#idle.refresh();
      return;
    }
    this.#idle = setTimeout(() => {
      this.#idle = undefined;
      this.#release();
    }, this.#options.idleMs);
    this.#idle.unref();
  }

  #release(): void {
    if (this.#idle !== undefined) clearTimeout(this.#idle);
    this.#idle = undefined;
    for (const sql of this.#spares.splice(0)) sql.db.close();
  }
}
