/**
 * `node --import tsx bench/pg-write-path/lane-conflicts.ts [--variants 1:-,4:-,4:100,4:-:hold]
 *  [--at-once 64] [--rounds 15]` (PostgreSQL at PARLEY_TEST_POSTGRES)
 *
 * How often the writes of a PostgreSQL node's write connections (lanes, ADR 0106) run again: 20
 * bots and 200 private chats, then rounds of 64 people's messages (the chat's next id, the message,
 * the bot's next update id and the update) and 64 bot replies at a time, every write keyed by its
 * bot; per variant, a number of lanes, the bots' and chats' fillfactor (or the migrations' own),
 * and optionally a snapshot held open meanwhile and each bot's confirm each round. Reruns are fn
 * runs beyond one a write (a batch that meets a conflict runs all its fns again); the share of the
 * two tables' updates that were HOT is read from PostgreSQL's statistics.
 */
import { parseArgs } from 'node:util';
import { PgStore } from '../../src/storage/postgres/pg-store.js';
import { dropSchema, TEST_POSTGRES_URL } from '../../src/storage/contracts/postgres-server.js';
import { bot, user } from '../../src/storage/contracts/fixtures.js';
import type { StoreTx } from '../../src/storage/store.js';

const { values } = parseArgs({
  options: {
    // writers:fillfactor[:hold][:confirm]; fillfactor "-" leaves the tables as the migrations made
    // them; "hold" keeps a snapshot open meanwhile (as a long read or a backup does), which keeps
    // PostgreSQL from pruning the rows' old versions; "confirm" adds, each round, a write per bot
    // that deletes its updates queued so far (getUpdates' confirm).
    variants: { type: 'string', default: '1:-,4:-,4:100,4:-:hold' },
    'at-once': { type: 'string', default: '64' },
    rounds: { type: 'string', default: '15' },
  },
});
const BOTS = 20;
const PEOPLE = 200;
const ROUNDS = Number(values.rounds);
const AT_ONCE = Number(values['at-once']);

interface Chat {
  pk: number;
  bot: number;
  person: number;
}

async function measure(writers: number, fillfactor: string, hold: boolean, confirm: boolean): Promise<void> {
  const schema = `bench_lanes_${writers}_${fillfactor === '-' ? 'm' : fillfactor}_${Date.now()}`;
  const store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, writers });
  if (fillfactor !== '-') {
    await store.pool.query(
      `ALTER TABLE ${schema}.bots SET (fillfactor = ${fillfactor}); ALTER TABLE ${schema}.chats SET (fillfactor = ${fillfactor})`,
    );
  }
  const chats = await store.write(async (tx) => {
    const made: Chat[] = [];
    for (let b = 1; b <= BOTS; b++) {
      await tx.insertUser(user(1000 + b, { is_bot: true, phone_number: null, username: `lanes_bot_${b}` }));
      await tx.insertBot(bot(1000 + b));
    }
    for (let person = 1; person <= PEOPLE; person++) {
      await tx.insertUser(user(person));
      const botId = 1001 + (person % BOTS);
      const pk = await tx.insertChat({
        id: null,
        type: 'private',
        title: null,
        username: null,
        description: null,
        user_a: person,
        user_b: botId,
        last_message_id: 0,
        created_at: 1,
      });
      made.push({ pk, bot: botId, person });
    }
    return made;
  });
  const holder = hold ? await store.pool.connect() : undefined;
  await holder?.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  await holder?.query('SELECT count(*) FROM users');
  let runs = 0;
  let writes = 0;
  const lastUpdate = new Map<number, number>();
  const send = (chat: Chat, sender: number, queued: boolean) => async (tx: StoreTx) => {
    runs++;
    await tx.getBot(chat.bot);
    const id = await tx.nextMessageId(chat.pk);
    await tx.insertMessage({
      chat_pk: chat.pk,
      message_id: id,
      sender_id: sender,
      date: 1,
      edit_date: null,
      body: '{}',
    });
    if (!queued) return;
    const updateId = await tx.nextUpdateId(chat.bot, 1);
    lastUpdate.set(chat.bot, Math.max(lastUpdate.get(chat.bot) ?? 0, updateId));
    await tx.insertUpdate({
      bot_id: chat.bot,
      update_id: updateId,
      type: 'message',
      payload: '{}',
      queue_key: `c${chat.pk}`,
      created_at: 1,
      expires_at: 99_999,
      attempts: 0,
      next_attempt_at: 0,
    });
  };
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    const sends = Array.from({ length: AT_ONCE }, (_, i) => {
      const chat = chats[(i * 7 + round * 13) % chats.length]!;
      writes += 2;
      return [
        store.write({ bot: chat.bot }, send(chat, chat.person, true)),
        store.write({ bot: chat.bot }, send(chat, chat.bot, false)),
      ];
    });
    const confirms = confirm
      ? [...lastUpdate].map(([botId, last]) => {
          writes += 1;
          return store.write({ bot: botId }, async (tx) => {
            runs++;
            await tx.deleteUpdatesBelow(botId, last + 1);
          });
        })
      : [];
    await Promise.all([...sends.flat(), ...confirms]);
  }
  const seconds = (performance.now() - started) / 1000;
  await holder?.query('COMMIT');
  holder?.release();
  const reruns = ((runs / writes - 1) * 100).toFixed(1);
  // Updates that stayed on their page (HOT) insert no index entry, so they meet no reader's
  // predicate lock on an index page; the statistics arrive a little late, so this is a lower bound.
  await new Promise((resolve) => setTimeout(resolve, 700));
  const { rows } = await store.pool.query<{ relname: string; upd: string; hot: string }>(
    `SELECT relname, n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables
     WHERE schemaname = $1 AND relname IN ('bots', 'chats') ORDER BY relname`,
    [schema],
  );
  const hot = rows.map((r) => `${r.relname} ${r.hot}/${r.upd} HOT`).join(', ');
  process.stdout.write(
    `${writers} lane(s), fillfactor ${fillfactor}${hold ? ', a snapshot held' : ''}${confirm ? ', confirms' : ''}: ${writes} writes, ${reruns}% reruns, ${(writes / seconds).toFixed(0)} writes/s; ${hot}\n`,
  );
  await store.close();
  await dropSchema(schema);
}

for (const variant of values.variants!.split(',')) {
  const [writers, fillfactor, ...flags] = variant.split(':');
  await measure(Number(writers), fillfactor ?? '-', flags.includes('hold'), flags.includes('confirm'));
}
