/**
 * The timeline's recorder (timeline.ts, ADR 0099): events are written in batches, within
 * WRITE_EVERY_MS or at BATCH_ROWS, and at once for a reader; a failed write gives way.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { NewTimelineEvent } from '../../storage/ports/timeline.js';
import { BATCH_ROWS, Timeline, WRITE_EVERY_MS } from './timeline.js';

function event(n: number): NewTimelineEvent {
  return {
    at: n,
    kind: 'call',
    name: 'getMe',
    bot_id: 1,
    chat_id: null,
    person_id: null,
    status: 'ok',
    summary: `getMe ${n}`,
    duration_ms: 0,
    request: '{}',
    answer: '{"ok":true}',
  };
}

/** A store whose writes are held until released, and what each wrote. */
function world({ fail = false } = {}) {
  const writes: number[][] = [];
  const held: Array<() => void> = [];
  const emitted: string[] = [];
  const tx = {
    insertTimelineEvents: (rows: readonly NewTimelineEvent[]) => {
      writes.push(rows.map((row) => row.at));
      return Promise.resolve();
    },
  };
  const deps = {
    config: {},
    clock: { nowMs: () => 0 },
    bus: { emit: (name: string) => emitted.push(name) },
    store: {
      write: (fn: (t: typeof tx) => Promise<void>) =>
        new Promise<void>((resolve, reject) => {
          held.push(() => (fail ? reject(new Error('closing')) : fn(tx).then(resolve, reject)));
        }),
      listTimeline: () => Promise.resolve([]),
    },
  } as unknown as PlatformDeps;
  /** Lets the held writes commit, until none is left. */
  const commitAll = async () => {
    while (held.length > 0) {
      held.shift()!();
      await vi.advanceTimersByTimeAsync(0);
    }
  };
  return { timeline: new Timeline(deps), writes, held, emitted, commitAll };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the timeline recorder', () => {
  it('writes the events of a burst together, WRITE_EVERY_MS after the first', async () => {
    const { timeline, writes, held, emitted, commitAll } = world();
    for (let n = 1; n <= 5; n++) timeline.record(event(n));
    await vi.advanceTimersByTimeAsync(WRITE_EVERY_MS - 1);
    expect(held).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await commitAll();
    expect(writes).toEqual([[1, 2, 3, 4, 5]]);
    expect(emitted).toEqual(['timeline.appended']);
  });

  it('writes at once when BATCH_ROWS wait, and the next ones after that write', async () => {
    const { timeline, writes, held, commitAll } = world();
    for (let n = 1; n <= BATCH_ROWS + 2; n++) timeline.record(event(n));
    expect(held).toHaveLength(1);
    await commitAll();
    expect(writes[0]).toHaveLength(BATCH_ROWS);
    await vi.advanceTimersByTimeAsync(WRITE_EVERY_MS);
    await commitAll();
    expect(writes.slice(1)).toEqual([[BATCH_ROWS + 1, BATCH_ROWS + 2]]);
  });

  it('writes at once for a reader, which waits only for what was recorded before it asked', async () => {
    const { timeline, writes, held, commitAll } = world();
    timeline.record(event(1));
    let listed = false;
    const reading = timeline.list({ limit: 10 }).then(() => (listed = true));
    expect(held).toHaveLength(1);
    // Recorded while the reader waits: written after, and not waited for.
    timeline.record(event(2));
    held.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    await reading;
    expect(listed).toBe(true);
    expect(writes).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(WRITE_EVERY_MS);
    await commitAll();
    expect(writes).toEqual([[1], [2]]);
  });

  it('drops a batch whose write fails, and a reader is not kept waiting', async () => {
    const { timeline, writes, held, emitted } = world({ fail: true });
    timeline.record(event(1));
    const flushed = timeline.flush();
    held.shift()!();
    await flushed;
    expect(writes).toEqual([]);
    expect(emitted).toEqual([]);
  });
});
