/** The storage contract of inline mode, reactions and pins (ports/inline.ts, ports/messages.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';

export function inlineContract(open: () => Promise<Store>): void {
  describe('inline mode, reactions and pins (ports/inline.ts, ports/messages.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps inline queries with one answer each, cached answers, inline messages, reactions and pins', async () => {
      const query = {
        id: 'q1',
        bot_id: 10,
        user_id: 1,
        chat_pk: 3,
        chat_type: 'sender',
        query: 'cats',
        query_offset: '',
        created_at: 100,
        answered_at: null,
        answer: null,
        cache_until: null,
        is_personal: false,
      };
      await store.write(async (tx) => {
        await tx.insertInlineQuery(query);
        await tx.insertInlineQuery({ ...query, id: 'q2', user_id: 2, created_at: 50 });
      });
      expect(await store.getInlineQuery('q1')).toEqual(query);
      const answer = { answer: '{"results":[]}', answered_at: 101, cache_until: 401, is_personal: true };
      expect(await store.write(async (tx) => tx.answerInlineQuery('q1', answer))).toBe(true);
      expect(await store.write(async (tx) => tx.answerInlineQuery('q1', answer))).toBe(false);
      expect(await store.getInlineQuery('q1')).toMatchObject({ answer: '{"results":[]}', is_personal: true });
      // A personal answer is served again only to its user, and only until cache_until.
      expect((await store.findCachedInlineAnswer(10, 'cats', '', 1, 400))?.id).toBe('q1');
      expect(await store.findCachedInlineAnswer(10, 'cats', '', 2, 400)).toBeUndefined();
      expect(await store.findCachedInlineAnswer(10, 'cats', '', 1, 401)).toBeUndefined();
      expect(await store.findCachedInlineAnswer(10, 'dogs', '', 1, 400)).toBeUndefined();
      expect(await store.write(async (tx) => tx.deleteInlineQueriesBefore(100))).toBe(1);
      expect(await store.getInlineQuery('q2')).toBeUndefined();

      const inline = { id: 'AgAAAB', bot_id: 10, chat_pk: 3, message_id: 7 };
      await store.write(async (tx) => tx.insertInlineMessage(inline));
      expect(await store.getInlineMessage('AgAAAB')).toEqual(inline);

      await store.write(async (tx) => {
        const chatPk = await tx.insertChat({
          id: -500,
          type: 'supergroup',
          title: 'Pins',
          username: null,
          description: null,
          user_a: null,
          user_b: null,
          last_message_id: 0,
          created_at: 1,
        });
        for (const id of [1, 2, 3])
          await tx.insertMessage({
            chat_pk: chatPk,
            message_id: id,
            sender_id: 1,
            date: 1,
            edit_date: null,
            body: '{}',
          });
        const reaction = { chat_pk: chatPk, message_id: 1, is_big: false };
        await tx.setMessageReaction({
          ...reaction,
          user_id: 2,
          reaction: '[{"type":"emoji","emoji":"👍"}]',
          updated_at: 5,
        });
        await tx.setMessageReaction({
          ...reaction,
          user_id: 1,
          reaction: '[{"type":"emoji","emoji":"🔥"}]',
          updated_at: 6,
        });
        await tx.setMessageReaction({ ...reaction, user_id: 2, reaction: '[]', is_big: true, updated_at: 7 });
        await tx.pinMessage(chatPk, 1, 10);
        await tx.pinMessage(chatPk, 3, 11);
        await tx.pinMessage(chatPk, 2, 12);
      });
      const chat = (await store.getChatById(-500))!;
      expect(
        (await store.listMessageReactions(chat.pk, 1)).map((r) => [r.user_id, r.reaction, r.is_big]),
      ).toEqual([
        [1, '[{"type":"emoji","emoji":"🔥"}]', false],
        [2, '[]', true],
      ]);
      await store.write(async (tx) => tx.deleteMessageReaction(chat.pk, 1, 2));
      expect((await store.listMessageReactions(chat.pk, 1)).map((r) => r.user_id)).toEqual([1]);
      expect(await store.listPinnedMessages(chat.pk)).toEqual([3, 2, 1]);
      await store.write(async (tx) => tx.deleteMessage(chat.pk, 3));
      expect(await store.listPinnedMessages(chat.pk)).toEqual([2, 1]);
      expect(await store.write(async (tx) => tx.unpinMessage(chat.pk, 2))).toBe(true);
      expect(await store.write(async (tx) => tx.unpinMessage(chat.pk, 2))).toBe(false);
      expect(await store.write(async (tx) => tx.unpinAllMessages(chat.pk))).toBe(2);
      expect(await store.listPinnedMessages(chat.pk)).toEqual([]);
    });

    it('serves, of cached answers given in the same second, the newest query first and then the greatest id', async () => {
      const answered = {
        bot_id: 10,
        user_id: 1,
        chat_pk: 3,
        chat_type: 'sender',
        query: 'cats',
        query_offset: '',
        created_at: 100,
        answered_at: 101,
        answer: '{"results":[]}',
        is_personal: false,
      };
      // Expiries in another order than the ids, so that neither an index's order nor the order of
      // the inserts gives the answer by chance.
      await store.write(async (tx) => {
        await tx.insertInlineQuery({ ...answered, id: 'qb', cache_until: 300 });
        await tx.insertInlineQuery({ ...answered, id: 'qc', cache_until: 500 });
        await tx.insertInlineQuery({ ...answered, id: 'qa', cache_until: 200 });
        await tx.insertInlineQuery({ ...answered, id: 'q0', created_at: 99, cache_until: 600 });
      });
      expect((await store.findCachedInlineAnswer(10, 'cats', '', 1, 150))?.id).toBe('qc');
      expect((await store.findCachedInlineAnswer(10, 'cats', '', 1, 500))?.id).toBe('q0');
      await store.write(async (tx) =>
        tx.insertInlineQuery({ ...answered, id: 'qd', answered_at: 102, cache_until: 250 }),
      );
      expect((await store.findCachedInlineAnswer(10, 'cats', '', 1, 150))?.id).toBe('qd');
    });
  });
}
