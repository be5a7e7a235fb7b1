/**
 * The transaction a PostgreSQL write lane's last commit began for its next batch (pg-write-lane.ts),
 * and the rows that went ahead in it: those of the writes queued at that commit, or, on a busy lane
 * with none queued, a guess (the committed batch's own rows), which the lane ends with a ROLLBACK
 * when no write comes for it or the writes that come name other rows (ADR 0106, addendum "the
 * committed batch's rows ahead").
 */
import type pg from 'pg';
import { sendAhead, type Ahead, type SentAhead } from './pg-held-ids.js';
import { inOneWrite } from './pg-transaction.js';

export const BEGIN = 'BEGIN ISOLATION LEVEL SERIALIZABLE';

export class BegunAhead {
  /** The BEGIN's answer (with what ended the transaction before, if any); undefined: none open. */
  begun: Promise<unknown> | undefined;
  /** What went ahead after that BEGIN. */
  ahead: SentAhead | undefined;
  /** That was a guess, no write queued for it. */
  guessed = false;

  /** A transaction begun with a commit (`after`: the BEGIN's answer), `ahead` sent in it. */
  set(after: Promise<unknown> | undefined, ahead: SentAhead | undefined, guessed: boolean): void {
    this.begun = after;
    this.ahead = ahead;
    this.guessed = guessed && ahead !== undefined;
  }

  /** Taken by a batch (or ended): none open any more. */
  forget(): void {
    this.set(undefined, undefined, false);
  }

  /**
   * Ends the open transaction and begins another on `client`, with `keys`' rows taken ahead in it,
   * in one round trip that no one waits for here (the next batch waits for `begun`).
   */
  again(client: pg.Client, keys: Ahead | undefined): void {
    const sent = inOneWrite(client, () => {
      const ended = client.query('ROLLBACK');
      const begun = client.query(BEGIN);
      return { begun: Promise.all([ended, begun]), ahead: keys && sendAhead(client, keys) };
    });
    sent.begun.catch(() => undefined);
    this.set(sent.begun, sent.ahead, false);
  }
}
