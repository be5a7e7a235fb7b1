/**
 * A webhook consumer across the kill: the bench's loopback receiver (answers 200 to every POST and
 * keeps what arrived), set as the bot's webhook before the burst.
 *
 * Confirmation: a POST answered 200 is delivered; the server then deletes the update (its row is the
 * delivery job) in a commit after the 200, so a kill between the two makes the next lifetime POST it
 * again: a redelivery, allowed. The same update POSTed twice within one lifetime is duplicated. Each
 * arrival is assigned to the lifetime whose process was the last one spawned by then.
 */
import { botCall } from '../lib/parley.js';
import { startReceiver, type Receiver } from '../lib/receiver.js';
import type { DeliveryTally, Receipt } from './delivery-tally.js';
import type { KillableParley } from './killable-parley.js';
import type { UpdateConsumer } from './message-trial.js';

export class WebhookConsumer implements UpdateConsumer {
  #receiver: Receiver | undefined;
  /** Arrivals handed to the tally so far. */
  #read = 0;
  /** Redeliveries, and the longest time from one's earlier 200 to the kill, in ms. */
  #redeliveries = 0;
  #longestRedeliveryGap = 0;

  constructor(
    readonly server: KillableParley,
    readonly token: string,
    readonly tally: DeliveryTally,
  ) {}

  async begin(): Promise<void> {
    this.#receiver = await startReceiver();
    this.#receiver.keep = true;
    await botCall(this.server.origin, this.token, 'setWebhook', { url: this.#receiver.url });
  }

  async settled(): Promise<boolean> {
    this.#take();
    const info = (await botCall(this.server.origin, this.token, 'getWebhookInfo')) as {
      pending_update_count: number;
    };
    return info.pending_update_count === 0;
  }

  async end(): Promise<string[]> {
    const receiver = this.#receiver;
    if (!receiver) return [];
    this.#receiver = undefined;
    this.#take(receiver);
    await receiver.close();
    return this.#redeliveries > 0
      ? [
          `redelivered updates had their 200 at most ${Math.max(0, this.#longestRedeliveryGap).toFixed(0)} ms before the kill`,
        ]
      : [];
  }

  #take(receiver = this.#receiver): void {
    if (!receiver) return;
    const arrivals = receiver.kept;
    for (; this.#read < arrivals.length; this.#read++) {
      const arrival = arrivals[this.#read]!;
      const update = JSON.parse(arrival.body) as { update_id: number; message?: { text?: string } };
      const receipt: Receipt = {
        updateId: update.update_id,
        text: update.message?.text ?? '',
        lifetime: this.server.lifetimeAt(arrival.at),
        at: arrival.at,
      };
      this.tally.receive(receipt, (earlier) => {
        if (earlier.lifetime === receipt.lifetime) return true;
        this.#redeliveries += 1;
        this.#longestRedeliveryGap = Math.max(this.#longestRedeliveryGap, this.server.killedAt - earlier.at);
        return false;
      });
    }
  }
}
