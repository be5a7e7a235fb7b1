import { describe, expect, it } from 'vitest';
import { ServerMetrics } from './metrics.js';

/** Metrics with a store that has nothing to say (the gauges read at scrape are not under test). */
function metrics(reruns: Record<string, number> = {}): ServerMetrics {
  const store = {
    countPendingUpdates: async () => ({ all: 0, webhook: 0 }),
    oldestDueJobs: async () => ({ webhook: undefined, gateway: undefined }),
    listAccountBalances: async () => [],
    reruns,
  };
  return new ServerMetrics(store as never, { nowMs: () => 0 } as never, {} as never, () => 0);
}

const lines = (text: string, prefix: string) => text.split('\n').filter((line) => line.startsWith(prefix));

describe('ServerMetrics', () => {
  it('puts a latency in the first bucket whose bound it does not exceed, cumulatively', async () => {
    const m = metrics();
    for (const ms of [0.2, 0.5, 0.6, 2000, 90_000]) m.observeRequest('bot-api', 'getMe', 200, ms, false);
    const text = await m.scrape();
    const buckets = lines(text, 'parley_request_duration_seconds_bucket{surface="bot-api"');
    expect(buckets[0]).toBe('parley_request_duration_seconds_bucket{surface="bot-api",le="0.0005"} 2');
    expect(buckets[1]).toBe('parley_request_duration_seconds_bucket{surface="bot-api",le="0.001"} 3');
    expect(buckets).toContain('parley_request_duration_seconds_bucket{surface="bot-api",le="2.5"} 4');
    expect(buckets).toContain('parley_request_duration_seconds_bucket{surface="bot-api",le="60"} 4');
    expect(buckets.at(-1)).toBe('parley_request_duration_seconds_bucket{surface="bot-api",le="+Inf"} 5');
    expect(text).toContain('parley_request_duration_seconds_count{surface="bot-api"} 5');
    expect(text).toContain('parley_request_duration_seconds_sum{surface="bot-api"} 92.0013');
    // A surface with no request has no series.
    expect(text).not.toContain('surface="file"');
  });

  it('counts requests by surface, method and status, and successful gateway sends', async () => {
    const m = metrics();
    m.observeRequest('bot-api', 'sendMessage', 200, 1, false);
    m.observeRequest('bot-api', 'sendMessage', 200, 1, false);
    m.observeRequest('bot-api', 'sendMessage', 429, 1, true);
    m.observeRequest('bot-api', undefined, 404, 1, true);
    m.observeRequest('gateway', 'sendVerificationMessage', 200, 1, false);
    // Under --gateway-always-200 a refusal is a 200 with an error text: no send.
    m.observeRequest('gateway', 'sendVerificationMessage', 200, 1, true);
    m.observeRequest('gateway', 'checkSendAbility', 200, 1, false);
    const text = await m.scrape();
    expect(lines(text, 'parley_requests_total{').sort()).toEqual([
      'parley_requests_total{surface="bot-api",method="sendMessage",status="200"} 2',
      'parley_requests_total{surface="bot-api",method="sendMessage",status="429"} 1',
      'parley_requests_total{surface="bot-api",method="unknown",status="404"} 1',
      'parley_requests_total{surface="gateway",method="checkSendAbility",status="200"} 1',
      'parley_requests_total{surface="gateway",method="sendVerificationMessage",status="200"} 2',
    ]);
    expect(text).toContain('parley_gateway_sends_total 1\n');
    // Counters stay totals across scrapes.
    m.observeRequest('bot-api', 'sendMessage', 200, 1, false);
    expect(await m.scrape()).toContain(
      'parley_requests_total{surface="bot-api",method="sendMessage",status="200"} 3',
    );
  });

  it('keeps one registry per server', async () => {
    const a = metrics();
    const b = metrics();
    a.webhookAttempt('delivered');
    a.observeCommit(2);
    expect(await a.scrape()).toContain('parley_webhook_deliveries_total{outcome="delivered"} 1');
    expect(await b.scrape()).toContain('parley_webhook_deliveries_total{outcome="delivered"} 0');
    expect(await a.scrape()).toContain('parley_store_commit_seconds_count 1');
    expect(await b.scrape()).toContain('parley_store_commit_seconds_count 0');
  });

  it("counts the store's writes run again, by reason, as the store counts them at scrape", async () => {
    const reruns = { serialization: 3, deadlock: 0 };
    const m = metrics(reruns);
    expect(lines(await m.scrape(), 'parley_store_reruns_total{').sort()).toEqual([
      'parley_store_reruns_total{reason="deadlock"} 0',
      'parley_store_reruns_total{reason="serialization"} 3',
    ]);
    reruns.serialization = 5;
    expect(await m.scrape()).toContain('parley_store_reruns_total{reason="serialization"} 5\n');
    // SQLite's store runs none again: no series.
    expect(await metrics().scrape()).not.toContain('parley_store_reruns_total{');
  });
});
