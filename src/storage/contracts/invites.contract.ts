/** The storage contract of invite links and join requests (ports/invites.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type Store } from '../store.js';

export function invitesContract(open: () => Promise<Store>): void {
  describe('invite links and join requests (ports/invites.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps chat settings, invite links and join requests of groups', async () => {
      const chat = {
        id: -1001234567890,
        type: 'supergroup' as const,
        title: 'Group',
        username: 'SomeGroup',
        description: null,
        user_a: null,
        user_b: null,
        last_message_id: 0,
        created_at: 1,
      };
      const pk = await store.write(async (tx) => tx.insertChat(chat));
      expect(await store.getChatById(chat.id)).toMatchObject({ permissions: null, migrated_to_id: null });
      await store.write(async (tx) =>
        tx.updateChat(pk, {
          title: 'Renamed',
          permissions: '{"can_send_messages":false}',
          migrated_to_id: -100,
        }),
      );
      expect(await store.getChatByUsername('somegroup')).toMatchObject({
        title: 'Renamed',
        permissions: '{"can_send_messages":false}',
        migrated_to_id: -100,
      });

      const link = {
        link: 'https://parley.invalid/+abc',
        chat_pk: pk,
        creator_id: 5,
        name: null,
        expire_date: null,
        member_limit: 3,
        creates_join_request: false,
        is_primary: true,
        is_revoked: false,
        created_at: 10,
      };
      await store.write(async (tx) => {
        await tx.insertInviteLink(link);
        await tx.insertInviteLink({
          ...link,
          link: 'https://parley.invalid/+def',
          is_primary: false,
          created_at: 11,
        });
      });
      await expect(store.write(async (tx) => tx.insertInviteLink(link))).rejects.toBeInstanceOf(
        UniqueViolation,
      );
      await store.write(async (tx) => tx.updateInviteLink(link.link, { is_revoked: true, name: 'old' }));
      expect(await store.getInviteLink(link.link)).toEqual({ ...link, is_revoked: true, name: 'old' });
      expect((await store.listInviteLinks(pk)).map((l) => l.link)).toEqual([
        link.link,
        'https://parley.invalid/+def',
      ]);
      expect(await store.getInviteLink('https://parley.invalid/+zzz')).toBeUndefined();

      await store.write(async (tx) => {
        await tx.upsertJoinRequest({ chat_pk: pk, user_id: 8, invite_link: link.link, date: 20 });
        await tx.upsertJoinRequest({ chat_pk: pk, user_id: 7, invite_link: null, date: 21 });
        await tx.upsertJoinRequest({ chat_pk: pk, user_id: 8, invite_link: link.link, date: 22 });
      });
      expect((await store.listJoinRequests(pk)).map((r) => [r.user_id, r.date])).toEqual([
        [7, 21],
        [8, 22],
      ]);
      await store.write(async (tx) => tx.deleteJoinRequest(pk, 7));
      expect(await store.getJoinRequest(pk, 7)).toBeUndefined();
      expect(await store.getJoinRequest(pk, 8)).toEqual({
        chat_pk: pk,
        user_id: 8,
        invite_link: link.link,
        date: 22,
      });
    });
  });
}
