/**
 * The accounting of a polling or webhook trial: which messages were sent (each with a unique text),
 * which the bot received, and the verdict.
 *
 * - acknowledged: the send (`POST /control/messages`) got a complete 2xx answer; Parley answers after
 *   its commit, so the message and its update are durable from then on.
 * - unanswered: the send got no answer (in flight at the kill); the message may or may not exist,
 *   and either is correct. Counted apart, with how many of them were received anyway.
 * - lost: acknowledged, and never received by the bot by the end of the trial. Always a defect.
 * - duplicated: a receipt the server should not have made again. Either the same message received
 *   under a second update_id (it was queued twice), or an update received again although an earlier
 *   receipt of it was confirmed in a way the server must keep (the mode decides: a later offset
 *   answered 2xx for getUpdates; a 2xx answered in the same lifetime for webhooks). A defect.
 * - redelivered (allowed): an update received again whose earlier receipt was not confirmed that way
 *   (returned by getUpdates before the kill and not yet confirmed by a later offset; POSTed and
 *   answered 2xx shortly before the kill, whose deletion had not committed). At-least-once delivery
 *   allows it.
 * - unexpected: an update whose text was never sent. A defect.
 */
export interface Receipt {
  updateId: number;
  text: string;
  /** The server's lifetime (KillableParley.lifetime) when it was received. */
  lifetime: number;
  /** performance.now() of the receipt. */
  at: number;
}

export interface TallyCounts {
  acknowledged: number;
  received: number;
  lost: number;
  duplicated: number;
  redelivered: number;
  unanswered: number;
  unansweredReceived: number;
  unexpected: number;
}

export class DeliveryTally {
  readonly #sent = new Map<string, 'acknowledged' | 'unanswered' | 'rejected'>();
  /** The last receipt of each update_id. */
  readonly #byUpdate = new Map<number, Receipt>();
  /** The first update_id each text came under. */
  readonly #byText = new Map<string, number>();
  #duplicated = 0;
  #redelivered = 0;
  /** The first few defects, described for the report. */
  readonly defects: string[] = [];

  sent(text: string, outcome: 'acknowledged' | 'unanswered' | 'rejected'): void {
    this.#sent.set(text, outcome);
  }

  /**
   * One receipt. `confirmed(earlier)` says whether an earlier receipt of the same update was confirmed
   * in a way the server must keep, which makes this one a duplicate rather than a redelivery.
   */
  receive(receipt: Receipt, confirmed: (earlier: Receipt) => boolean): void {
    const earlier = this.#byUpdate.get(receipt.updateId);
    this.#byUpdate.set(receipt.updateId, receipt);
    if (earlier) {
      if (earlier.text !== receipt.text) {
        this.#defect(`update ${receipt.updateId} came with "${earlier.text}", then with "${receipt.text}"`);
        this.#duplicated += 1;
      } else if (confirmed(earlier)) {
        this.#defect(
          `update ${receipt.updateId} ("${receipt.text}") came again in lifetime ${receipt.lifetime} ` +
            `after its receipt in lifetime ${earlier.lifetime} was confirmed`,
        );
        this.#duplicated += 1;
      } else {
        this.#redelivered += 1;
      }
      return;
    }
    const first = this.#byText.get(receipt.text);
    if (first !== undefined) {
      this.#defect(`"${receipt.text}" came as update ${first} and again as update ${receipt.updateId}`);
      this.#duplicated += 1;
      return;
    }
    this.#byText.set(receipt.text, receipt.updateId);
  }

  /** Acknowledged messages not received yet. */
  missing(): string[] {
    return [...this.#sent]
      .filter(([text, how]) => how === 'acknowledged' && !this.#byText.has(text))
      .map(([t]) => t);
  }

  /** Received texts that were never sent (known only once every send is recorded). */
  unexpected(): string[] {
    return [...this.#byText.keys()].filter((text) => !this.#sent.has(text));
  }

  counts(): TallyCounts {
    let acknowledged = 0;
    let received = 0;
    let unanswered = 0;
    let unansweredReceived = 0;
    for (const [text, how] of this.#sent) {
      if (how === 'acknowledged') {
        acknowledged += 1;
        if (this.#byText.has(text)) received += 1;
      } else if (how === 'unanswered') {
        unanswered += 1;
        if (this.#byText.has(text)) unansweredReceived += 1;
      }
    }
    return {
      acknowledged,
      received,
      lost: acknowledged - received,
      duplicated: this.#duplicated,
      redelivered: this.#redelivered,
      unanswered,
      unansweredReceived,
      unexpected: this.unexpected().length,
    };
  }

  #defect(description: string): void {
    if (this.defects.length < 5) this.defects.push(description);
  }
}
