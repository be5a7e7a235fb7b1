/**
 * A person's default device is made once when their first two uses run at once through two nodes
 * whose writes run at snapshot isolation (REPEATABLE READ, ADR 0129): each first use finds no device
 * and inserts one, so devices.ts guards that decision per person (ports/settings.ts `guardWrite`);
 * the second runs again after the first and finds its device. Without the guard the person has two
 * default devices. Skipped without a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../src/storage/contracts/postgres.js';
import { openSnapshotNodes, type SnapshotNodes } from './helpers/snapshot-race.js';

describe.skipIf(!postgresAvailable)("a person's first device uses on two nodes at once", () => {
  let nodes: SnapshotNodes;
  let person = '';

  beforeAll(async () => {
    nodes = await openSnapshotNodes();
    person = String(
      (await nodes.platforms[0].users.createUser({ phone_number: '+15558892000', first_name: 'D' })).id,
    );
  });

  afterAll(async () => {
    await nodes?.close();
  });

  it('makes one default device, which both answer', async () => {
    const [a, b] = await nodes.race(
      (one) => one.devices.list(person),
      (two) => two.devices.list(person),
    );
    expect([a.status, b.status]).toEqual(['fulfilled', 'fulfilled']);
    const ids = (r: typeof a) => (r as PromiseFulfilledResult<Array<{ id: number }>>).value.map((d) => d.id);
    expect(ids(b)).toEqual(ids(a));
    expect(await nodes.stores[0].gateway.listDevices(Number(person))).toHaveLength(1);
    expect(nodes.stores[1].reruns).not.toEqual({});
  });
});
