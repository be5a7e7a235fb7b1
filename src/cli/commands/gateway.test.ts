import { describe, expect, it } from 'vitest';
import { formatLog } from './gateway-inbox.js';

describe('gateway log', () => {
  it('shows the status each report carried, delivered or pending', () => {
    const body = (status: string) => JSON.stringify({ request_id: 'r1', delivery_status: { status } });
    const line = formatLog({
      attempts: [
        {
          id: 1,
          request_id: 'r1',
          attempt: 1,
          url: 'http://127.0.0.1:9/cb',
          timestamp: 1,
          signature: 's',
          body: body('delivered'),
          status_code: 200,
          outcome: 'delivered',
          date: 1,
        },
      ],
      pending: [{ request_id: 'r1', attempts: 2, next_attempt_date: 99, body: body('read') }],
    });
    expect(line).toBe(
      'report r1 delivered attempt 1 delivered (HTTP 200) http://127.0.0.1:9/cb\n' +
        'pending r1 read after 2 attempts, next at 99',
    );
  });
});
