/** The storage contract of ephemeral messages (ports/ephemeral.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewEphemeralMessage, Store } from '../store.js';

const message = (over: Partial<NewEphemeralMessage>): NewEphemeralMessage => ({
  chat_pk: 1,
  receiver_id: 100,
  sender_id: 500,
  after_message_id: 0,
  date: 1000,
  edit_date: null,
  body: '{"text":"only for you"}',
  ...over,
});

export function ephemeralContract(open: () => Promise<Store>): void {
  describe('ephemeral messages (ports/ephemeral.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('numbers messages per chat from 1 and reuses the smallest freed id', async () => {
      const ids = await store.write(async (tx) => [
        (await tx.insertEphemeralMessage(message({}))).ephemeral_message_id,
        (await tx.insertEphemeralMessage(message({ receiver_id: 101 }))).ephemeral_message_id,
        (await tx.insertEphemeralMessage(message({}))).ephemeral_message_id,
        (await tx.insertEphemeralMessage(message({ chat_pk: 2 }))).ephemeral_message_id,
      ]);
      expect(ids).toEqual([1, 2, 3, 1]);
      expect(await store.write(async (tx) => tx.deleteEphemeralMessage(1, 2))).toBe(true);
      expect(await store.write(async (tx) => tx.deleteEphemeralMessage(1, 2))).toBe(false);
      const reused = await store.write(async (tx) =>
        tx.insertEphemeralMessage(message({ receiver_id: 102 })),
      );
      expect(reused.ephemeral_message_id).toBe(2);
      expect(await store.getEphemeralMessage(1, 2)).toEqual({
        ...message({ receiver_id: 102 }),
        ephemeral_message_id: 2,
        seq: reused.seq,
        seen: false,
        replaces_message_id: null,
      });
      await store.write(async (tx) => tx.deleteEphemeralMessage(1, 1));
      expect(
        (await store.write(async (tx) => tx.insertEphemeralMessage(message({})))).ephemeral_message_id,
      ).toBe(1);
    });

    it('keeps the message a row is shown in place of (replace_callback_query_message), else null', async () => {
      const [placed, beside] = await store.write(async (tx) => [
        await tx.insertEphemeralMessage(message({ after_message_id: 7, replaces_message_id: 4 })),
        await tx.insertEphemeralMessage(message({ after_message_id: 7, replaces_message_id: null })),
      ]);
      expect(placed).toMatchObject({ ephemeral_message_id: 1, replaces_message_id: 4 });
      expect(beside).toMatchObject({ ephemeral_message_id: 2, replaces_message_id: null });
      expect((await store.getEphemeralMessage(1, 1))?.replaces_message_id).toBe(4);
      expect((await store.listEphemeralMessages(1, 100)).map((row) => row.replaces_message_id)).toEqual([
        4,
        null,
      ]);
      expect((await store.nextUnseenEphemeralMessage(1, 100))?.replaces_message_id).toBe(4);
    });

    it('gives concurrent writes in one chat distinct ids', async () => {
      const rows = await Promise.all(
        [100, 101, 102, 103].map((receiver) =>
          store.write(async (tx) => tx.insertEphemeralMessage(message({ receiver_id: receiver }))),
        ),
      );
      expect(rows.map((row) => row.ephemeral_message_id).sort()).toEqual([1, 2, 3, 4]);
    });

    it("lists one receiver's messages in a chat by place among the chat's messages, then as sent", async () => {
      await store.write(async (tx) => {
        await tx.insertEphemeralMessage(message({ after_message_id: 5, body: '{"text":"b"}' }));
        await tx.insertEphemeralMessage(message({ after_message_id: 2, body: '{"text":"a"}' }));
        await tx.insertEphemeralMessage(message({ after_message_id: 5, body: '{"text":"c"}' }));
        await tx.insertEphemeralMessage(message({ receiver_id: 101, body: '{"text":"other"}' }));
        await tx.insertEphemeralMessage(message({ chat_pk: 2, body: '{"text":"elsewhere"}' }));
      });
      const listed = await store.listEphemeralMessages(1, 100);
      expect(listed.map((row) => [row.ephemeral_message_id, row.body])).toEqual([
        [2, '{"text":"a"}'],
        [1, '{"text":"b"}'],
        [3, '{"text":"c"}'],
      ]);
      expect((await store.listEphemeralMessages(1, 101)).map((row) => row.body)).toEqual([
        '{"text":"other"}',
      ]);
      expect(await store.listEphemeralMessages(3, 100)).toEqual([]);
    });

    it("lists the messages a user sent (a person's ephemeral command) with those they received", async () => {
      await store.write(async (tx) => {
        await tx.insertEphemeralMessage(
          message({ sender_id: 100, receiver_id: 500, body: '{"text":"/cmd"}' }),
        );
        await tx.insertEphemeralMessage(message({ after_message_id: 1, body: '{"text":"answer"}' }));
        await tx.insertEphemeralMessage(
          message({ sender_id: 101, receiver_id: 500, body: '{"text":"/other"}' }),
        );
      });
      expect((await store.listEphemeralMessages(1, 100)).map((row) => row.body)).toEqual([
        '{"text":"/cmd"}',
        '{"text":"answer"}',
      ]);
      expect((await store.nextUnseenEphemeralMessage(1, 100))?.body).toBe('{"text":"answer"}');
    });

    it('edits, marks seen and answers the next unseen; a failed write keeps everything', async () => {
      await store.write(async (tx) => {
        await tx.insertEphemeralMessage(message({}));
        await tx.insertEphemeralMessage(message({}));
      });
      await expect(
        store.write(async (tx) => {
          await tx.updateEphemeralMessage(1, 1, '{"text":"edited"}', 2000);
          await tx.markEphemeralSeen(1, 1);
          await tx.deleteEphemeralMessage(1, 2);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await store.getEphemeralMessage(1, 1))?.body).toBe('{"text":"only for you"}');
      expect((await store.nextUnseenEphemeralMessage(1, 100))?.ephemeral_message_id).toBe(1);
      expect(await store.getEphemeralMessage(1, 2)).toBeDefined();

      expect(
        await store.write(async (tx) => tx.updateEphemeralMessage(1, 1, '{"text":"edited"}', 2000)),
      ).toBe(true);
      expect(await store.write(async (tx) => tx.updateEphemeralMessage(1, 9, '{}', 2000))).toBe(false);
      expect(await store.getEphemeralMessage(1, 1)).toMatchObject({
        body: '{"text":"edited"}',
        edit_date: 2000,
      });
      await store.write(async (tx) => tx.markEphemeralSeen(1, 1));
      expect((await store.nextUnseenEphemeralMessage(1, 100))?.ephemeral_message_id).toBe(2);
      expect((await store.getEphemeralMessage(1, 1))?.seen).toBe(true);
      await store.write(async (tx) => tx.markEphemeralSeen(1, 2));
      expect(await store.nextUnseenEphemeralMessage(1, 100)).toBeUndefined();
    });
  });
}
