/**
 * One enabled business connection an account holds when a person connects two bots at once through
 * two nodes whose writes run at snapshot isolation (REPEATABLE READ, ADR 0129): each connect decides
 * on the connection rows the other writes, so business.ts guards it per account (ports/settings.ts
 * `guardWrite`); the second runs again after the first, disables the first's connection and enables
 * its own. Without the guard both stay enabled (on an account whose profile an earlier connection
 * made: a first connection's profile row is a conflict of its own). Skipped without a PostgreSQL
 * server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../src/storage/contracts/postgres.js';
import { openSnapshotNodes, type SnapshotNodes } from './helpers/snapshot-race.js';

describe.skipIf(!postgresAvailable)('two bots connected to one account on two nodes at once', () => {
  let nodes: SnapshotNodes;
  let person = 0;
  const bots: number[] = [];

  beforeAll(async () => {
    nodes = await openSnapshotNodes();
    const [one] = nodes.platforms;
    person = (await one.users.createUser({ phone_number: '+15558891000', first_name: 'Owner' })).id;
    for (const username of ['first_business_bot', 'second_business_bot', 'earlier_business_bot'])
      bots.push((await one.users.createBot({ username })).user.id);
    // An account with no enabled connection, its profile row made by an earlier one.
    await one.business.connect(person, bots[2]!, {});
    await one.business.disconnect(person, bots[2]!);
  });

  afterAll(async () => {
    await nodes?.close();
  });

  it('leaves one of them enabled, the one connected last', async () => {
    const [a, b] = await nodes.race(
      (one) => one.business.connect(person, bots[0]!, {}),
      (two) => two.business.connect(person, bots[1]!, {}),
    );
    expect([a.status, b.status]).toEqual(['fulfilled', 'fulfilled']);
    const enabled = await nodes.stores[0].pool.query<{ bot_id: string }>(
      'SELECT bot_id FROM business_connections WHERE user_id = $1 AND is_enabled',
      [person],
    );
    expect(enabled.rows.map((row) => Number(row.bot_id))).toEqual([bots[1]]);
    expect(nodes.stores[1].reruns).not.toEqual({});
  });
});
