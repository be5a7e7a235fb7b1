/**
 * How a search's backlog is cut into writes (search-indexer.ts `catchUpChunks`): at most a chunk of
 * ids each, a chat larger than a chunk over several, the ephemeral messages last, one write for
 * queued work alone, none when nothing waits. The stores' own tests show the writes in turn
 * (sqlite/message-search.test.ts, postgres/pg-message-search.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { catchUpChunks } from './search-indexer.js';

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
