/**
 * The storage contract of the gateway sub-port: behaviour every adapter must have. Called from each
 * adapter's test file next to `storeContract`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gatewayJob as job, verificationRequest as request } from './contracts/fixtures.js';
import type { Store, StoreTx } from './store.js';

export function gatewayStoreContract(name: string, open: () => Promise<Store>): void {
  describe(`gateway storage contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    const account = () =>
      store.write(async (tx) =>
        tx.gateway.insertAccount({
          owner_user_id: 7,
          token_lookup: 'f00d',
          signing_key: Buffer.alloc(32, 1),
          balance: 0,
          default_price: 10_000,
          created_at: 1,
        }),
      );

    it('keeps devices', async () => {
      const id = await store.write(async (tx) =>
        tx.gateway.insertDevice({
          user_id: 7,
          name: 'Phone',
          online: true,
          receipt_delay: 0,
          read_delay: null,
          created_at: 1,
        }),
      );
      await store.write(async (tx) => tx.gateway.updateDevice(id, { online: false, read_delay: 5 }));
      expect(await store.gateway.listDevices(7)).toEqual([
        { id, user_id: 7, name: 'Phone', online: false, receipt_delay: 0, read_delay: 5, created_at: 1 },
      ]);
      expect(await store.gateway.getDevice(id + 100)).toBeUndefined();
    });

    it('debits only what the balance covers, and finds accounts by lookup', async () => {
      const id = await account();
      expect((await store.gateway.getAccountByLookup('f00d'))?.id).toBe(id);
      expect(Buffer.isBuffer((await store.gateway.getAccount(id))!.signing_key)).toBe(true);
      expect(await store.write(async (tx) => tx.gateway.credit(id, 25))).toBe(25);
      expect(await store.write(async (tx) => tx.gateway.debit(id, 20))).toBe(5);
      expect(await store.write(async (tx) => tx.gateway.debit(id, 6))).toBeUndefined();
      expect((await store.gateway.getAccount(id))!.balance).toBe(5);
    });

    it('keeps prices and the ledger', async () => {
      const id = await account();
      await store.write(async (tx) => {
        await tx.gateway.setPrice(id, '44', 1);
        await tx.gateway.setPrice(id, '1', 2);
        await tx.gateway.setPrice(id, '44', 3);
        await tx.gateway.setDefaultPrice(id, 9);
      });
      await store.write(async (tx) => tx.gateway.setPrice(id, '1', null));
      expect(await store.gateway.listPrices(id)).toEqual([{ account_id: id, prefix: '44', price: 3 }]);
      expect((await store.gateway.getAccount(id))!.default_price).toBe(9);
      await store.write(async (tx) => {
        for (const amount of [10, -3, 2]) {
          await tx.gateway.insertLedger({
            account_id: id,
            kind: amount > 0 ? 'top_up' : 'charge',
            amount,
            balance_after: 0,
            request_id: null,
            created_at: 1,
          });
        }
      });
      expect((await store.gateway.listLedger(id, 2)).map((e) => e.amount)).toEqual([-3, 2]);
      const second = await store.write(async (tx) =>
        tx.gateway.insertAccount({
          owner_user_id: 8,
          token_lookup: 'beef',
          signing_key: Buffer.alloc(32, 2),
          balance: 0,
          default_price: 10_000,
          created_at: 2,
        }),
      );
      expect(await store.gateway.listAccountIds(10)).toEqual([id, second]);
      expect(await store.gateway.listAccountIds(1)).toEqual([id]);
    });

    it('keeps verification requests', async () => {
      await store.write(async (tx) => {
        await tx.gateway.insertRequest(request('1', { sent_at: 5 }));
        await tx.gateway.insertRequest(request('2', { sent_at: null, delivery_status: null }));
        await tx.gateway.insertRequest(request('3', { sent_at: 6, delivery_status: 'delivered' }));
      });
      await store.write(async (tx) =>
        tx.gateway.updateRequest('1', { is_refunded: true, delivery_status: 'expired' }),
      );
      expect(await store.gateway.getRequest('1')).toEqual(
        request('1', { sent_at: 5, is_refunded: true, delivery_status: 'expired' }),
      );
      expect((await store.gateway.listSentRequests(7, 10)).map((r) => r.request_id)).toEqual(['1', '3']);
      expect((await store.gateway.listSentRequests(7, 1)).map((r) => r.request_id)).toEqual(['3']);
      // The inspector's list: an account's requests, newest first (by creation), sent or not.
      await store.write(async (tx) => tx.gateway.insertRequest(request('4', { account_id: 2, user_id: 9 })));
      expect((await store.gateway.listAccountRequests(1, 10)).map((r) => r.request_id)).toEqual([
        '3',
        '2',
        '1',
      ]);
      expect((await store.gateway.listAccountRequests(1, 2)).map((r) => r.request_id)).toEqual(['3', '2']);
      expect((await store.gateway.listAccountRequests(2, 10)).map((r) => r.request_id)).toEqual(['4']);
      expect(await store.gateway.listAccountRequests(999, 10)).toEqual([]);
      await store.write(async (tx) => tx.gateway.updateRequest('3', { delivery_status: 'sent' }));
      expect((await store.gateway.listUndeliveredRequests(7)).map((r) => r.request_id)).toEqual(['3']);
    });

    it('lists due jobs by lane, one report per request at a time', async () => {
      await store.write(async (tx) => {
        await tx.gateway.insertRequest(request('1'));
        await tx.gateway.insertRequest(request('2', { account_id: 2 }));
      });
      await store.write(async (tx) => {
        await tx.gateway.insertJob(job('1', 'report', 500));
        await tx.gateway.insertJob(job('1', 'report', 100));
        await tx.gateway.insertJob(job('2', 'report', 200));
        await tx.gateway.insertJob(job('1', 'expire', 50));
      });
      // Ids in the order of the inserts (a request's jobs are listed by id).
      const [a, b, d] = (await store.gateway.listJobs('1')).map((j) => j.id);
      const [c] = (await store.gateway.listJobs('2')).map((j) => j.id);
      expect([a! < b!, b! < c!, c! < d!]).toEqual([true, true, true]);
      // The second report of request 1 waits for the first, although it is due earlier.
      expect((await store.gateway.listDueJobs('report', 1000, 10)).map((j) => j.id)).toEqual([c, a]);
      expect((await store.gateway.listDueJobs('report', 300, 10)).map((j) => j.id)).toEqual([c]);
      expect((await store.gateway.listDueJobs('timed', 1000, 10)).map((j) => j.id)).toEqual([d]);
      expect(await store.gateway.nextJobAt('report')).toBe(200);
      expect(await store.gateway.nextJobAt('timed')).toBe(50);
      await store.write(async (tx) => {
        await tx.gateway.rescheduleJob(a!, 1, 900);
        await tx.gateway.deleteJob(c!);
      });
      expect(await store.gateway.nextJobAt('report')).toBe(900);
      // Every column of the port, and none of the table's own (request_seq, the claims' leases).
      expect(await store.gateway.getJob(a!)).toEqual({ ...job('1', 'report', 900), id: a, attempts: 1 });
      await store.write(async (tx) => tx.gateway.deleteJob(a!));
      expect((await store.gateway.listDueJobs('report', 1000, 10)).map((j) => j.id)).toEqual([b]);
      expect((await store.gateway.listPendingReports({ accountId: 1 })).map((j) => j.id)).toEqual([b]);
      expect(await store.gateway.listPendingReports({ accountId: 2 })).toEqual([]);
      expect((await store.gateway.listPendingReports({})).map((j) => j.id)).toEqual([b]);
      expect((await store.gateway.listPendingReports({ requestId: '1' })).map((j) => j.id)).toEqual([b]);
      expect(
        (await store.gateway.listPendingReports({ accountId: 1, requestId: '1' })).map((j) => j.id),
      ).toEqual([b]);
      expect(await store.gateway.listPendingReports({ accountId: 2, requestId: '1' })).toEqual([]);
      expect(await store.gateway.listPendingReports({ requestId: '2' })).toEqual([]);
      expect((await store.gateway.listJobs('1')).map((j) => j.id)).toEqual([b, d]);
    });

    it('keeps the delivery log, channel verification, and deletes messages', async () => {
      await store.write(async (tx) => {
        for (const attempt of [1, 2, 3]) {
          await tx.gateway.insertDeliveryLog({
            account_id: attempt === 3 ? 2 : 1,
            request_id: '1',
            attempt,
            url: 'http://x/',
            timestamp: 1,
            signature: 's',
            body: '{}',
            status_code: 500,
            error: null,
            outcome: 'failed',
            next_attempt_at: 5,
            created_at: 1,
          });
        }
        await tx.gateway.setChannelVerified(4, 99);
        await tx.insertMessage({
          chat_pk: 4,
          message_id: 1,
          sender_id: 1,
          date: 1,
          edit_date: null,
          body: '{}',
        });
      });
      expect(
        (await store.gateway.listDeliveryLog({ accountId: 1, limit: 10 })).map((r) => r.attempt),
      ).toEqual([1, 2]);
      expect(
        (await store.gateway.listDeliveryLog({ requestId: '1', limit: 2 })).map((r) => r.attempt),
      ).toEqual([2, 3]);
      expect(await store.gateway.getChannelVerifiedAt(4)).toBe(99);
      await store.write(async (tx) => {
        await tx.gateway.setChannelVerified(4, null);
        await tx.gateway.deleteMessage(4, 1);
      });
      expect(await store.gateway.getChannelVerifiedAt(4)).toBeUndefined();
      expect(await store.getMessage(4, 1)).toBeUndefined();
    });

    it('rolls gateway writes back with the rest of a failed write', async () => {
      const failed = store.write(async (tx) => {
        await tx.setSetting('k', 'v');
        await tx.gateway.insertRequest(request('9'));
        throw new Error('no');
      });
      await expect(failed).rejects.toThrow('no');
      expect(await store.getSetting('k')).toBeUndefined();
      expect(await store.gateway.getRequest('9')).toBeUndefined();
    });

    // Adapters may keep the rows a send reads in memory (ADR 0015): these must follow every write.
    it('answers accounts, prices and devices as committed, after rollbacks too', async () => {
      const id = await account();
      await store.write(async (tx) => tx.gateway.credit(id, 10));
      const device = {
        user_id: 7,
        name: 'Phone',
        online: true,
        receipt_delay: 0,
        read_delay: null,
        created_at: 1,
      };
      await store.write(async (tx) => tx.gateway.insertDevice(device));
      // Read once, so that an adapter that keeps them has them.
      expect((await store.gateway.getAccountByLookup('f00d'))?.balance).toBe(10);
      expect(await store.gateway.listPrices(id)).toEqual([]);
      expect(await store.gateway.listDevices(7)).toHaveLength(1);

      // A write that fails alone, and one that fails in a batch with another that commits.
      const failing = (tx: StoreTx) => async () => {
        expect(await tx.gateway.debit(id, 4)).toBe(6);
        await tx.gateway.setDefaultPrice(id, 1);
        await tx.gateway.setPrice(id, '44', 2);
        await tx.gateway.insertDevice({ ...device, name: 'Tablet' });
        expect((await tx.gateway.getAccountByLookup('f00d'))?.balance).toBe(6);
        expect(await tx.gateway.listDevices(7)).toHaveLength(2);
        throw new Error('no');
      };
      await expect(store.write(async (tx) => failing(tx)())).rejects.toThrow('no');
      const [committed, failed] = await Promise.allSettled([
        store.write(async (tx) => tx.gateway.credit(id, 1)),
        store.write(async (tx) => failing(tx)()),
      ]);
      expect(committed).toEqual({ status: 'fulfilled', value: 11 });
      expect(failed.status).toBe('rejected');

      expect(await store.gateway.getAccountByLookup('f00d')).toMatchObject({
        balance: 11,
        default_price: 10_000,
      });
      expect(await store.gateway.getAccount(id)).toMatchObject({ balance: 11, default_price: 10_000 });
      expect(await store.gateway.listPrices(id)).toEqual([]);
      expect((await store.gateway.listDevices(7)).map((d) => d.name)).toEqual(['Phone']);

      // Committed changes show at once; answers are copies.
      await store.write(async (tx) => {
        await tx.gateway.debit(id, 5);
        await tx.gateway.setDefaultPrice(id, 3);
        await tx.gateway.setPrice(id, '1', 4);
        await tx.gateway.updateDevice((await tx.gateway.listDevices(7))[0]!.id, { online: false });
      });
      const changed = (await store.gateway.getAccountByLookup('f00d'))!;
      expect(changed).toMatchObject({ balance: 6, default_price: 3 });
      changed.balance = 1_000;
      (await store.gateway.listDevices(7))[0]!.online = true;
      (await store.gateway.listPrices(id))[0]!.price = 0;
      expect((await store.gateway.getAccount(id))?.balance).toBe(6);
      expect((await store.gateway.listDevices(7))[0]?.online).toBe(false);
      expect(await store.gateway.listPrices(id)).toEqual([{ account_id: id, prefix: '1', price: 4 }]);
    });

    it('finds people by phone number as committed (the gateway looks one up per send)', async () => {
      const user = (id: number, phone: string) => ({
        id,
        is_bot: false,
        first_name: 'P',
        last_name: null,
        username: null,
        phone_number: phone,
        language_code: null,
        created_at: 1,
      });
      const rolledBack = store.write(async (tx) => {
        await tx.insertUser(user(1, '+15550001'));
        expect((await tx.getUserByPhone('+15550001'))?.id).toBe(1);
        throw new Error('no');
      });
      await expect(rolledBack).rejects.toThrow('no');
      expect(await store.getUserByPhone('+15550001')).toBeUndefined();
      await store.write(async (tx) => tx.insertUser(user(2, '+15550001')));
      expect((await store.getUserByPhone('+15550001'))?.id).toBe(2);
      await store.write(async (tx) => {
        await tx.updateUser(2, { phone_number: '+15550002' });
        await tx.insertUser(user(3, '+15550001'));
      });
      expect((await store.getUserByPhone('+15550001'))?.id).toBe(3);
      expect((await store.getUserByPhone('+15550002'))?.id).toBe(2);
      await store.write(async (tx) => tx.updateUser(3, { first_name: 'Renamed' }));
      expect((await store.getUserByPhone('+15550001'))?.first_name).toBe('Renamed');
    });
  });
}
