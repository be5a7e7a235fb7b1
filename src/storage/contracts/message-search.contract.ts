/** The storage contract of message search (ports/message-search.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemberStatus, MessageSearchHit, Store, StoreTx } from '../store.js';
import { chat, user } from './fixtures.js';

const text = (value: string) => JSON.stringify({ text: value });
const ids = (hits: MessageSearchHit[]) =>
  hits.map((hit) => `${hit.chat_pk}/${hit.ephemeral}/${hit.message_id}`);

export function messageSearchContract(open: () => Promise<Store>): void {
  describe('message search (ports/message-search.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    const put = (tx: StoreTx, chatPk: number, messageId: number, body: string, date = 1000 + messageId) =>
      tx.insertMessage({ chat_pk: chatPk, message_id: messageId, sender_id: 2, date, edit_date: null, body });

    async function privateChat(): Promise<number> {
      return store.write(async (tx) => {
        for (const id of [1, 2]) await tx.insertUser(user(id));
        return tx.insertChat(chat({ user_a: 1, user_b: 2 }));
      });
    }

    it('finds every word as the start of a word, in any case, in texts and captions, newest first', async () => {
      const pk = await privateChat();
      await store.write(async (tx) => {
        await put(tx, pk, 1, text('Hello there, World'));
        await put(tx, pk, 2, JSON.stringify({ photo: [{ file_id: 'x' }], caption: 'hello from the beach' }));
        await put(tx, pk, 3, text('othello is a play'));
        await put(tx, pk, 4, JSON.stringify({ photo: [{ file_id: 'y' }] }));
        await put(tx, pk, 5, text('Привет, Мир! ÉCOLE'));
        await put(tx, pk, 6, text('HELLO again'));
      });
      const search = (words: string, limit = 10) => store.searchMessages(1, { text: words, limit });
      expect(ids(await search('hel'))).toEqual([`${pk}/0/6`, `${pk}/0/2`, `${pk}/0/1`]);
      expect(ids(await search('HELLO wor'))).toEqual([`${pk}/0/1`]);
      expect(ids(await search('world hello'))).toEqual([`${pk}/0/1`]);
      expect(ids(await search('beach'))).toEqual([`${pk}/0/2`]);
      expect(ids(await search('ello'))).toEqual([]);
      expect(ids(await search('hello planet'))).toEqual([]);
      expect(ids(await search('мир'))).toEqual([`${pk}/0/5`]);
      expect(ids(await search('прив école'))).toEqual([`${pk}/0/5`]);
      // Punctuation and quotes are not words; a query without words finds nothing.
      expect(ids(await search('"hello" (again)*'))).toEqual([`${pk}/0/6`]);
      expect(await search(' ?! "*" ')).toEqual([]);
      expect(ids(await search('hel', 2))).toEqual([`${pk}/0/6`, `${pk}/0/2`]);
      expect((await search('again'))[0]).toEqual({
        chat_pk: pk,
        message_id: 6,
        ephemeral: 0,
        sender_id: 2,
        date: 1006,
        edit_date: null,
        body: text('HELLO again'),
      });
    });

    it('finds only what the user sees: their chats, their own ephemeral messages, nothing deleted', async () => {
      const pks = await store.write(async (tx) => {
        for (const id of [1, 2, 3]) await tx.insertUser(user(id));
        const mine = await tx.insertChat(chat({ user_a: 1, user_b: 2 }));
        const theirs = await tx.insertChat(chat({ user_a: 2, user_b: 3 }));
        const groups: Partial<Record<MemberStatus | 'none', number>> = {};
        let n = 0;
        for (const status of ['member', 'restricted', 'left', 'kicked', 'none'] as const) {
          const pk = await tx.insertChat(chat({ id: -100 - n++, type: 'supergroup', title: status }));
          if (status !== 'none')
            await tx.upsertMember({ chat_pk: pk, user_id: 1, status, data: '{}', updated_at: 1 });
          groups[status] = pk;
        }
        for (const pk of [mine, theirs, ...Object.values(groups)])
          await put(tx, pk, 1, text(`secret plan ${pk}`));
        await put(tx, mine, 2, text('secret gone'));
        const common = { sender_id: 9, after_message_id: 1, date: 2000, edit_date: null };
        await tx.insertEphemeralMessage({
          chat_pk: groups.member!,
          receiver_id: 1,
          body: text('secret for one'),
          ...common,
        });
        await tx.insertEphemeralMessage({
          chat_pk: groups.member!,
          receiver_id: 3,
          body: text('secret for three'),
          ...common,
        });
        await tx.insertEphemeralMessage({
          ...common,
          chat_pk: groups.member!,
          receiver_id: 9,
          sender_id: 1,
          date: 2001,
          body: text('/secret command'),
        });
        return { mine, theirs, groups };
      });
      await store.write(async (tx) => tx.deleteMessage(pks.mine, 2));
      const found = await store.searchMessages(1, { text: 'secret', limit: 20 });
      const member = pks.groups.member!;
      expect(ids(found)).toEqual([
        `${member}/1/3`,
        `${member}/1/1`,
        ...[pks.groups.restricted!, member, pks.mine].map((pk) => `${pk}/0/1`),
      ]);
      expect(found[0]).toMatchObject({
        ephemeral: 1,
        sender_id: 1,
        date: 2001,
        body: text('/secret command'),
      });
      expect(await store.searchMessages(99, { text: 'secret', limit: 20 })).toEqual([]);
      expect(ids(await store.searchMessages(1, { text: 'secret', chatPk: member, limit: 20 }))).toEqual([
        `${member}/1/3`,
        `${member}/1/1`,
        `${member}/0/1`,
      ]);
      expect(await store.searchMessages(1, { text: 'secret', chatPk: pks.theirs, limit: 20 })).toEqual([]);
      await store.write(async (tx) => tx.deleteEphemeralMessage(member, 1));
      expect(ids(await store.searchMessages(1, { text: 'secret', chatPk: member, limit: 20 }))).toEqual([
        `${member}/1/3`,
        `${member}/0/1`,
      ]);
    });

    it('follows edits: the new text is found, the old one no longer', async () => {
      const pk = await privateChat();
      await store.write(async (tx) => {
        await put(tx, pk, 1, text('first draft'));
        await put(tx, pk, 2, JSON.stringify({ photo: [{ file_id: 'p' }] }));
      });
      await store.write(async (tx) => {
        await tx.updateMessage(pk, 1, text('final version'), 1500);
        await tx.updateMessage(
          pk,
          2,
          JSON.stringify({ photo: [{ file_id: 'p' }], caption: 'draft photo' }),
          1500,
        );
      });
      expect(ids(await store.searchMessages(1, { text: 'draft', limit: 10 }))).toEqual([`${pk}/0/2`]);
      expect(await store.searchMessages(1, { text: 'final', limit: 10 })).toMatchObject([
        { message_id: 1, edit_date: 1500, body: text('final version') },
      ]);
      await store.write(async (tx) =>
        tx.updateMessage(pk, 2, JSON.stringify({ photo: [{ file_id: 'p' }] }), 1600),
      );
      expect(await store.searchMessages(1, { text: 'draft', limit: 10 })).toEqual([]);
      const seq = await store.write(async (tx) => {
        const row = await tx.insertEphemeralMessage({
          chat_pk: pk,
          receiver_id: 1,
          sender_id: 2,
          after_message_id: 2,
          date: 3000,
          edit_date: null,
          body: text('pending order'),
        });
        await tx.updateEphemeralMessage(pk, row.ephemeral_message_id, text('shipped order'), 3001);
        return row.ephemeral_message_id;
      });
      expect(await store.searchMessages(1, { text: 'pending', limit: 10 })).toEqual([]);
      expect(await store.searchMessages(1, { text: 'shipped', limit: 10 })).toMatchObject([
        { chat_pk: pk, message_id: seq, ephemeral: 1, edit_date: 3001 },
      ]);
    });

    it('finds nothing of a write that failed', async () => {
      const pk = await privateChat();
      const failed = store.write(async (tx) => {
        await put(tx, pk, 1, text('never stored'));
        throw new Error('the write fails');
      });
      await expect(failed).rejects.toThrow('the write fails');
      await store.write(async (tx) => put(tx, pk, 2, text('stored instead')));
      expect(await store.searchMessages(1, { text: 'never', limit: 10 })).toEqual([]);
      expect(ids(await store.searchMessages(1, { text: 'stored', limit: 10 }))).toEqual([`${pk}/0/2`]);
    });

    it('pages with a cursor across chats, ties of date ordered by chat and id', async () => {
      const [a, b] = await store.write(async (tx) => {
        for (const id of [1, 2, 3]) await tx.insertUser(user(id));
        const first = await tx.insertChat(chat({ user_a: 1, user_b: 2 }));
        const second = await tx.insertChat(chat({ user_a: 1, user_b: 3 }));
        for (const [pk, id, date] of [
          [first, 1, 10],
          [first, 2, 20],
          [second, 1, 20],
          [second, 2, 20],
          [first, 3, 30],
        ] as const)
          await put(tx, pk, id, text(`report number ${id}`), date);
        return [first, second];
      });
      const all: string[] = [];
      let before: MessageSearchHit | undefined;
      for (let page = 0; page < 5; page++) {
        const hits = await store.searchMessages(1, { text: 'rep num', limit: 2, before });
        all.push(...ids(hits));
        before = hits.at(-1);
        if (hits.length < 2) break;
      }
      expect(all).toEqual([`${a}/0/3`, `${b}/0/2`, `${b}/0/1`, `${a}/0/2`, `${a}/0/1`]);
      expect(
        ids(
          await store.searchMessages(1, {
            text: 'report',
            chatPk: a,
            limit: 1,
            before: { date: 20, chat_pk: a, ephemeral: 0, message_id: 2 },
          }),
        ),
      ).toEqual([`${a}/0/1`]);
    });
  });
}
