/**
 * What goes ahead for a batch's keys (pg-held-ids.ts): a group send's key names its chat and
 * several bots (store.ts WriteKey `bots`), which go ahead locked when it queues, read when it does
 * not; a batch holds no write whose bots did not go ahead with the commit before.
 */
import { describe, expect, it } from 'vitest';
import { aheadOf, coveredBy } from './pg-held-ids.js';

describe('the rows that go ahead for keys', () => {
  it("locks a group send's chat and its bots, with a private chat's bot", () => {
    const batch = [
      { key: { chat: 7, queues: true, bots: [12, 10] } },
      { key: { bot: 10, chat: 3, queues: true } },
      { key: { chat: 8, bots: [11] } },
      { key: undefined },
    ];
    expect(aheadOf(batch)).toEqual({ bots: [11], queued: [12, 10], chats: [7, 3, 8] });
  });

  it('covers a group send only when all its bots went ahead', () => {
    const taken = { bots: [], queued: [10, 12], chats: [7] };
    const group = (bots: number[]) => ({ key: { chat: 7, queues: true, bots } });
    expect(coveredBy(taken, [group([10, 12]), group([12])], 10)).toBe(2);
    expect(coveredBy(taken, [group([10]), group([10, 13]), group([10])], 10)).toBe(1);
  });
});
