/** The storage contract of a person's app's lists (ports/person-views.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemberStatus, Store } from '../store.js';
import { bot, chat, user } from './fixtures.js';

export function personViewsContract(open: () => Promise<Store>): void {
  describe('person views (ports/person-views.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('lists the chats a user is in, once each, not those left or banned from', async () => {
      const pks = await store.write(async (tx) => {
        for (const id of [1, 2, 3]) await tx.insertUser(user(id));
        const mine = await tx.insertChat(chat({ user_a: 1, user_b: 2, last_message_id: 4 }));
        const theirs = await tx.insertChat(chat({ user_a: 2, user_b: 3, last_message_id: 9 }));
        const asB = await tx.insertChat(chat({ user_a: 0, user_b: 1, last_message_id: 2 }));
        const groups: Record<MemberStatus, number> = {} as Record<MemberStatus, number>;
        let n = 0;
        for (const status of [
          'creator',
          'administrator',
          'member',
          'restricted',
          'left',
          'kicked',
        ] as const) {
          const pk = await tx.insertChat(
            chat({ id: -100 - n, type: 'group', title: status, last_message_id: 10 + n }),
          );
          n++;
          await tx.upsertMember({ chat_pk: pk, user_id: 1, status, data: '{}', updated_at: 1 });
          groups[status] = pk;
        }
        return { mine, theirs, asB, groups };
      });
      const listed = await store.listUserChats(1, 50);
      expect(listed.map((c) => c.pk)).toEqual([
        pks.groups.restricted,
        pks.groups.member,
        pks.groups.administrator,
        pks.groups.creator,
        pks.mine,
        pks.asB,
      ]);
      expect(listed[0]).toMatchObject({ type: 'group', title: 'restricted' });
      expect((await store.listUserChats(1, 2)).map((c) => c.pk)).toEqual([
        pks.groups.restricted,
        pks.groups.member,
      ]);
      expect(await store.listUserChats(99, 10)).toEqual([]);
    });

    it('counts what others sent after a read cursor, service messages included', async () => {
      const pk = await store.write(async (tx) => tx.insertChat(chat({ user_a: 1, user_b: 2 })));
      await store.write(async (tx) => {
        const senders = [1, 2, 2, null, 1, 2];
        for (const [i, sender] of senders.entries()) {
          await tx.insertMessage({
            chat_pk: pk,
            message_id: i + 1,
            sender_id: sender,
            date: 1,
            edit_date: null,
            body: '{}',
          });
        }
      });
      expect(await store.countIncomingAfter(pk, 0, 1)).toBe(4);
      expect(await store.countIncomingAfter(pk, 3, 1)).toBe(2);
      expect(await store.countIncomingAfter(pk, 6, 1)).toBe(0);
      expect(await store.countIncomingAfter(pk, 0, 2)).toBe(3);
    });

    it('lists people and bots apart, oldest first', async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(5));
        await tx.insertUser(user(3));
        await tx.insertUser(user(7, { is_bot: true, first_name: 'Helper' }));
        await tx.insertBot(bot(7));
      });
      expect((await store.listPeople(10)).map((u) => u.id)).toEqual([3, 5]);
      expect((await store.listPeople(1)).map((u) => u.id)).toEqual([3]);
      expect(await store.listBots(10)).toMatchObject([{ id: 7, first_name: 'Helper' }]);
    });
  });
}
