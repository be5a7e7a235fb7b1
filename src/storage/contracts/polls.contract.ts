/** The storage contract of polls (ports/polls.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';

export function pollsContract(open: () => Promise<Store>): void {
  describe('polls (ports/polls.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores polls, one answer per voter, the messages that show a poll, and file attributes', async () => {
      const poll = {
        id: '5000000000000000001',
        chat_pk: 3,
        message_id: 7,
        sender_id: 10,
        data: '{"question":"Q?"}',
        is_closed: false,
        created_at: 100,
      };
      await store.write(async (tx) => {
        await tx.insertPoll(poll);
        await tx.setPollVote({ poll_id: poll.id, user_id: 2, option_ids: '[0]', voted_at: 101 });
        await tx.setPollVote({ poll_id: poll.id, user_id: 1, option_ids: '[1]', voted_at: 102 });
        await tx.setPollVote({ poll_id: poll.id, user_id: 2, option_ids: '[1,2]', voted_at: 103 });
        await tx.addPollMessage(poll.id, 3, 7);
        await tx.addPollMessage(poll.id, 4, 1);
        await tx.addPollMessage(poll.id, 3, 7);
      });
      expect(await store.getPoll(poll.id)).toEqual(poll);
      expect((await store.listPollVotes(poll.id)).map((v) => [v.user_id, v.option_ids])).toEqual([
        [1, '[1]'],
        [2, '[1,2]'],
      ]);
      await store.write(async (tx) => {
        await tx.deletePollVote(poll.id, 1);
        await tx.updatePoll(poll.id, { is_closed: true, data: '{"question":"Q!"}' });
      });
      expect((await store.listPollVotes(poll.id)).map((v) => v.user_id)).toEqual([2]);
      expect(await store.getPoll(poll.id)).toMatchObject({ is_closed: true, data: '{"question":"Q!"}' });
      expect(await store.listPollMessages(poll.id)).toEqual([
        { chat_pk: 3, message_id: 7 },
        { chat_pk: 4, message_id: 1 },
      ]);
      expect(await store.getPoll('1')).toBeUndefined();

      await store.write(async (tx) => tx.setFileAttributes(9, '{"duration":3}'));
      await store.write(async (tx) => tx.setFileAttributes(9, '{"duration":4}'));
      expect(await store.getFileAttributes(9)).toBe('{"duration":4}');
      expect(await store.getFileAttributes(8)).toBeUndefined();
    });
  });
}
