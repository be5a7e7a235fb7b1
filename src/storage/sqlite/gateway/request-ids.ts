/**
 * Where a request_id lives on SQLite (migration 030, ADR 0015): an id the adapter made is P(seq) and
 * its row is found by computing seq; any other id (a request from before 030, or one the platform
 * chose itself) is listed in `gateway_request_other_ids` with its seq. One instance per connection,
 * shared by the requests and the jobs, holds the key, the next seq to hand out and the seqs of ids
 * handed out and not yet inserted.
 */
import { randomBytes } from 'node:crypto';
import { RequestIdPermutation } from './request-id-permutation.js';
import { LruMap } from '../../lru-map.js';
import { CACHE_SIZE, remember } from './row-helpers.js';
import type { SqlStatements } from '../sql-statements.js';

export class RequestIds {
  /** Made from the key on first use (issue 28: most test worlds never make a request). */
  #permutationMade: RequestIdPermutation | undefined;
  /** The next seq to hand out; above every seq in the table when first used. */
  #nextSeq: number | undefined;
  /** Ids handed out by `make` and not inserted yet, with their seq (saves computing P⁻¹ again). */
  readonly #made = new LruMap<string, number>(CACHE_SIZE);

  /**
   * Makes the key where there is none yet (a copy of the schema template, or an emptied one, has
   * one: schema-template.ts `RENEW_REQUEST_ID_KEY`): called when the store opens, outside any write.
   */
  constructor(private readonly sql: SqlStatements) {
    if (sql.get('SELECT 1 FROM gateway_request_id_key WHERE id = 1') !== undefined) return;
    sql.run('INSERT OR IGNORE INTO gateway_request_id_key (id, key) VALUES (1, ?)', randomBytes(16));
  }

  get #permutation(): RequestIdPermutation {
    return (this.#permutationMade ??= new RequestIdPermutation(
      this.sql.get('SELECT key FROM gateway_request_id_key WHERE id = 1')!.key as Buffer,
    ));
  }

  get #next(): number {
    return (this.#nextSeq ??= this.#maxSeq() + 1);
  }

  set #next(seq: number) {
    this.#nextSeq = seq;
  }

  /** A new request_id, never handed out by this store before. */
  make(): string {
    const seq = this.#next++;
    const id = this.#permutation.idOf(seq);
    remember(this.#made, id, seq);
    return id;
  }

  /**
   * The seq to insert a request with: for an id this store made, the seq it was made from (`made`
   * true); for any other id, a fresh seq, and the id goes to the other ids.
   */
  seqForInsert(requestId: string): { seq: number; made: boolean } {
    let seq = this.#made.get(requestId);
    if (seq !== undefined) this.#made.delete(requestId);
    // Made before, and lost from the map (which starts again past CACHE_SIZE entries).
    else seq = this.#madeSeq(requestId);
    return seq === undefined ? { seq: this.#next++, made: false } : { seq, made: true };
  }

  /** The parameters of `SEQ_OF.sqlite` (sql/gateway.ts) for `requestId`: its computed seq, and the id twice. */
  seqParams(requestId: string): [number, string, string] {
    return [this.#permutation.seqOf(requestId) ?? -1, requestId, requestId];
  }

  /** Another connection took seqs this one meant to hand out (two servers on one file): skip them. */
  resync(): void {
    this.#next = Math.max(this.#next, this.#maxSeq() + 1);
  }

  #madeSeq(requestId: string): number | undefined {
    const seq = this.#permutation.seqOf(requestId);
    return seq !== undefined && seq < this.#next ? seq : undefined;
  }

  #maxSeq(): number {
    return (this.sql.get('SELECT max(seq) AS seq FROM gateway_requests')?.seq as number | null) ?? 0;
  }
}
