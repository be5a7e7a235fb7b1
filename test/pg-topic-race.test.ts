/**
 * A forum topic deleted while a message is sent into it through another node, both writes at
 * snapshot isolation (REPEATABLE READ, ADR 0129): the deletion lists the topic's messages and the
 * send adds one, so both guard the topic (store-ports.ts `topicGuard`, ports/settings.ts
 * `guardWrite`); the send runs again after the deletion and is refused, and no message is left in a
 * topic that is gone. Without the guard the message stays in the deleted topic. Skipped without a
 * PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../src/storage/contracts/postgres.js';
import { openSnapshotNodes, type SnapshotNodes } from './helpers/snapshot-race.js';

describe.skipIf(!postgresAvailable)('a topic deleted while a message is sent into it, on two nodes', () => {
  let nodes: SnapshotNodes;
  let owner = '';
  let member = '';
  let chat = 0;
  let chatPk = 0;
  let thread = 0;

  beforeAll(async () => {
    nodes = await openSnapshotNodes();
    const [one] = nodes.platforms;
    owner = String((await one.users.createUser({ phone_number: '+15558896000', first_name: 'O' })).id);
    member = String((await one.users.createUser({ phone_number: '+15558896001', first_name: 'M' })).id);
    const created = await one.groups.create(owner, { type: 'supergroup', title: 'Forum', members: [member] });
    chat = created.chat.id!;
    chatPk = created.chat.pk;
    await one.topics.setForum(owner, chat, true);
    thread = (await one.topics.create({ person: owner, chat }, { name: 'Doomed' })).message_thread_id;
  });

  afterAll(async () => {
    await nodes?.close();
  });

  it('refuses the send that runs again after the deletion, and leaves no message in the topic', async () => {
    const [a, b] = await nodes.race(
      (one) => one.topics.delete({ person: owner, chat }, thread),
      (two) => two.messages.sendFromUser(member, String(chat), 'into the topic', undefined, thread),
    );
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('rejected');
    const left = await nodes.stores[0].pool.query(
      'SELECT count(*)::int AS n FROM forum_topic_messages WHERE chat_pk = $1 AND thread_id = $2',
      [chatPk, thread],
    );
    expect(left.rows[0].n).toBe(0);
    expect(nodes.stores[1].reruns).not.toEqual({});
  });
});
