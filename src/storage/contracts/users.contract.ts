/** The storage contract of users and bots (ports/users.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type Store } from '../store.js';
import { user, bot } from './fixtures.js';

export function usersContract(open: () => Promise<Store>): void {
  describe('users and bots (ports/users.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores users and finds them by id, phone and username (case-insensitive)', async () => {
      await store.write(async (tx) => tx.insertUser(user(1, { username: 'Alice' })));
      expect((await store.getUser(1))?.first_name).toBe('User 1');
      expect((await store.getUserByPhone('+15550001'))?.id).toBe(1);
      expect((await store.getUserByUsername('alice'))?.id).toBe(1);
      expect((await store.getUser(1))?.is_bot).toBe(false);
      await store.write(async (tx) => tx.updateUser(1, { first_name: 'Renamed', username: null }));
      expect((await store.getUser(1))?.first_name).toBe('Renamed');
      expect(await store.getUserByUsername('alice')).toBeUndefined();
    });

    it('finds users by a phone number or username that moved to another user', async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(1, { username: 'first' }));
        await tx.insertUser(user(2, { username: 'second', phone_number: '+15550002' }));
      });
      // Looked up once, so that whatever the adapter remembers is filled.
      expect((await store.getUserByUsername('FIRST'))?.id).toBe(1);
      expect((await store.getUserByPhone('+15550001'))?.id).toBe(1);
      await store.write(async (tx) => {
        await tx.updateUser(1, { username: null, phone_number: '+15550009' });
        await tx.updateUser(2, { username: 'first', phone_number: '+15550001' });
      });
      expect((await store.getUserByUsername('first'))?.id).toBe(2);
      expect((await store.getUserByPhone('+15550001'))?.id).toBe(2);
      expect(await store.getUserByUsername('second')).toBeUndefined();
      expect((await store.getUserByPhone('+15550009'))?.id).toBe(1);
    });

    it('finds the users of several phone numbers at once, known to the adapter or not', async () => {
      await store.write(async (tx) => {
        for (const id of [1, 2, 3]) await tx.insertUser(user(id));
      });
      // One looked up before (what an adapter remembers of it is filled), two not, one of no user.
      expect((await store.getUserByPhone('+15550002'))?.id).toBe(2);
      const found = await store.getUsersByPhone([
        '+15550003',
        '+15550002',
        '+15550009',
        '+15550001',
        '+15550003',
      ]);
      expect([...found].map(([phone, row]) => [phone, row.id]).sort()).toEqual([
        ['+15550001', 1],
        ['+15550002', 2],
        ['+15550003', 3],
      ]);
      expect(found.get('+15550001')).toEqual(await store.getUser(1));
      // A number that moved to another user answers that user.
      await store.write(async (tx) => {
        await tx.updateUser(2, { phone_number: '+15550008' });
        await tx.updateUser(3, { phone_number: '+15550002' });
      });
      const moved = await store.getUsersByPhone(['+15550002', '+15550008']);
      expect([moved.get('+15550002')?.id, moved.get('+15550008')?.id]).toEqual([3, 2]);
      expect((await store.getUsersByPhone([])).size).toBe(0);
    });

    it('refuses a duplicate phone number with UniqueViolation and keeps the first row', async () => {
      await store.write(async (tx) => tx.insertUser(user(1)));
      await expect(
        store.write(async (tx) => tx.insertUser(user(2, { phone_number: '+15550001' }))),
      ).rejects.toBeInstanceOf(UniqueViolation);
      expect(await store.getUser(2)).toBeUndefined();
    });

    it('inserts a user with a new id: one a user has is asked again; a taken phone fails the write alone', async () => {
      await store.write(async (tx) => tx.insertUser(user(1)));
      const { id: _two, ...two } = user(2);
      const asked: number[] = [];
      const made = await store.write((tx) =>
        tx.insertUserWithNewId(two, () => {
          asked.push(asked.length === 0 ? 1 : 2);
          return asked.at(-1)!;
        }),
      );
      expect(made).toEqual(user(2));
      expect(asked).toEqual([1, 2]);
      expect(await store.getUser(2)).toEqual(user(2));
      expect((await store.getUser(1))?.phone_number).toBe(user(1).phone_number);
      // Three at once (one batch where writes are batched): the one with a taken phone number fails
      // with UniqueViolation and writes nothing; the others are written.
      const { id: _three, ...three } = user(3);
      const { id: _four, ...four } = user(4, { phone_number: user(1).phone_number });
      const { id: _five, ...five } = user(5);
      const outcomes = await Promise.allSettled([
        store.write((tx) => tx.insertUserWithNewId(three, () => 3)),
        store.write((tx) => tx.insertUserWithNewId(four, () => 4)),
        store.write((tx) => tx.insertUserWithNewId(five, () => 5)),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(UniqueViolation);
      expect((outcomes[1] as PromiseRejectedResult).reason.constraint).toMatch(/phone/);
      expect(await store.getUser(3)).toEqual(user(3));
      expect(await store.getUser(4)).toBeUndefined();
      expect(await store.getUser(5)).toEqual(user(5));
      expect((await store.getUserByPhone(user(1).phone_number!))?.id).toBe(1);
    });

    it("fails a new bot's write on a taken username and writes neither its user nor its bot", async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(10, { is_bot: true, phone_number: null, username: 'taken_bot' }));
        await tx.insertBot(bot(10));
      });
      const { id: _id, ...row } = user(11, { is_bot: true, phone_number: null, username: 'Taken_Bot' });
      const write = store.write(async (tx) => {
        const made = await tx.insertUserWithNewId(row, () => 11);
        await tx.insertBot(bot(made.id));
        return made;
      });
      await expect(write).rejects.toBeInstanceOf(UniqueViolation);
      await expect(write).rejects.toMatchObject({ constraint: expect.stringMatching(/username/) });
      expect(await store.getUser(11)).toBeUndefined();
      expect(await store.getBot(11)).toBeUndefined();
      expect((await store.getBot(10))?.id).toBe(10);
    });

    it('stores bots with booleans and patches them', async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(10, { is_bot: true, phone_number: null, username: 'echo_bot' }));
        await tx.insertBot(bot(10));
      });
      await store.write(async (tx) => tx.updateBot(10, { webhook_url: 'http://x/', webhook_ip_fixed: true }));
      const row = await store.getBot(10);
      expect(row?.can_join_groups).toBe(true);
      expect(row?.webhook_ip_fixed).toBe(true);
      expect((await store.listBotsWithWebhook()).map((b) => b.id)).toEqual([10]);
    });
  });
}
