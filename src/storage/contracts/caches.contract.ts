/**
 * The storage contract of caches shared by processes (ports/events.ts `rows.changed`, store.ts
 * `forgetCached`): a cached row that another process changed is read afresh once it is forgotten.
 * Runs for adapters that can open two stores on one database.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import { bot, user } from './fixtures.js';

export function cachesContract(openPair: () => Promise<[Store, Store]>): void {
  describe('caches across processes (store.forgetCached)', () => {
    let a: Store;
    let b: Store;
    beforeEach(async () => {
      [a, b] = await openPair();
    });
    afterEach(async () => {
      await a.close();
      await b.close();
    });

    it('reads a changed user, bot, chat and account afresh once forgotten', async () => {
      const account = await a.write(async (tx) => {
        await tx.insertUser(user(1));
        await tx.insertUser(user(2, { is_bot: true, username: 'cachebot', phone_number: null }));
        await tx.insertBot(bot(2));
        await tx.insertChat({ ...chat, user_a: 1, user_b: 2 });
        return tx.gateway.insertAccount({
          owner_user_id: 1,
          token_lookup: 'cafe',
          signing_key: Buffer.alloc(32, 1),
          balance: 100,
          default_price: 10,
          created_at: 1,
        });
      });
      const chatRow = (await a.getPrivateChat(1, 2))!;
      // A reads (and caches) every row; B changes them all.
      await a.getUser(1);
      await a.getBot(2);
      await a.getChat(chatRow.pk);
      await a.gateway.getAccount(account);
      await b.write(async (tx) => {
        await tx.updateUser(1, { first_name: 'Renamed' });
        await tx.updateBot(2, { webhook_url: 'https://example.com/hook' });
        await tx.updateChat(chatRow.pk, { title: 'Changed' });
        await tx.gateway.credit(account, 50);
      });
      for (const [area, id] of [
        ['user', 1],
        ['bot', 2],
        ['chat', chatRow.pk],
        ['gateway_account', account],
      ] as const)
        a.forgetCached(area, id);
      expect((await a.getUser(1))?.first_name).toBe('Renamed');
      expect((await a.getBot(2))?.webhook_url).toBe('https://example.com/hook');
      expect((await a.getChat(chatRow.pk))?.title).toBe('Changed');
      expect((await a.gateway.getAccount(account))?.balance).toBe(150);
    });
  });
}

const chat = {
  id: null,
  type: 'private' as const,
  title: null,
  username: null,
  description: null,
  permissions: null,
  migrated_to_id: null,
  last_message_id: 0,
  created_at: 1,
};
