/** The storage contract of Mini Apps and guest mode (ports/web-apps.ts, ports/guest.ts). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';

export function webAppsContract(open: () => Promise<Store>): void {
  describe('Mini Apps and guest mode (ports/web-apps.ts, ports/guest.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps Mini App queries answered once, and forgets old ones', async () => {
      const query = { id: 'w1', bot_id: 10, user_id: 1, chat_pk: 3, created_at: 100, answered_at: null };
      await store.write(async (tx) => {
        await tx.insertWebAppQuery(query);
        await tx.insertWebAppQuery({ ...query, id: 'w2', created_at: 50 });
      });
      expect(await store.getWebAppQuery('w1')).toEqual(query);
      const answers = await Promise.all([
        store.write(async (tx) => tx.answerWebAppQuery('w1', 101)),
        store.write(async (tx) => tx.answerWebAppQuery('w1', 102)),
      ]);
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect((await store.getWebAppQuery('w1'))?.answered_at).toBeGreaterThan(100);
      expect(await store.write(async (tx) => tx.deleteWebAppQueriesBefore(100))).toBe(1);
      expect(await store.getWebAppQuery('w2')).toBeUndefined();
    });

    it('keeps prepared messages until they expire, and prepared buttons', async () => {
      const message = {
        id: 'p1',
        bot_id: 10,
        user_id: 1,
        result: '{"result":{}}',
        allowed_chats: 'users,groups',
        expires_at: 500,
      };
      const button = { id: 'b1', bot_id: 10, user_id: 1, button: '{"text":"Pick"}', created_at: 7 };
      await store.write(async (tx) => {
        await tx.insertPreparedInlineMessage(message);
        await tx.insertPreparedInlineMessage({ ...message, id: 'p2', expires_at: 300 });
        await tx.insertPreparedKeyboardButton(button);
      });
      expect(await store.getPreparedInlineMessage('p1')).toEqual(message);
      expect(await store.getPreparedKeyboardButton('b1')).toEqual(button);
      expect(await store.write(async (tx) => tx.deletePreparedInlineMessagesBefore(400))).toBe(1);
      expect(await store.getPreparedInlineMessage('p2')).toBeUndefined();
      expect(await store.getPreparedInlineMessage('p1')).toBeDefined();
    });

    it('closes a join-request query once, before its deadline', async () => {
      const row = {
        id: 'j1',
        chat_pk: 4,
        user_id: 2,
        bot_id: 10,
        created_at: 100,
        deadline: 110,
        web_app_url: null,
        result: null,
      };
      await store.write(async (tx) => {
        await tx.insertJoinRequestQuery({ ...row, id: 'j0', created_at: 90, result: 'queue' });
        await tx.insertJoinRequestQuery(row);
      });
      expect(await store.findOpenJoinRequestQuery(4, 2)).toEqual(row);
      expect(await store.findOpenJoinRequestQuery(4, 3)).toBeUndefined();
      expect(await store.write(async (tx) => tx.closeJoinRequestQuery('j1', 'approve', 111))).toBe(false);
      expect(
        await store.write(async (tx) => tx.showJoinRequestWebApp('j1', 'https://app.example/', 200)),
      ).toBe(true);
      expect(await store.getJoinRequestQuery('j1')).toMatchObject({
        web_app_url: 'https://app.example/',
        deadline: 200,
      });
      const results = await Promise.all([
        store.write(async (tx) => tx.closeJoinRequestQuery('j1', 'approve', 150)),
        store.write(async (tx) => tx.closeJoinRequestQuery('j1', 'decline', 150)),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.findOpenJoinRequestQuery(4, 2)).toBeUndefined();
      expect(await store.write(async (tx) => tx.showJoinRequestWebApp('j1', 'https://x/', 300))).toBe(false);
    });

    it('keeps guest queries answered once', async () => {
      const row = {
        id: 'g1',
        bot_id: 10,
        chat_pk: 4,
        message_id: 9,
        caller_id: 2,
        created_at: 100,
        answered_at: null,
      };
      await store.write(async (tx) => tx.insertGuestQuery(row));
      expect(await store.getGuestQuery('g1')).toEqual(row);
      expect(await store.write(async (tx) => tx.answerGuestQuery('g1', 101))).toBe(true);
      expect(await store.write(async (tx) => tx.answerGuestQuery('g1', 102))).toBe(false);
      expect(await store.getGuestQuery('g1')).toMatchObject({ answered_at: 101 });
      expect(await store.write(async (tx) => tx.deleteGuestQueriesBefore(101))).toBe(1);
      expect(await store.getGuestQuery('g1')).toBeUndefined();
    });
  });
}
