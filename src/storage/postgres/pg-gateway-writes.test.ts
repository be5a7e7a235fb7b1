/**
 * A delivered report's write on PostgreSQL (report-worker.ts): its log row, its job's delete or
 * reschedule answer nothing the caller needs, so in a write they wait for the write's next
 * statement (its commit) instead of a round trip each. Skipped without a PostgreSQL server
 * (contracts/postgres.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgStore } from './pg-store.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';
import { gatewayJob, verificationRequest } from '../contracts/fixtures.js';
import { countWriteStatements } from '../contracts/pg-queries-seen.js';

describe.skipIf(!postgresAvailable)("PostgreSQL gateway reports' writes", () => {
  let schema: string;
  let store: PgStore;
  let jobs: number[];

  beforeEach(async () => {
    schema = testSchema();
    store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 3 });
    jobs = await store.write(async (tx) => {
      await tx.gateway.insertRequest(verificationRequest('r1'));
      return [
        await tx.gateway.insertJob(gatewayJob('r1', 'report', 100)),
        await tx.gateway.insertJob(gatewayJob('r1', 'report', 200)),
      ];
    });
  });

  afterEach(async () => {
    await store.close();
    await dropSchema(schema);
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
});
