/**
 * A channel invite link's member_limit holds when two people join by it at once through two nodes
 * whose writes run at snapshot isolation (REPEATABLE READ, ADR 0129): each join counts the members
 * the other adds (a channel posts no service message, whose chat row would meet), so
 * invite-links.ts guards the count per link (ports/settings.ts `guardWrite`); the second join runs
 * again after the first and finds the link full. Without the guard both join. Skipped without a
 * PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../src/storage/contracts/postgres.js';
import { openSnapshotNodes, type SnapshotNodes } from './helpers/snapshot-race.js';

describe.skipIf(!postgresAvailable)(
  'two joins by a channel link with a member limit on two nodes at once',
  () => {
    let nodes: SnapshotNodes;
    const people: string[] = [];
    let chatPk = 0;
    let link = '';

    beforeAll(async () => {
      nodes = await openSnapshotNodes();
      const [one] = nodes.platforms;
      for (let i = 0; i < 3; i++) {
        const row = await one.users.createUser({ phone_number: `+1555889300${i}`, first_name: `J${i}` });
        people.push(String(row.id));
      }
      const { chat } = await one.groups.create(people[0]!, {
        type: 'channel',
        title: 'Limited',
        members: [],
      });
      chatPk = chat.pk;
      ({ invite_link: link } = await one.groups.inviteLinks.create(
        { person: people[0]!, chat: chat.id! },
        { member_limit: 1 },
      ));
    });

    afterAll(async () => {
      await nodes?.close();
    });

    it('lets the first join; the second runs again after it and finds the link full', async () => {
      const [a, b] = await nodes.race(
        (one) => one.groups.inviteLinks.join(people[1]!, link),
        (two) => two.groups.inviteLinks.join(people[2]!, link),
      );
      expect(a.status).toBe('fulfilled');
      expect(b.status).toBe('rejected');
      expect(String((b as PromiseRejectedResult).reason)).toMatch(/the invite link is full/);
      const members = await nodes.stores[0].listMembers(chatPk);
      expect(members.map((m) => String(m.user_id)).sort()).toEqual([people[0], people[1]].sort());
      expect(nodes.stores[1].reruns).not.toEqual({});
    });
  },
);
