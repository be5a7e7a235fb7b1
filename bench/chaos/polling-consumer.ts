/**
 * A getUpdates consumer across the kill: a plain fetch loop of long polls (timeout 1 s), each call
 * confirming what the last one returned with `offset` = last update_id + 1.
 *
 * Confirmation: once a call with offset X is answered 2xx, every update below X is confirmed (Parley
 * commits that before it answers, reference §3 of getUpdates); one that comes again afterwards is
 * duplicated. To see what the server kept, the first call to each new lifetime carries no offset, as
 * a bot that restarted together with the server would call: it answers from the earliest update the
 * server still holds, so a confirmation the server forgot shows up, where a consumer that kept its
 * offset would silently skip it. An update returned before the kill and not yet confirmed may come
 * again: a redelivery, allowed.
 */
import { performance } from 'node:perf_hooks';
import type { DeliveryTally } from './delivery-tally.js';
import type { KillableParley } from './killable-parley.js';
import type { UpdateConsumer } from './message-trial.js';

interface Update {
  update_id: number;
  message?: { text?: string };
}

export class PollingConsumer implements UpdateConsumer {
  /** The offset of the next call: above every update_id received. */
  #offset = 0;
  /** Every update below this was confirmed by a call answered 2xx. */
  #confirmedBelow = 0;
  /** The lifetime the last call went to. */
  #lifetime = 0;
  /** Calls started so far, the last one answered with no update, and the first settle check's count. */
  #calls = 0;
  #lastEmptyCall = -1;
  #settleMark: number | undefined;
  #stopped = false;
  readonly #abort = new AbortController();
  #loop: Promise<void> | undefined;
  /** Calls that failed while the server ran, and the first one's error. */
  #failures = 0;
  #firstFailure = '';

  constructor(
    readonly server: KillableParley,
    readonly token: string,
    readonly tally: DeliveryTally,
  ) {}

  async begin(): Promise<void> {
    this.#loop = this.#run();
  }

  /**
   * Settled once a call started after the first check came back empty. From that check on, calls
   * no longer wait (timeout 0), so that an empty answer comes at once instead of after 1 s.
   */
  async settled(): Promise<boolean> {
    this.#settleMark ??= this.#calls;
    return this.#lastEmptyCall > this.#settleMark;
  }

  /**
   * Lets the call in flight end (a long poll answers within its 1 s), and aborts it only after 3 s:
   * a server stopped right after a client gave up on a parked long poll was seen to wait seconds
   * before it closed.
   */
  async end(): Promise<string[]> {
    this.#stopped = true;
    const abort = setTimeout(() => this.#abort.abort(), 3_000);
    await this.#loop;
    clearTimeout(abort);
    return this.#failures === 0
      ? []
      : [`getUpdates failed ${this.#failures} time(s) while the server ran, first: ${this.#firstFailure}`];
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      try {
        await this.server.up();
      } catch {
        return; // the restart failed; the trial reports it
      }
      const lifetime = this.server.lifetime;
      const offset = lifetime === this.#lifetime ? this.#offset : 0;
      this.#lifetime = lifetime;
      const call = ++this.#calls;
      let updates: Update[];
      try {
        updates = await this.#getUpdates(offset);
      } catch (error) {
        // A call cut by the kill is no anomaly (its error may come after the restart, too).
        if (this.#stopped || !this.server.running || this.server.lifetime !== lifetime) continue;
        if (this.#failures++ === 0) this.#firstFailure = String(error);
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      if (offset > 0) this.#confirmedBelow = Math.max(this.#confirmedBelow, offset);
      for (const update of updates) {
        this.tally.receive(
          { updateId: update.update_id, text: update.message?.text ?? '', lifetime, at: performance.now() },
          () => update.update_id < this.#confirmedBelow,
        );
        this.#offset = Math.max(this.#offset, update.update_id + 1);
      }
      if (updates.length === 0) {
        this.#lastEmptyCall = call;
        // While settling, calls do not wait: pace them instead.
        if (this.#settleMark !== undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  async #getUpdates(offset: number): Promise<Update[]> {
    const response = await fetch(`${this.server.origin}/bot${this.token}/getUpdates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...(offset > 0 ? { offset } : {}),
        timeout: this.#settleMark === undefined ? 1 : 0,
        limit: 100,
      }),
      signal: this.#abort.signal,
    });
    const body = (await response.json()) as { ok: boolean; result?: Update[]; description?: string };
    if (!body.ok) throw new Error(`${response.status} ${body.description}`);
    return body.result!;
  }
}
