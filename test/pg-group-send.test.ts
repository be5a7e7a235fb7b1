/**
 * A person's message to a group on PostgreSQL (ADR 0106, addendum "a group send's rows ahead"): its
 * key names the group's chat and its bots (write-keys.ts, from the row caches), so the chat's row
 * and its bots' rows are locked and read with the batch's first statement (pg-held-ids.ts), and the
 * send takes its message id and its bots' update ids with no round trip of its own: no increment,
 * and the write connection's round trips for a send are BEGIN's and COMMIT's. What the bots get,
 * and the ids, are as before. Skipped without a PostgreSQL server (contracts/postgres.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../src/platform/assembly/platform.js';
import { postgresAvailable, storeForAllTests } from '../src/storage/contracts/postgres.js';
import { writeRoundTrips } from '../src/storage/contracts/pg-queries-seen.js';
import type { PgStore } from '../src/storage/postgres/pg-store.js';
import type { ChatRow } from '../src/storage/store.js';
import { platformOn } from './helpers/test-platform.js';

const INCREMENT = /SET last_(message|update)_id = last_(message|update)_id \+ 1/;

describe.skipIf(!postgresAvailable)("a person's message to a group on PostgreSQL, and a bot's reply", () => {
  let store: PgStore;
  let platform: Platform;
  let person = '';
  const bots: number[] = [];
  let group: ChatRow;

  storeForAllTests((opened) => (store = opened), { poolSize: 4 });

  beforeAll(async () => {
    platform = platformOn(store);
    const owner = await platform.users.createUser({ phone_number: '+15557770001', first_name: 'Owner' });
    person = String(owner.id);
    const usernames: string[] = [];
    for (const name of ['group_send_a_bot', 'group_send_b_bot']) {
      const { user } = await platform.users.createBot({ username: name, can_read_all_group_messages: true });
      bots.push(user.id);
      usernames.push(`@${user.username}`);
    }
    ({ chat: group } = await platform.groups.create(person, {
      type: 'group',
      title: 'Sends',
      members: usernames,
    }));
  });

  it("takes its message id and its bots' update ids with no round trip of its own", async () => {
    const chatRef = String(group.id);
    // The first send reads what the caches did not hold yet (the person's membership, and so on).
    const first = await platform.messages.sendFromUser(person, chatRef, 'first');
    const before = await store.pool.query('SELECT id, last_update_id FROM bots ORDER BY id');
    let sent: { message_id: number } | undefined;
    const seen = await writeRoundTrips(async () => {
      sent = await platform.messages.sendFromUser(person, chatRef, 'second');
    });
    // Nothing incremented one by one: the chat and both bots went ahead, with BEGIN.
    expect(seen.texts.filter((text) => INCREMENT.test(text))).toEqual([]);
    expect(seen.texts.filter((text) => /FOR UPDATE/.test(text))).toHaveLength(2);
    // What goes ahead (BEGIN went with the commit before), then the write's statements with the
    // COMMIT: two round trips (seven before, the increments and the bots' reads one after another).
    expect(seen.roundTrips).toBe(2);
    // As before: the message's id follows the first's, and each bot got both, numbered in order.
    expect(sent!.message_id).toBe(first.message_id + 1);
    expect(
      (await store.pool.query('SELECT last_message_id FROM chats WHERE pk = $1', [group.pk])).rows,
    ).toEqual([{ last_message_id: first.message_id + 1 }]);
    const after = await store.pool.query('SELECT id, last_update_id FROM bots ORDER BY id');
    expect(after.rows.map((row) => Number(row.last_update_id))).toEqual(
      before.rows.map((row) => Number(row.last_update_id) + 1),
    );
    for (const id of bots) {
      const updates = await store.listUpdates(id, 0, 100, Math.floor(Date.now() / 1000));
      const texts = updates
        .filter((u) => u.type === 'message')
        .map((u) => JSON.parse(u.payload).text as string | undefined);
      expect(texts.slice(-2)).toEqual(['first', 'second']);
      expect(updates.map((u) => u.update_id)).toEqual(
        [...updates.map((u) => u.update_id)].sort((a, b) => a - b),
      );
    }
  });

  it("takes a bot's reply's message id with no round trip of its own", async () => {
    const bot = (await store.getUser(bots[0]!))!;
    // The first reply reads what the caches did not hold yet (the bot's membership, and so on).
    const first = await platform.messages.sendFromBot(bot, group.id!, { text: 'reply one' });
    let sent: { message_id: number } | undefined;
    const seen = await writeRoundTrips(async () => {
      sent = await platform.messages.sendFromBot(bot, group.id!, { text: 'reply two' });
    });
    // The key named the group's chat: its row went ahead with BEGIN, not an increment of its own.
    expect(seen.texts.filter((text) => INCREMENT.test(text))).toEqual([]);
    expect(sent!.message_id).toBe(first.message_id + 1);
    expect(
      (await store.pool.query('SELECT last_message_id FROM chats WHERE pk = $1', [group.pk])).rows,
    ).toEqual([{ last_message_id: first.message_id + 1 }]);
  });
});
