/**
 * The storage contract of the Stars ledger and of payments (ports/stars.ts, ports/payments.ts):
 * conditional debits that never take a balance below zero, also when many race; one ledger row per
 * (owner, id, direction); a payment charged once and refunded once; a query answered once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type Store } from '../store.js';
import type { PaymentRow } from '../ports/payments.js';

const STAR = 1_000_000_000;
const RACERS = 40;

function payment(chargeId: string, patch: Partial<PaymentRow> = {}): PaymentRow {
  return {
    charge_id: chargeId,
    bot_id: 10,
    user_id: 20,
    invoice_id: 'inv1',
    currency: 'XTR',
    total_amount: 5,
    provider_charge_id: '',
    data: '{}',
    created_at: 100,
    refunded_at: null,
    subscription_period: null,
    expires_at: null,
    is_canceled: 0,
    ...patch,
  };
}

export function starsContract(open: () => Promise<Store>): void {
  describe('stars and payments (ports/stars.ts, ports/payments.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('credits and debits balances in nanostars, refusing a debit the balance does not cover', async () => {
      expect(await store.getStarBalance(1)).toBe(0);
      expect(await store.write(async (tx) => tx.debitStars(1, 1))).toBeUndefined();
      expect(await store.write(async (tx) => tx.creditStars(1, 7 * STAR + 5))).toBe(7 * STAR + 5);
      expect(await store.write(async (tx) => tx.creditStars(1, 3 * STAR))).toBe(10 * STAR + 5);
      expect(await store.write(async (tx) => tx.debitStars(1, 10 * STAR + 6))).toBeUndefined();
      expect(await store.write(async (tx) => tx.debitStars(1, 4 * STAR))).toBe(6 * STAR + 5);
      expect(await store.getStarBalance(1)).toBe(6 * STAR + 5);
      // A large balance stays exact (below 2^53 nanostars).
      expect(await store.write(async (tx) => tx.creditStars(2, 9_000_000 * STAR))).toBe(9_000_000 * STAR);
    });

    it('keeps ledger rows in write order, one per owner, id and direction, rolled back with their write', async () => {
      await store.write(async (tx) => {
        await tx.creditStars(5, 10 * STAR);
        await tx.insertStarTransaction({
          owner_id: 5,
          id: 'grant-1',
          direction: 'in',
          nanos: 10 * STAR,
          partner: '{"type":"other"}',
          date: 1,
        });
      });
      await store.write(async (tx) => {
        await tx.debitStars(5, 3 * STAR);
        await tx.insertStarTransaction({
          owner_id: 5,
          id: 'charge-1',
          direction: 'out',
          nanos: 3 * STAR,
          partner: '{"type":"user","user_id":9}',
          date: 2,
        });
      });
      const duplicate = store.write(async (tx) => {
        await tx.debitStars(5, 1 * STAR);
        await tx.insertStarTransaction({
          owner_id: 5,
          id: 'charge-1',
          direction: 'out',
          nanos: 1 * STAR,
          partner: '{}',
          date: 3,
        });
      });
      await expect(duplicate).rejects.toBeInstanceOf(UniqueViolation);
      // The same id in the other direction (a refund) is another row.
      await store.write(async (tx) =>
        tx.insertStarTransaction({
          owner_id: 5,
          id: 'charge-1',
          direction: 'in',
          nanos: 3 * STAR,
          partner: '{}',
          date: 4,
        }),
      );
      expect(await store.getStarBalance(5)).toBe(7 * STAR);
      const rows = await store.listStarTransactions(5, 0, 100);
      expect(rows.map((r) => [r.id, r.direction, r.nanos, r.date])).toEqual([
        ['grant-1', 'in', 10 * STAR, 1],
        ['charge-1', 'out', 3 * STAR, 2],
        ['charge-1', 'in', 3 * STAR, 4],
      ]);
      expect((await store.listStarTransactions(5, 1, 1)).map((r) => r.date)).toEqual([2]);
      expect(await store.getStarTransaction(5, 'charge-1', 'out')).toMatchObject({ nanos: 3 * STAR });
      expect(await store.getStarTransaction(5, 'nothing', 'out')).toBeUndefined();
      expect(await store.listStarTransactions(6, 0, 100)).toEqual([]);
    });

    it('never takes a balance below zero when debits race: only those the balance covers succeed', async () => {
      const covered = 13;
      await store.write(async (tx) => tx.creditStars(7, covered * 2 * STAR + STAR / 2));
      const results = await Promise.allSettled(
        Array.from({ length: RACERS }, (_, i) =>
          store.write(async (tx) => {
            const left = await tx.debitStars(7, 2 * STAR);
            if (left === undefined) return false;
            await tx.creditStars(8, 2 * STAR);
            await tx.insertStarTransaction({
              owner_id: 7,
              id: `c${i}`,
              direction: 'out',
              nanos: 2 * STAR,
              partner: '{}',
              date: i,
            });
            return true;
          }),
        ),
      );
      const paid = results.filter((r) => r.status === 'fulfilled' && r.value === true).length;
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
      expect(paid).toBe(covered);
      expect(await store.getStarBalance(7)).toBe(STAR / 2);
      expect(await store.getStarBalance(8)).toBe(covered * 2 * STAR);
      expect((await store.listStarTransactions(7, 0, 100)).length).toBe(covered);
    });

    it('stores invoices and answers a payment query once', async () => {
      await store.write(async (tx) => {
        await tx.insertInvoice({
          id: 'inv1',
          bot_id: 10,
          data: '{"title":"T"}',
          chat_pk: 3,
          message_id: 4,
          created_at: 1,
        });
        await tx.insertInvoice({
          id: 'inv2',
          bot_id: 10,
          data: '{}',
          chat_pk: null,
          message_id: null,
          created_at: 2,
        });
        await tx.insertPaymentQuery({
          id: 'q1',
          kind: 'pre_checkout',
          bot_id: 10,
          user_id: 20,
          invoice_id: 'inv1',
          data: '{"total":5}',
          created_at: 3,
          answered_at: null,
          answer: null,
        });
      });
      expect(await store.getInvoice('inv1')).toMatchObject({ bot_id: 10, data: '{"title":"T"}', chat_pk: 3 });
      expect(await store.getInvoiceByMessage(3, 4)).toMatchObject({ id: 'inv1' });
      expect(await store.getInvoiceByMessage(3, 5)).toBeUndefined();
      expect(await store.getInvoice('inv2')).toMatchObject({ chat_pk: null, message_id: null });
      expect(await store.write(async (tx) => tx.answerPaymentQuery('q1', '{"ok":true}', 4))).toBe(true);
      expect(await store.write(async (tx) => tx.answerPaymentQuery('q1', '{"ok":false}', 5))).toBe(false);
      expect(await store.getPaymentQuery('q1')).toMatchObject({
        kind: 'pre_checkout',
        answer: '{"ok":true}',
        answered_at: 4,
      });
      expect(await store.getPaymentQuery('q2')).toBeUndefined();

      const terms = {
        link: 'https://parley.invalid/+abc',
        subscription_period: 2_592_000,
        subscription_price: 7,
      };
      await store.write(async (tx) => tx.insertChatSubscriptionLink(terms));
      expect(await store.getChatSubscriptionLink(terms.link)).toEqual(terms);
      expect(await store.getChatSubscriptionLink('https://parley.invalid/+none')).toBeUndefined();
    });

    it('charges a payment once, refunds it once, and lists subscriptions that are due', async () => {
      await store.write(async (tx) => tx.insertPayment(payment('ch1')));
      await expect(store.write(async (tx) => tx.insertPayment(payment('ch1')))).rejects.toBeInstanceOf(
        UniqueViolation,
      );
      expect(await store.getPayment('ch1')).toEqual(payment('ch1'));
      expect(await store.write(async (tx) => tx.markPaymentRefunded('ch1', 200))).toBe(true);
      expect(await store.write(async (tx) => tx.markPaymentRefunded('ch1', 201))).toBe(false);
      expect((await store.getPayment('ch1'))?.refunded_at).toBe(200);

      await store.write(async (tx) => {
        await tx.insertPayment(payment('s1', { subscription_period: 30, expires_at: 130 }));
        await tx.insertPayment(payment('s2', { subscription_period: 30, expires_at: 120 }));
        await tx.insertPayment(payment('s3', { subscription_period: 30, expires_at: 500 }));
      });
      expect((await store.listDueSubscriptions(130, 10)).map((p) => p.charge_id)).toEqual(['s2', 's1']);
      await store.write(async (tx) => tx.updatePayment('s2', { expires_at: null, is_canceled: 1 }));
      expect((await store.listDueSubscriptions(130, 10)).map((p) => p.charge_id)).toEqual(['s1']);
      expect(await store.getPayment('s2')).toMatchObject({ expires_at: null, is_canceled: 1 });
    });

    it("lists a user's subscriptions to a bot while their period runs", async () => {
      await store.write(async (tx) => {
        await tx.insertPayment(payment('a2', { subscription_period: 30, expires_at: 400, created_at: 120 }));
        await tx.insertPayment(payment('a1', { subscription_period: 30, expires_at: 300, created_at: 110 }));
        await tx.insertPayment(payment('ended', { subscription_period: 30, expires_at: null }));
        await tx.insertPayment(payment('plain'));
        await tx.insertPayment(
          payment('other-bot', { bot_id: 11, subscription_period: 30, expires_at: 300 }),
        );
        await tx.insertPayment(
          payment('other-user', { user_id: 21, subscription_period: 30, expires_at: 300 }),
        );
      });
      const active = await store.write(async (tx) => tx.listActiveSubscriptions(10, 20));
      expect(active.map((p) => p.charge_id)).toEqual(['a1', 'a2']);
      expect(await store.listActiveSubscriptions(10, 22)).toEqual([]);
    });
  });
}
