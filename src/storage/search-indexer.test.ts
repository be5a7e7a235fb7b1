/**
 * How a search's backlog is cut into writes (search-indexer.ts `catchUpChunks`): at most a chunk of
 * ids each, a chat larger than a chunk over several, the ephemeral messages last, one write for
 * queued work alone, none when nothing waits. The stores' own tests show the writes in turn
 * (sqlite/message-search.test.ts, postgres/pg-message-search.test.ts). In the background, the
 * chunks of a quiet store are paced (paced-work.ts): a pause after each, in proportion to its time,
 * during which no chunk starts; a chunk the load forced meanwhile goes as the pause ends.
 */
import { describe, expect, it } from 'vitest';
import { catchUpChunks, SearchIndexer, type SearchIndexTiming } from './search-indexer.js';
import { waitFor } from '../../test/helpers/wait-for.js';

describe('catchUpChunks', () => {
  it('cuts chats and ephemeral messages into writes of at most a chunk of ids', () => {
    expect(
      catchUpChunks(
        {
          chats: [
            [7, 250],
            [9, 30],
          ],
          ephemeral: 3,
          queued: false,
        },
        100,
      ),
    ).toEqual([
      { chats: [[7, 100]], ephemeral: 0 },
      { chats: [[7, 100]], ephemeral: 0 },
      {
        chats: [
          [7, 50],
          [9, 30],
        ],
        ephemeral: 3,
      },
    ]);
    expect(catchUpChunks({ chats: [[7, 100]], ephemeral: 150, queued: true }, 100)).toEqual([
      { chats: [[7, 100]], ephemeral: 0 },
      { chats: [], ephemeral: 100 },
      { chats: [], ephemeral: 50 },
    ]);
  });

  it('makes one write for queued work alone, and none when nothing waits', () => {
    expect(catchUpChunks({ chats: [], ephemeral: 0, queued: true }, 100)).toEqual([
      { chats: [], ephemeral: 0 },
    ]);
    expect(catchUpChunks({ chats: [], ephemeral: 0, queued: false }, 100)).toEqual([]);
  });
});

describe('SearchIndexer in the background', () => {
  /** An indexer over a fake index whose chunks take `chunkMs` on a fake clock; its pauses held. */
  function background(timing: Partial<SearchIndexTiming>, chunkMs = 10) {
    const clock = { ms: 0 };
    const calls: string[] = [];
    const pauses: Array<() => void> = [];
    const indexer = new SearchIndexer(
      async () => {
        clock.ms += chunkMs;
        calls.push('chunk');
      },
      {
        idleMs: 0,
        least: 10,
        chunk: 100,
        now: () => clock.ms,
        pause: (ms) =>
          new Promise<void>((end) => {
            calls.push(`pause ${ms}`);
            pauses.push(end);
          }),
        ...timing,
      },
    );
    return { indexer, clock, calls, pauses };
  }

  it('pauses between two chunks four times as long as the chunk took, while the store is quiet', async () => {
    // Issue 31: the quiet store's chunks went with only a turn of the event loop between them.
    const { indexer, calls, pauses } = background({});
    try {
      for (let i = 0; i < 250; i++) indexer.noteStored(1);
      await waitFor(() => pauses.length === 1, { what: 'the first pause' });
      expect(calls).toEqual(['chunk', 'pause 40']);
      pauses[0]!();
      await waitFor(() => pauses.length === 2, { what: 'the second pause' });
      pauses[1]!();
      await waitFor(() => calls.length === 5, { what: 'the last chunk' });
      expect(calls).toEqual(['chunk', 'pause 40', 'chunk', 'pause 40', 'chunk']);
    } finally {
      indexer.stop();
    }
  });

  it('starts no chunk during a pause, and none once stopped during it', async () => {
    const { indexer, calls, pauses } = background({});
    for (let i = 0; i < 150; i++) indexer.noteStored(1);
    await waitFor(() => pauses.length === 1, { what: 'the first pause' });
    // Messages stored during the pause start no chunk of their own.
    for (let i = 0; i < 20; i++) indexer.noteStored(2);
    indexer.stop();
    // The stop ends the pause under way (its promise never settles): what follows runs in a turn.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['chunk', 'pause 40']);
  });

  it('under load, indexes the chunk a pause held back as the pause ends', async () => {
    const { indexer, clock, calls, pauses } = background({ idleMs: 60_000, chunk: 10, mostBehind: 20 });
    try {
      // Stored without a quiet moment: past 20 waiting, a chunk for each 10 stored.
      const store = (n: number) => {
        for (let i = 0; i < n; i++) {
          clock.ms += 1;
          indexer.noteStored(1);
        }
      };
      store(30);
      await waitFor(() => pauses.length === 1, { what: 'the chunk the load forced' });
      store(15);
      expect(calls).toEqual(['chunk', 'pause 40']);
      pauses[0]!();
      await waitFor(() => pauses.length === 2, { what: 'the chunk held back' });
      expect(calls).toEqual(['chunk', 'pause 40', 'chunk', 'pause 40']);
    } finally {
      indexer.stop();
    }
  });
});
