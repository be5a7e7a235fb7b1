/** The storage contract of chats, members and message ids (ports/chats.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRow, Store } from '../store.js';
import { bot, chat, member as plainMember, user } from './fixtures.js';

export function chatsContract(open: () => Promise<Store>): void {
  describe('chats, members and message ids (ports/chats.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps a per-chat message_id sequence and finds private chats either way round', async () => {
      const pk = await store.write(async (tx) =>
        tx.insertChat({
          id: null,
          type: 'private',
          title: null,
          username: null,
          description: null,
          user_a: 1,
          user_b: 2,
          last_message_id: 0,
          created_at: 1,
        }),
      );
      const ids = await Promise.all([1, 2, 3].map(() => store.write(async (tx) => tx.nextMessageId(pk))));
      expect(ids.sort()).toEqual([1, 2, 3]);
      expect((await store.getPrivateChat(2, 1))?.pk).toBe(pk);
      for (const id of ids) {
        await store.write(async (tx) =>
          tx.insertMessage({
            chat_pk: pk,
            message_id: id,
            sender_id: id === 2 ? 2 : 1,
            date: 5,
            edit_date: null,
            body: '{}',
          }),
        );
      }
      expect((await store.listMessages(pk, { limit: 2 })).map((m) => m.message_id)).toEqual([2, 3]);
      expect((await store.nextIncomingMessage(pk, 0, 1))?.message_id).toBe(2);
      await store.write(async (tx) => tx.setReadCursor(1, pk, 2));
      await store.write(async (tx) => tx.setReadCursor(1, pk, 1));
      expect(await store.getReadCursor(1, pk)).toBe(2);
    });

    it('stores chat members and their statuses', async () => {
      await store.write(async (tx) => {
        await tx.upsertMember({ chat_pk: 7, user_id: 1, status: 'member', data: '{}', updated_at: 1 });
        await tx.upsertMember({
          chat_pk: 7,
          user_id: 1,
          status: 'kicked',
          data: '{"until_date":0}',
          updated_at: 2,
        });
      });
      const member = await store.getMember(7, 1);
      expect(member?.status).toBe('kicked');
      expect((await store.listMembers(7)).length).toBe(1);
    });

    it('lists the members that are bots, in a write that made the chat too', async () => {
      const group = chat({ id: -777, type: 'group', title: 'Bots' });
      const member = (chat_pk: number, user_id: number, status: 'member' | 'left') => ({
        chat_pk,
        user_id,
        status,
        data: '{}',
        updated_at: 1,
      });
      const { pk, inside } = await store.write(async (tx) => {
        for (const id of [11, 12, 13]) await tx.insertUser(user(id, { is_bot: id !== 11 }));
        await tx.insertBot(bot(12));
        await tx.insertBot(bot(13));
        const pk = await tx.insertChat(group);
        for (const [id, status] of [
          [13, 'left'],
          [11, 'member'],
          [12, 'member'],
        ] as const)
          await tx.upsertMember(member(pk, id, status));
        return { pk, inside: (await tx.listBotMembers(pk)).map((m) => [m.user_id, m.status]) };
      });
      const expected = [
        [12, 'member'],
        [13, 'left'],
      ];
      expect(inside).toEqual(expected);
      expect((await store.listBotMembers(pk)).map((m) => [m.user_id, m.status])).toEqual(expected);
      expect(await store.listBotMembers(pk + 1000)).toEqual([]);
    });

    it("answers a chat's bots as written last: after a member's write, a rolled-back write, and a change to a copy", async () => {
      const member = (chat_pk: number, user_id: number, status: 'member' | 'left') => ({
        ...plainMember(chat_pk, user_id),
        status,
      });
      const pk = await store.write(async (tx) => {
        for (const id of [41, 42, 43]) await tx.insertUser(user(id, { is_bot: id !== 41 }));
        await tx.insertBot(bot(42));
        await tx.insertBot(bot(43));
        const pk = await tx.insertChat(chat({ id: -779, type: 'group', title: 'Kept bots' }));
        await tx.upsertMember(member(pk, 41, 'member'));
        await tx.upsertMember(member(pk, 42, 'member'));
        return pk;
      });
      const bots = async () => (await store.listBotMembers(pk)).map((m) => [m.user_id, m.status]);
      expect(await bots()).toEqual([[42, 'member']]);
      (await store.listBotMembers(pk))[0]!.status = 'kicked';
      expect(await bots()).toEqual([[42, 'member']]);
      await store.write(async (tx) => {
        await tx.upsertMember(member(pk, 43, 'member'));
        await tx.upsertMember(member(pk, 42, 'left'));
      });
      expect(await bots()).toEqual([
        [42, 'left'],
        [43, 'member'],
      ]);
      await expect(
        store.write(async (tx) => {
          await tx.upsertMember(member(pk, 43, 'left'));
          expect((await tx.listBotMembers(pk)).map((m) => m.status)).toEqual(['left', 'left']);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await bots()).toEqual([
        [42, 'left'],
        [43, 'member'],
      ]);
    });

    it('lists the bots of a chat its write made, its people and a bot read before (PostgreSQL asks less)', async () => {
      await store.write(async (tx) => {
        for (const id of [21, 22, 23, 24]) await tx.insertUser(user(id, { is_bot: id >= 23 }));
        await tx.insertBot(bot(23));
        await tx.insertBot(bot(24));
      });
      // As a group's creation does: its people read before the write, its bot named by the key.
      for (const id of [21, 22]) expect((await store.getUserByPhone(`+1555000${id}`))?.id).toBe(id);
      const inside = await store.write({ bot: 23, queues: true }, async (tx) => {
        const pk = await tx.insertChat(chat({ id: -778, type: 'group', title: 'Read before' }));
        for (const id of [24, 21, 23, 22])
          await tx.upsertMember({ chat_pk: pk, user_id: id, status: 'member', data: '{}', updated_at: 1 });
        expect((await tx.getBot(23))?.id).toBe(23);
        return (await tx.listBotMembers(pk)).map((m) => m.user_id);
      });
      expect(inside).toEqual([23, 24]);
    });

    it('makes a private chat once per pair: new, found after a write or a read, made by two writes at once', async () => {
      const pair = (a: number, b: number) => chat({ user_a: a, user_b: b, created_at: 7 });
      const made = await store.write((tx) => tx.ensurePrivateChat(pair(31, 32)));
      expect(made.created).toBe(true);
      expect(made.chat).toEqual({ pk: made.chat.pk, ...pair(31, 32) });
      // In the write that made it (the adapter's next message id included), after it, either way round.
      const again = await store.write(async (tx) => {
        const first = await tx.ensurePrivateChat(pair(33, 34));
        const second = await tx.ensurePrivateChat(pair(33, 34));
        return { first, second, id: await tx.nextMessageId(first.chat.pk) };
      });
      expect([again.first.created, again.second.created, again.second.chat.pk]).toEqual([
        true,
        false,
        again.first.chat.pk,
      ]);
      expect(again.id).toBe(1);
      expect((await store.getPrivateChat(34, 33))?.pk).toBe(again.first.chat.pk);
      const found = await store.write((tx) => tx.ensurePrivateChat(pair(31, 32)));
      expect([found.created, found.chat.pk]).toEqual([false, made.chat.pk]);
      // A chat inserted by insertChat, which no read has looked at since.
      const pk = await store.write((tx) => tx.insertChat(pair(35, 36)));
      const older = await store.write((tx) => tx.ensurePrivateChat(pair(35, 36)));
      expect([older.created, older.chat.pk]).toEqual([false, pk]);
      // Two writes at once (PostgreSQL: keys on two write connections): one makes it, both answer it.
      const both = await Promise.all(
        [1, 2].map((bot) => store.write({ bot }, (tx) => tx.ensurePrivateChat(pair(37, 38)))),
      );
      expect(both.map((r) => r.created).sort()).toEqual([false, true]);
      expect(both[0]!.chat.pk).toBe(both[1]!.chat.pk);
    });

    it('inserts a chat with a new id: one a chat has is asked again, with or without a username', async () => {
      const group = (extra: Partial<ChatRow> = {}) => {
        const { id: _id, ...row } = chat({ type: 'group', title: 'New ids', ...extra });
        return row;
      };
      const taken = await store.write((tx) => tx.insertChat({ ...group(), id: -4300 }));
      const asked: number[] = [];
      const ids = [-4300, -4301, -4302];
      const made = await store.write((tx) =>
        tx.insertChatWithNewId(group(), () => {
          asked.push(ids[asked.length]!);
          return asked.at(-1)!;
        }),
      );
      expect(made).toEqual({ pk: made.pk, id: -4301, ...group() });
      expect(made.pk).not.toBe(taken);
      expect(asked).toEqual([-4300, -4301]);
      expect((await store.getChatById(-4300))?.pk).toBe(taken);
      expect((await store.getChatById(-4301))?.pk).toBe(made.pk);
      // Its message ids start at 1, in the write that made it and after.
      const first = await store.write(async (tx) => {
        const row = await tx.insertChatWithNewId(
          group({ type: 'supergroup', username: 'new_ids_group' }),
          () => -4302,
        );
        return { row, id: await tx.nextMessageId(row.pk) };
      });
      expect(first.id).toBe(1);
      expect(await store.write((tx) => tx.nextMessageId(first.row.pk))).toBe(2);
      expect((await store.getChatByUsername('new_ids_group'))?.id).toBe(-4302);
    });

    it('stores a chat photo and clears it', async () => {
      const pk = await store.write(async (tx) =>
        tx.insertChat({
          id: -4242,
          type: 'group',
          title: 'Photos',
          username: null,
          description: null,
          user_a: null,
          user_b: null,
          last_message_id: 0,
          created_at: 1,
        }),
      );
      expect((await store.getChat(pk))?.photo_file_pk ?? null).toBeNull();
      await store.write(async (tx) => tx.updateChat(pk, { photo_file_pk: 17 }));
      expect((await store.getChat(pk))?.photo_file_pk).toBe(17);
      expect((await store.getChatById(-4242))?.photo_file_pk).toBe(17);
      await store.write(async (tx) => tx.updateChat(pk, { photo_file_pk: null }));
      expect((await store.getChat(pk))?.photo_file_pk ?? null).toBeNull();
    });
  });
}
