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
        close_date: null,
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

    it('lists open polls by close_date and closes each once', async () => {
      const poll = (id: string, closeDate: number | null, isClosed = false) => ({
        id,
        chat_pk: 3,
        message_id: Number(id),
        sender_id: 10,
        data: '{}',
        is_closed: isClosed,
        close_date: closeDate,
        created_at: 100,
      });
      await store.write(async (tx) => {
        await tx.insertPoll(poll('1', 300));
        await tx.insertPoll(poll('2', 200));
        await tx.insertPoll(poll('3', null));
        await tx.insertPoll(poll('4', 150, true));
        await tx.insertPoll(poll('5', 400));
      });
      expect(await store.nextPollCloseDate()).toBe(200);
      expect((await store.listDuePolls(300, 10)).map((p) => p.id)).toEqual(['2', '1']);
      expect(await store.listDuePolls(300, 1)).toEqual([poll('2', 200)]);
      expect(await store.listDuePolls(199, 10)).toEqual([]);

      expect(await store.write(async (tx) => tx.closePoll('2'))).toBe(true);
      expect(await store.write(async (tx) => tx.closePoll('2'))).toBe(false);
      expect(await store.write(async (tx) => tx.closePoll('4'))).toBe(false);
      expect(await store.getPoll('2')).toMatchObject({ is_closed: true, close_date: 200 });
      expect((await store.listDuePolls(300, 10)).map((p) => p.id)).toEqual(['1']);
      expect(await store.nextPollCloseDate()).toBe(300);
      await store.write(async (tx) => {
        await tx.closePoll('1');
        await tx.closePoll('5');
      });
      expect(await store.nextPollCloseDate()).toBeUndefined();
    });
  });
}
