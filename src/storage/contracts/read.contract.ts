/**
 * The storage contract of `Store.read` (store.ts): fn's reads answer one committed state, whatever
 * other writers commit while it runs. On one store a write asked meanwhile is seen once the read
 * has ended; on two stores of one database (adapters that can share one), the other's committed
 * write is not seen by the view that began before it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRow, Store, StoreView } from '../store.js';
import { member, user } from './fixtures.js';

const group: Omit<ChatRow, 'pk'> = {
  id: -500,
  type: 'group',
  title: 'view',
  username: null,
  description: null,
  user_a: null,
  user_b: null,
  last_message_id: 0,
  created_at: 1,
};

/** A chat with one member, user 1. */
async function seed(store: Store): Promise<number> {
  return store.write(async (tx) => {
    await tx.insertUser(user(1));
    const pk = await tx.insertChat(group);
    await tx.upsertMember(member(pk, 1));
    await tx.setSetting('view:count', '1');
    return pk;
  });
}

/** A person joins the chat and the count goes up, in one write. */
async function join(store: Store, pk: number, id: number): Promise<void> {
  await store.write(async (tx) => {
    await tx.insertUser(user(id));
    await tx.upsertMember(member(pk, id));
    await tx.setSetting('view:count', String((await tx.listMembers(pk)).length));
  });
}

/** What the view sees of the chat: its members' ids, the count setting, and whether user `id` exists. */
async function seen(view: StoreView, pk: number, id: number) {
  return {
    members: (await view.listMembers(pk)).map((m) => m.user_id).sort((a, b) => a - b),
    count: await view.getSetting('view:count'),
    user: (await view.getUser(id)) !== undefined,
  };
}

export function readContract(open: () => Promise<Store>, openPair?: () => Promise<[Store, Store]>): void {
  describe('reads in one view (store.ts read)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('sees what settled before it, keeps one state while a write is asked, and the write lands after', async () => {
      const pk = await seed(store);
      let pending: Promise<void> | undefined;
      const views = await store.read(async (view) => {
        const first = await seen(view, pk, 2);
        pending = join(store, pk, 2);
        const again = [];
        for (let i = 0; i < 5; i++) again.push(await seen(view, pk, 2));
        return { first, again };
      });
      expect(views.first).toEqual({ members: [1], count: '1', user: false });
      // Whether the write committed meanwhile (PostgreSQL) or waited (SQLite), the view did not move.
      for (const view of views.again) expect(view).toEqual(views.first);
      await pending;
      expect(await store.read((view) => seen(view, pk, 2))).toEqual({
        members: [1, 2],
        count: '2',
        user: true,
      });
    });

    it("answers fn's error and leaves the store as it was", async () => {
      const pk = await seed(store);
      const error = await store
        .read(async (view) => {
          await view.listMembers(pk);
          throw new Error('fn failed');
        })
        .catch((e: unknown) => e);
      expect((error as Error).message).toBe('fn failed');
      await join(store, pk, 3);
      expect(await store.read((view) => seen(view, pk, 3))).toEqual({
        members: [1, 3],
        count: '2',
        user: true,
      });
    });

    it('reads the gateway in the same view', async () => {
      await store.write((tx) => tx.insertUser(user(1)));
      const account = await store.write((tx) =>
        tx.gateway.insertAccount({
          owner_user_id: 1,
          token_lookup: 'beef',
          signing_key: Buffer.alloc(32, 2),
          balance: 100,
          default_price: 10,
          created_at: 1,
        }),
      );
      expect(await store.read(async (view) => (await view.gateway.getAccount(account))?.balance)).toBe(100);
    });
  });

  if (!openPair) return;
  describe('reads in one view beside another process (store.ts read)', () => {
    let a: Store;
    let b: Store;
    beforeEach(async () => {
      [a, b] = await openPair();
    });
    afterEach(async () => {
      await a.close();
      await b.close();
    });

    it("does not see another store's write that committed while it read", async () => {
      const pk = await seed(a);
      const views = await a.read(async (view) => {
        const before = await seen(view, pk, 2);
        // The other process's write commits in full while this view is open.
        await join(b, pk, 2);
        return { before, after: await seen(view, pk, 2) };
      });
      expect(views.before).toEqual({ members: [1], count: '1', user: false });
      expect(views.after).toEqual(views.before);
      expect(await a.read((view) => seen(view, pk, 2))).toEqual({ members: [1, 2], count: '2', user: true });
    });
  });
}
