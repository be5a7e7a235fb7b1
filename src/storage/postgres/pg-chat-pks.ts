/**
 * Chats' pks taken from their sequence ahead, a block at a time, on the pool (one statement for
 * `BLOCK` new chats): a write that inserts a chat whose pk it knows need not wait for the insert's
 * answer (`RETURNING pk`, a round trip inside the write), so the insert goes with the write's next
 * statement (tables/chats.ts, ADR 0106 addendum "creating a world"). nextval is not transactional:
 * a pk is handed out once whatever becomes of the write that took it (a rolled-back write leaves a
 * gap, as an insert with the column's default does), and the column's default takes the next ones
 * from the same sequence. Each node has its blocks, so chats created on two nodes at once get pks
 * out of their order of creation (pks are only identities; a chat's order is its ids').
 */
import type { Client, Pool, PoolClient } from 'pg';

/** Pks a block holds: a node that stops loses at most this many (gaps, as rollbacks leave). */
export const CHAT_PKS_BLOCK = 32;

/** Prepared once per connection, under a name of its own (pg-sql.ts names its statements `p<n>`). */
const TAKE = {
  name: 'chat_pks_ahead',
  text: "SELECT nextval(pg_get_serial_sequence('chats', 'pk')) AS pk FROM generate_series(1, $1)",
};

export class ChatPks {
  #pks: number[] = [];
  /** The block being taken, which callers that find none left wait for together. */
  #taking: Promise<void> | undefined;

  /** A new chat's pk (`pool`: where a block is taken when none is left). */
  async next(pool: Pool | PoolClient | Client): Promise<number> {
    while (this.#pks.length === 0) {
      this.#taking ??= this.#take(pool).finally(() => (this.#taking = undefined));
      await this.#taking;
    }
    return this.#pks.shift()!;
  }

  async #take(pool: Pool | PoolClient | Client): Promise<void> {
    const result = await pool.query<{ pk: string }>({ ...TAKE, values: [CHAT_PKS_BLOCK] });
    this.#pks.push(...result.rows.map((row) => Number(row.pk)));
  }
}
