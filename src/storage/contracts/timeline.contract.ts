/** The storage contract of the timeline (ports/timeline.ts, ADR 0099). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import type { NewTimelineEvent } from '../ports/timeline.js';

function event(at: number, extra: Partial<NewTimelineEvent> = {}): NewTimelineEvent {
  return {
    at,
    kind: 'call',
    name: 'sendMessage',
    bot_id: 1,
    chat_id: 10,
    person_id: null,
    status: 'ok',
    summary: `sendMessage ${at}`,
    duration_ms: 2,
    request: '{"chat_id":"10","text":"hi"}',
    answer: '{"ok":true}',
    ...extra,
  };
}

export function timelineContract(open: () => Promise<Store>): void {
  describe('timeline (ports/timeline.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('lists the newest events first, by filter, search and cursor', async () => {
      await store.write(async (tx) => {
        await tx.insertTimelineEvents([
          event(1000),
          event(2000, { bot_id: 2, chat_id: 20, status: 'error', answer: '{"ok":false}' }),
          event(3000, { kind: 'update', name: 'message', person_id: 7, summary: 'message from 50% Off_x' }),
        ]);
        await tx.insertTimelineEvents([event(4000, { request: '{"text":"Needle in a haystack"}' })]);
      });
      const all = await store.listTimeline({ limit: 10 });
      expect(all.map((row) => row.at)).toEqual([4000, 3000, 2000, 1000]);
      expect(all[3]).toMatchObject({ ...event(1000), id: expect.any(Number) as number });
      expect((await store.listTimeline({ botId: 2, limit: 10 })).map((row) => row.at)).toEqual([2000]);
      expect((await store.listTimeline({ chatId: 10, limit: 10 })).map((row) => row.at)).toEqual([
        4000, 3000, 1000,
      ]);
      expect((await store.listTimeline({ personId: 7, limit: 10 })).map((row) => row.at)).toEqual([3000]);
      expect((await store.listTimeline({ kind: 'update', limit: 10 })).map((row) => row.at)).toEqual([3000]);
      expect((await store.listTimeline({ status: 'error', limit: 10 })).map((row) => row.at)).toEqual([2000]);
      // Search: the summary, the request or the answer; any case; % and _ are themselves.
      expect((await store.listTimeline({ q: 'needle', limit: 10 })).map((row) => row.at)).toEqual([4000]);
      expect((await store.listTimeline({ q: '50% off_', limit: 10 })).map((row) => row.at)).toEqual([3000]);
      expect(await store.listTimeline({ q: '5_%', limit: 10 })).toEqual([]);
      expect((await store.listTimeline({ q: 'ok":false', limit: 10 })).map((row) => row.at)).toEqual([2000]);
      // The cursor: the page below an id, and what came after one.
      const [, second] = all;
      expect((await store.listTimeline({ beforeId: second!.id, limit: 1 })).map((row) => row.at)).toEqual([
        2000,
      ]);
      expect((await store.listTimeline({ afterId: second!.id, limit: 10 })).map((row) => row.at)).toEqual([
        4000,
      ]);
    });

    it('writes a large batch whole, in its order (the timeline writes its events in batches)', async () => {
      // Sizes around the adapters' statements of many rows: every row, each value, the order kept.
      const rows = Array.from({ length: 75 }, (_, n) =>
        event(n + 1, {
          bot_id: n % 3 === 0 ? null : n,
          chat_id: n % 5,
          person_id: n % 2 === 0 ? n : null,
          duration_ms: n % 4 === 0 ? null : n,
          request: n % 6 === 0 ? null : `{"n":"${n}"}`,
          answer: n % 7 === 0 ? null : `{"ok":true,"result":${n}}`,
        }),
      );
      await store.write((tx) => tx.insertTimelineEvents(rows));
      const all = await store.listTimeline({ limit: 100 });
      expect(all.map(({ id: _id, ...row }) => row)).toEqual([...rows].reverse());
      expect(all.map((row) => row.id)).toEqual([...all.map((row) => row.id)].sort((a, b) => b - a));
    });

    it('prunes by count and by age, and again changes nothing', async () => {
      await store.write((tx) => tx.insertTimelineEvents([1, 2, 3, 4, 5, 6].map((n) => event(n * 1000))));
      expect(await store.write((tx) => tx.pruneTimeline(4, 0, 1000))).toBe(2);
      expect((await store.listTimeline({ limit: 10 })).map((row) => row.at)).toEqual([
        6000, 5000, 4000, 3000,
      ]);
      expect(await store.write((tx) => tx.pruneTimeline(4, 4500, 1000))).toBe(2);
      expect((await store.listTimeline({ limit: 10 })).map((row) => row.at)).toEqual([6000, 5000]);
      expect(await store.write((tx) => tx.pruneTimeline(4, 4500, 1000))).toBe(0);
      expect(await store.write((tx) => tx.pruneTimeline(10, 10_000, 1000))).toBe(2);
      expect(await store.listTimeline({ limit: 10 })).toEqual([]);
    });

    it('prunes the oldest first, at most a slice at a time', async () => {
      await store.write((tx) => tx.insertTimelineEvents([1, 2, 3, 4, 5, 6, 7].map((n) => event(n * 1000))));
      const ats = async () => (await store.listTimeline({ limit: 10 })).map((row) => row.at);
      expect(await store.write((tx) => tx.pruneTimeline(2, 0, 2))).toBe(2);
      expect(await ats()).toEqual([7000, 6000, 5000, 4000, 3000]);
      expect(await store.write((tx) => tx.pruneTimeline(2, 0, 2))).toBe(2);
      expect(await store.write((tx) => tx.pruneTimeline(2, 0, 2))).toBe(1);
      expect(await ats()).toEqual([7000, 6000]);
      // By age, in slices too: everything older than 7 s goes, 1 at a time.
      expect(await store.write((tx) => tx.pruneTimeline(10, 6500, 1))).toBe(1);
      expect(await store.write((tx) => tx.pruneTimeline(10, 6500, 1))).toBe(0);
      expect(await ats()).toEqual([7000]);
      expect(await store.write((tx) => tx.pruneTimeline(10, 9000, 5))).toBe(1);
      expect(await ats()).toEqual([]);
      expect(await store.write((tx) => tx.pruneTimeline(0, 9000, 5))).toBe(0);
    });
  });
}
