/**
 * A message's limit of 11 distinct reactions holds when two people add a new one at once through two
 * nodes whose writes run at snapshot isolation (REPEATABLE READ, ADR 0129): the count is of rows
 * the other write adds, so reactions.ts guards it (ports/settings.ts `guardWrite`), and the second
 * write runs again after the first and refuses (REACTIONS_TOO_MANY). Without the guard both commit.
 * Skipped without a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../src/storage/contracts/postgres.js';
import { openSnapshotNodes, type SnapshotNodes } from './helpers/snapshot-race.js';

const EMOJI = ['👍', '👎', '❤', '🔥', '🥰', '👏', '😁', '🤔', '🤯', '😱', '🤬', '😢'];

describe.skipIf(!postgresAvailable)('a reaction added on two nodes at once (snapshot isolation)', () => {
  let nodes: SnapshotNodes;
  const people: string[] = [];
  let chat = '';
  let messageId = 0;
  const react = (i: number) => [{ type: 'emoji' as const, emoji: EMOJI[i - 1]! }];

  beforeAll(async () => {
    nodes = await openSnapshotNodes();
    const [one] = nodes.platforms;
    for (let i = 0; i < 13; i++) {
      const row = await one.users.createUser({
        phone_number: `+1555888${String(i).padStart(4, '0')}`,
        first_name: `P${i}`,
      });
      people.push(String(row.id));
    }
    const created = await one.groups.create(people[0]!, {
      type: 'supergroup',
      title: 'Reactions',
      members: people.slice(1),
    });
    chat = String(created.chat.id);
    messageId = (await one.messages.sendFromUser(people[0]!, chat, 'react to me')).message_id;
    // Ten people, ten different reactions: room for one more distinct one.
    for (let i = 1; i <= 10; i++) await one.reactions.setByUser(people[i]!, chat, messageId, react(i), false);
  });

  afterAll(async () => {
    await nodes?.close();
  });

  it('lets the first add the eleventh; the second runs again after it and refuses a twelfth', async () => {
    const [a, b] = await nodes.race(
      (one) => one.reactions.setByUser(people[11]!, chat, messageId, react(11), false),
      (two) => two.reactions.setByUser(people[12]!, chat, messageId, react(12), false),
    );
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('rejected');
    expect(String((b as PromiseRejectedResult).reason)).toMatch(/REACTIONS_TOO_MANY/);
    const state = await nodes.platforms[0].reactions.stateFor(people[0]!, chat, messageId);
    expect(state.reactions).toHaveLength(11);
    expect(nodes.stores[1].reruns).not.toEqual({});
  });
});
