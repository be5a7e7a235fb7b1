/**
 * A delivered report's write on PostgreSQL (report-worker.ts): its log row, its job's delete or
 * reschedule answer nothing the caller needs, so in a write they wait for the write's next
 * statement (its commit) instead of a round trip each; so do a sent code's jobs and its ledger row
 * (issue 31). Skipped without a PostgreSQL server
 * (contracts/postgres.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PgStore } from './pg-store.js';
import { postgresAvailable, storeForEachTest } from '../contracts/postgres.js';
import { gatewayJob, verificationRequest } from '../contracts/fixtures.js';
import { countWriteStatements } from '../contracts/pg-queries-seen.js';

describe.skipIf(!postgresAvailable)("PostgreSQL gateway reports' writes", () => {
  let store: PgStore;
  let jobs: number[];

  storeForEachTest((opened) => (store = opened));

  beforeEach(async () => {
    await store.write(async (tx) => {
      await tx.gateway.insertRequest(verificationRequest('r1'));
      await tx.gateway.insertJob(gatewayJob('r1', 'report', 100));
      await tx.gateway.insertJob(gatewayJob('r1', 'report', 200));
    });
    jobs = (await store.gateway.listJobs('r1')).map((job) => job.id);
  });

  it('sends the log row, the delete and the reschedule with the commit', async () => {
    const counter = countWriteStatements();
    let sentInside: string[] = [];
    try {
      await store.write(async (tx) => {
        await tx.gateway.insertDeliveryLog({
          account_id: 1,
          request_id: 'r1',
          attempt: 1,
          url: 'http://127.0.0.1:9/',
          timestamp: 1,
          signature: 's',
          body: '{}',
          status_code: 200,
          error: null,
          outcome: 'delivered',
          next_attempt_at: null,
          created_at: 1,
        });
        await tx.gateway.deleteJob(jobs[0]!);
        await tx.gateway.rescheduleJob(jobs[1]!, 1, 5_000);
        sentInside = [...counter.counts.keys()];
      });
    } finally {
      counter.stop();
    }
    expect(sentInside.filter((text) => /gateway_delivery_log|gateway_jobs/.test(text))).toEqual([]);
    const left = await store.pool.query('SELECT id, attempts, run_at FROM gateway_jobs ORDER BY id');
    expect(left.rows).toEqual([{ id: jobs[1], attempts: 1, run_at: 5_000 }]);
    const log = await store.gateway.listDeliveryLog({ requestId: 'r1', limit: 10 });
    expect(log.map((row) => row.outcome)).toEqual(['delivered']);
  });

  it("sends a code's jobs and its ledger row with the commit, and fails the write at a job of no request", async () => {
    const counter = countWriteStatements();
    let sentInside: string[] = [];
    try {
      await store.write(async (tx) => {
        await tx.gateway.insertJob(gatewayJob('r1', 'expire', 300));
        await tx.gateway.insertJob(gatewayJob('r1', 'receipt', 400));
        await tx.gateway.insertLedger({
          account_id: 1,
          kind: 'charge',
          amount: -5,
          balance_after: 95,
          request_id: 'r1',
          created_at: 1,
        });
        sentInside = [...counter.counts.keys()];
      });
    } finally {
      counter.stop();
    }
    expect(sentInside.filter((text) => /gateway_jobs|gateway_ledger/.test(text))).toEqual([]);
    expect((await store.gateway.listJobs('r1')).map((job) => job.kind)).toEqual([
      'report',
      'report',
      'expire',
      'receipt',
    ]);
    expect((await store.gateway.listLedger(1, 10)).map((row) => row.amount)).toEqual([-5]);
    // A job names a request that does not exist: the write fails, and leaves nothing behind.
    await expect(
      store.write(async (tx) => {
        await tx.gateway.insertLedger({
          account_id: 1,
          kind: 'charge',
          amount: -7,
          balance_after: 88,
          request_id: null,
          created_at: 2,
        });
        await tx.gateway.insertJob(gatewayJob('nope', 'expire', 500));
      }),
    ).rejects.toThrow();
    expect((await store.gateway.listLedger(1, 10)).map((row) => row.amount)).toEqual([-5]);
    expect(await store.gateway.listJobs('nope')).toEqual([]);
  });
});
