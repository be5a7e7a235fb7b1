/**
 * A group's creation on PostgreSQL (issue 31: 8-9 groups/s, 0.07-0.24 of SQLite's rate): what the
 * write connection sends for a group grows with its members only by their rows, not by a read (a
 * round trip inside the write) for each of them, and their rows go in multi-row upserts; the chat's
 * own insert waits for no answer (its pk taken ahead, its new id not looked up); what the group holds and what its bot hears are
 * as on SQLite (test/groups.test.ts), and a refused creation changes nothing. Skipped without a
 * PostgreSQL server (contracts/postgres.ts).
 */
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblePlatform, type Platform } from '../src/platform/assembly/platform.js';
import { SystemClock } from '../src/platform/core/clock.js';
import { EventBus } from '../src/platform/core/event-bus.js';
import { cryptoRandom } from '../src/platform/core/random.js';
import {
  dropSchema,
  postgresAvailable,
  TEST_POSTGRES_URL,
  testSchema,
} from '../src/storage/contracts/postgres.js';
import { PgStore } from '../src/storage/postgres/pg-store.js';
import type { ChatRow } from '../src/storage/store.js';
import { watchQueries } from '../src/storage/contracts/pg-queries-seen.js';
import { createChat } from '../src/control/methods/chat-create.js';

