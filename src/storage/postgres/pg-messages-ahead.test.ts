/**
 * Messages a write's key names (store.ts WriteKey `messages`, an edit's) are read with the batch's
 * first statement on PostgreSQL, and the write's reads of them by id answer from that read
 * (pg-read-memo.ts `keepMessages`, ADR 0119): no round trip of their own, also after another write
 * of the batch inserted a message (an insert changes no row that exists); after a write of the
 * batch updated the message, or inserted one the read did not find, the database answers again.
 * Skipped without a PostgreSQL server (contracts/postgres.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PgStore } from './pg-store.js';
import { postgresAvailable, storeForEachTest } from '../contracts/postgres.js';
import { chat, user } from '../contracts/fixtures.js';
import { countWriteStatements } from '../contracts/pg-queries-seen.js';
import type { MessageRow } from '../ports/messages.js';
import type { StoreTx } from '../store.js';

const GET_MESSAGE = 'SELECT * FROM messages WHERE chat_pk = $1 AND message_id = $2';

function message(chatPk: number, id: number, body = '{"text":"hi"}'): MessageRow {
  return { chat_pk: chatPk, message_id: id, sender_id: 10, date: 1, edit_date: null, body };
}

describe.skipIf(!postgresAvailable)('PostgreSQL messages read ahead for a write', () => {
  let store: PgStore;
  let pk: number;

  storeForEachTest((opened) => (store = opened));

  beforeEach(async () => {
    pk = await store.write(async (tx) => {
      await tx.insertUser(user(1));
      await tx.insertUser(user(10, { is_bot: true }));
      const { chat: row } = await tx.ensurePrivateChat(chat({ user_a: 1, user_b: 10, last_message_id: 5 }));
      for (const id of [1, 2]) await tx.insertMessage(message(row.pk, id));
      return row.pk;
    });
  });

  /**
   * Two writes in one batch (queued in one turn, on the bot's write connection): the first reads
   * message 2, which sends the batch's first statement with the read ahead, then runs `then`; the
   * second names message `id` in its key and reads it. Answers that read, and how many reads of a
   * message by id the write connection sent.
   */
  async function afterWrite(
    then: (tx: StoreTx) => Promise<void>,
    id: number,
  ): Promise<{ read: MessageRow | undefined; gets: number }> {
    const seen = countWriteStatements();
    try {
      const [, read] = await Promise.all([
        store.write({ bot: 10 }, async (tx) => {
          await tx.getMessage(pk, 2);
          await then(tx);
        }),
        store.write({ bot: 10, messages: [[pk, id]] }, async (tx) => tx.getMessage(pk, id)),
      ]);
      return { read, gets: seen.counts.get(GET_MESSAGE) ?? 0 };
    } finally {
      seen.stop();
    }
  }

  it("answers the named message from the batch's read, also after a message inserted before it", async () => {
    const { read, gets } = await afterWrite((tx) => tx.insertMessage(message(pk, 3)), 1);
    expect(read).toEqual(message(pk, 1));
    // Message 2's read alone.
    expect(gets).toBe(1);
  });

  it('asks the database again after a write of the batch changed the message', async () => {
    const { read, gets } = await afterWrite((tx) => tx.updateMessage(pk, 1, '{"text":"edited"}', 7), 1);
    expect(read).toEqual({ ...message(pk, 1, '{"text":"edited"}'), edit_date: 7 });
    // Message 2's read, and message 1's again after the edit.
    expect(gets).toBe(2);
  });

  it('keeps the read of the named message after a write of the batch edited another', async () => {
    const { read, gets } = await afterWrite((tx) => tx.updateMessage(pk, 2, '{"text":"edited"}', 7), 1);
    expect(read).toEqual(message(pk, 1));
    expect(gets).toBe(1);
  });

  it('asks the database again for a message the read did not find once a write inserted one', async () => {
    const { read } = await afterWrite((tx) => tx.insertMessage(message(pk, 4)), 4);
    expect(read).toEqual(message(pk, 4));
    // Not there, and nothing inserted it: the read's answer stands.
    expect(
      await store.write({ bot: 10, messages: [[pk, 9]] }, async (tx) => tx.getMessage(pk, 9)),
    ).toBeUndefined();
  });
});
