/**
 * A person's limit of four boosts at once holds when two boosts of different channels race through
 * two nodes whose writes run at snapshot isolation (REPEATABLE READ, ADR 0129): the count is of rows
 * the other boost adds, so boosts.ts guards it per person (ports/settings.ts `guardWrite`), and the
 * second boost runs again after the first and refuses (BOOST_LIMIT_REACHED). Without the guard both
 * commit: five boosts. Skipped without a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../src/storage/contracts/postgres.js';
import { openSnapshotNodes, type SnapshotNodes } from './helpers/snapshot-race.js';

describe.skipIf(!postgresAvailable)(
  'two boosts by one person on two nodes at once (snapshot isolation)',
  () => {
    let nodes: SnapshotNodes;
    let person = '';
    const channels: string[] = [];

    beforeAll(async () => {
      nodes = await openSnapshotNodes();
      const [one] = nodes.platforms;
      person = String((await one.users.createUser({ phone_number: '+15558890000', first_name: 'B' })).id);
      for (let i = 0; i < 5; i++) {
        const { chat } = await one.groups.create(person, { type: 'channel', title: `C${i}`, members: [] });
        channels.push(String(chat.id));
      }
      // Three of the four boosts a person may have.
      for (const channel of channels.slice(0, 3)) await one.boosts.boost(person, channel);
    });

    afterAll(async () => {
      await nodes?.close();
    });

    it('lets the first take the fourth; the second runs again after it and refuses a fifth', async () => {
      const [a, b] = await nodes.race(
        (one) => one.boosts.boost(person, channels[3]!),
        (two) => two.boosts.boost(person, channels[4]!),
      );
      expect(a.status).toBe('fulfilled');
      expect(b.status).toBe('rejected');
      expect(String((b as PromiseRejectedResult).reason)).toMatch(/at most 4 boosts/);
      expect(await nodes.stores[0].countActiveBoostsOfUser(Number(person))).toBe(4);
      expect(nodes.stores[1].reruns).not.toEqual({});
    });
  },
);