/** Counts the statements sent while `run` runs, by text. */
async function writeStatements(run: () => Promise<unknown>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const stop = watchQueries((text, onWriteConnection) => {
    // The write connections (pg's pipeline mode) by text; the pool's reads marked `P `.
    const key = onWriteConnection ? text : `P ${text}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  try {
    await run();
  } finally {
    stop();
  }
  return counts;
}

/** The statements other than the member rows' upserts and the transaction's own. */
const besidesMembers = (counts: Map<string, number>) =>
  [...counts]
    .filter(([text]) => !/^(INSERT INTO chat_members|BEGIN|COMMIT|P )/.test(text))
    .reduce((sum, [, n]) => sum + n, 0);

describe.skipIf(!postgresAvailable)('a group created on PostgreSQL', () => {
  const schema = testSchema();
  let store: PgStore;
  let platform: Platform;
  const people: number[] = [];
  const phones: string[] = [];
  let botId = 0;
  let botUsername = '';

  let other: PgStore;

  beforeAll(async () => {
    const assemble = (on: PgStore) =>
      assemblePlatform({
        store: on,
        clock: new SystemClock(),
        random: cryptoRandom,
        bus: new EventBus(),
        config: { profile: 'local' },
        filesDir: tmpdir(),
      });
    store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 4 });
    platform = assemble(store);
    // The people are made on another node: this one keeps the users it inserts (pg-cache.ts), and
    // has to read these.
    other = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 2 });
    const elsewhere = assemble(other);
    for (let i = 0; i < 41; i++) {
      const row = await elsewhere.users.createUser({
        phone_number: `+1555777${String(i).padStart(4, '0')}`,
        first_name: `P${i}`,
      });
      people.push(row.id);
      phones.push(row.phone_number!);
    }
    const { user } = await platform.users.createBot({ username: 'creation_counted_bot' });
    botId = user.id;
    botUsername = user.username!;
  });

  afterAll(async () => {
    await store?.close();
    await other?.close();
    await dropSchema(schema);
  });

  async function create(members: number, title: string) {
    let chat: ChatRow | undefined;
    const counts = await writeStatements(async () => {
      ({ chat } = await platform.groups.create(String(people[0]), {
        type: 'group',
        title,
        members: [...phones.slice(1, members + 1), `@${botUsername}`],
      }));
    });
    return { chat: chat!, counts };
  }

  it('sends as many statements for 40 members as for 5, beside their rows', async () => {
    const small = await create(5, 'Five');
    const large = await create(40, 'Forty');
    // Each read for a member was a statement of its own, and a round trip inside the write.
    expect(besidesMembers(large.counts)).toBe(besidesMembers(small.counts));
    // And the 42 member rows (the creator, 40 people, the bot) in three statements, not one a row:
    // the 41 asked before the bot's row is read ahead (32 and 9), which the first round trip carries,
    // and the bot's with the commit.
    const upserts = [...large.counts].filter(([text]) => /^INSERT INTO chat_members\b/.test(text));
    expect(upserts.reduce((sum, [, n]) => sum + n, 0)).toBeLessThanOrEqual(3);
    // The chat's insert waits for no answer (its pk taken ahead), nor is its new id looked up first.
    const chats = [...large.counts.keys()].filter((text) =>
      /^(INSERT INTO|SELECT \* FROM) chats\b/.test(text),
    );
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatch(/^INSERT INTO chats \(pk, id, /);
    expect(chats[0]).not.toMatch(/RETURNING/);
    // The 40 people, named by phone, read in one statement before the write, not one each.
    const byPhone = [...large.counts].filter(([text]) =>
      /^P SELECT \* FROM users WHERE phone_number/.test(text),
    );
    expect(byPhone).toEqual([['P SELECT * FROM users WHERE phone_number = ANY($1::text[])', 1]]);
    const members = await store.listMembers(large.chat.pk);
    expect(members.map((m) => [m.user_id, m.status]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [[people[0], 'creator'], ...people.slice(1, 41).map((id) => [id, 'member']), [botId, 'member']].sort(
        (a, b) => Number(a[0]) - Number(b[0]),
      ),
    );
    // The bot heard of both groups: my_chat_member, then group_chat_created, in each.
    const updates = await store.listUpdates(botId, 0, 100, Math.floor(Date.now() / 1000));
    expect(updates.map((u) => [u.type, JSON.parse(u.payload).chat.id])).toEqual([
      ['my_chat_member', small.chat.id],
      ['message', small.chat.id],
      ['my_chat_member', large.chat.id],
      ['message', large.chat.id],
    ]);
  });

  it('answers POST /control/chats from the rows its creation wrote, reading nothing after it', async () => {
    // Its people read before (by id and by phone; kept in the row cache), as the test before did.
    await platform.users.resolve(String(people[0]), 'user');
    await platform.users.resolveMany(phones.slice(1, 6));
    let record: Record<string, unknown> | undefined;
    const counts = await writeStatements(async () => {
      record = await createChat({
        platform,
        input: {
          owner: String(people[0]),
          type: 'group',
          title: 'Answered',
          members: [...phones.slice(1, 6), `@${botUsername}`],
        },
      } as unknown as Parameters<typeof createChat>[0]);
    });
    // The members and their users were read after the write (on the pool), the members again.
    expect(
      [...counts.keys()].filter((text) => /^P SELECT \* FROM (chat_members|users)\b/.test(text)),
    ).toEqual([]);
    const members = (record!.members as Array<{ user: { id: number }; status: string }>).map((m) => [
      m.user.id,
      m.status,
    ]);
    expect(members).toEqual(
      [[people[0], 'creator'], ...people.slice(1, 6).map((id) => [id, 'member']), [botId, 'member']].sort(
        (a, b) => Number(a[0]) - Number(b[0]),
      ),
    );
    // As a record read from the store answers.
    expect(record).toEqual(await platform.groups.record(record!.id as number));
  });

  it('changes nothing when a member is refused', async () => {
    const before = await store.pool.query('SELECT count(*)::int AS n FROM chat_members');
    await expect(
      platform.groups.create(String(people[0]), {
        type: 'group',
        title: 'Refused',
        members: [...people.slice(1, 20), '+19999999999'],
      }),
    ).rejects.toThrow(/no user/);
    await expect(
      platform.groups.create(String(people[0]), {
        type: 'channel',
        title: 'No bots',
        members: [...people.slice(1, 20), `@${botUsername}`],
      }),
    ).rejects.toThrow(/administrator/);
    const after = await store.pool.query('SELECT count(*)::int AS n FROM chat_members');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
