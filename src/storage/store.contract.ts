/**
 * The storage contract: behaviour every adapter of the port must have. Each adapter's test file
 * calls `storeContract(name, open)`; the PostgreSQL adapter will run the same suite.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type BotRow, type Store, type UpdateRow, type UserRow } from './store.js';

const user = (id: number, extra: Partial<UserRow> = {}): UserRow => ({
  id,
  is_bot: false,
  first_name: `User ${id}`,
  last_name: null,
  username: null,
  phone_number: `+1555000${id}`,
  language_code: null,
  created_at: 1_700_000_000,
  ...extra,
});

const bot = (id: number): BotRow => ({
  id,
  token_secret: 'secret-secret-secret-secret',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  logged_out_until: 0,
  last_update_id: 5_000_000,
  last_update_at: 0,
  allowed_updates: null,
  webhook_url: '',
  webhook_secret: null,
  webhook_max_connections: 40,
  webhook_ip_address: null,
  webhook_ip_fixed: false,
  webhook_certificate: null,
  webhook_set_at: null,
  last_error_date: null,
  last_error_message: null,
  last_sync_error_date: null,
});

const update = (botId: number, updateId: number, extra: Partial<UpdateRow> = {}): UpdateRow => ({
  bot_id: botId,
  update_id: updateId,
  type: 'message',
  payload: '{}',
  queue_key: 'c1',
  created_at: 1000,
  expires_at: 1000 + 86_400,
  attempts: 0,
  next_attempt_at: 0,
  ...extra,
});

export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`storage contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores users and finds them by id, phone and username (case-insensitive)', async () => {
      await store.write(async (tx) => tx.insertUser(user(1, { username: 'Alice' })));
      expect((await store.getUser(1))?.first_name).toBe('User 1');
      expect((await store.getUserByPhone('+15550001'))?.id).toBe(1);
      expect((await store.getUserByUsername('alice'))?.id).toBe(1);
      expect((await store.getUser(1))?.is_bot).toBe(false);
      await store.write(async (tx) => tx.updateUser(1, { first_name: 'Renamed', username: null }));
      expect((await store.getUser(1))?.first_name).toBe('Renamed');
      expect(await store.getUserByUsername('alice')).toBeUndefined();
    });

    it('finds users by a phone number or username that moved to another user', async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(1, { username: 'first' }));
        await tx.insertUser(user(2, { username: 'second', phone_number: '+15550002' }));
      });
      // Looked up once, so that whatever the adapter remembers is filled.
      expect((await store.getUserByUsername('FIRST'))?.id).toBe(1);
      expect((await store.getUserByPhone('+15550001'))?.id).toBe(1);
      await store.write(async (tx) => {
        await tx.updateUser(1, { username: null, phone_number: '+15550009' });
        await tx.updateUser(2, { username: 'first', phone_number: '+15550001' });
      });
      expect((await store.getUserByUsername('first'))?.id).toBe(2);
      expect((await store.getUserByPhone('+15550001'))?.id).toBe(2);
      expect(await store.getUserByUsername('second')).toBeUndefined();
      expect((await store.getUserByPhone('+15550009'))?.id).toBe(1);
    });

    it('refuses a duplicate phone number with UniqueViolation and keeps the first row', async () => {
      await store.write(async (tx) => tx.insertUser(user(1)));
      await expect(
        store.write(async (tx) => tx.insertUser(user(2, { phone_number: '+15550001' }))),
      ).rejects.toBeInstanceOf(UniqueViolation);
      expect(await store.getUser(2)).toBeUndefined();
    });

    it('rolls back only the failing write of a concurrent batch', async () => {
      await store.write(async (tx) => tx.insertUser(user(1)));
      const results = await Promise.allSettled([
        store.write(async (tx) => tx.insertUser(user(2))),
        store.write(async (tx) => {
          await tx.insertUser(user(3));
          throw new Error('boom');
        }),
        store.write(async (tx) => tx.insertUser(user(4))),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await store.getUser(2)).toBeDefined();
      expect(await store.getUser(3)).toBeUndefined();
      expect(await store.getUser(4)).toBeDefined();
    });

    it('never shows a user change that was rolled back, alone or in a batch', async () => {
      await store.write(async (tx) => tx.insertUser(user(1)));
      expect((await store.getUser(1))?.first_name).toBe('User 1');
      for (const batch of [1, 3]) {
        const writes = [
          store.write(async (tx) => {
            await tx.updateUser(1, { first_name: 'Changed' });
            expect((await tx.getUser(1))?.first_name).toBe('Changed');
            throw new Error('boom');
          }),
          ...Array.from({ length: batch - 1 }, (_, i) =>
            store.write(async (tx) => tx.insertUser(user(10 + i))),
          ),
        ];
        await Promise.allSettled(writes);
        expect((await store.getUser(1))?.first_name).toBe('User 1');
      }
      const copy = (await store.getUser(1))!;
      copy.first_name = 'Mutated';
      expect((await store.getUser(1))?.first_name).toBe('User 1');
    });

    it('never shows a chat, member or bot change that was rolled back, and hands out copies', async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(10, { is_bot: true, phone_number: null, username: 'echo_bot' }));
        await tx.insertBot(bot(10));
      });
      const pk = await store.write(async (tx) => {
        const chatPk = await tx.insertChat({
          id: null,
          type: 'private',
          title: null,
          username: null,
          description: null,
          user_a: 1,
          user_b: 10,
          last_message_id: 0,
          created_at: 1,
        });
        await tx.upsertMember({ chat_pk: chatPk, user_id: 10, status: 'member', data: '{}', updated_at: 1 });
        return chatPk;
      });
      // Read once, so that whatever the adapter keeps in memory is filled.
      expect((await store.getPrivateChat(1, 10))?.last_message_id).toBe(0);
      expect((await store.getMember(pk, 10))?.status).toBe('member');
      expect((await store.getBot(10))?.webhook_url).toBe('');
      for (const batch of [1, 3]) {
        await Promise.allSettled([
          store.write(async (tx) => {
            await tx.nextMessageId(pk);
            await tx.upsertMember({ chat_pk: pk, user_id: 10, status: 'kicked', data: '{}', updated_at: 2 });
            await tx.updateBot(10, { webhook_url: 'http://x/' });
            expect((await tx.getMember(pk, 10))?.status).toBe('kicked');
            expect((await tx.getBot(10))?.webhook_url).toBe('http://x/');
            throw new Error('boom');
          }),
          ...Array.from({ length: batch - 1 }, (_, i) =>
            store.write(async (tx) => tx.insertUser(user(20 + i + batch * 10))),
          ),
        ]);
        expect((await store.getPrivateChat(10, 1))?.last_message_id).toBe(0);
        expect((await store.getChat(pk))?.last_message_id).toBe(0);
        expect((await store.getMember(pk, 10))?.status).toBe('member');
        expect((await store.getBot(10))?.webhook_url).toBe('');
      }
      // Committed changes show at once (last_message_id may run ahead of the ids handed out).
      expect(await store.write(async (tx) => tx.nextMessageId(pk))).toBe(1);
      const reserved = (await store.getChat(pk))!.last_message_id;
      expect(reserved).toBeGreaterThanOrEqual(1);
      await store.write(async (tx) => tx.updateBot(10, { webhook_url: 'http://y/' }));
      expect((await store.getBot(10))?.webhook_url).toBe('http://y/');
      // A caller changing what it got changes nothing stored.
      const chat = (await store.getChat(pk))!;
      chat.last_message_id = 99;
      const member = (await store.getMember(pk, 10))!;
      member.status = 'left';
      const row = (await store.getBot(10))!;
      row.webhook_url = 'mutated';
      expect((await store.getPrivateChat(1, 10))?.last_message_id).toBe(reserved);
      expect((await store.getMember(pk, 10))?.status).toBe('member');
      expect((await store.getBot(10))?.webhook_url).toBe('http://y/');
    });

    it('stores bots with booleans and patches them', async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(10, { is_bot: true, phone_number: null, username: 'echo_bot' }));
        await tx.insertBot(bot(10));
      });
      await store.write(async (tx) => tx.updateBot(10, { webhook_url: 'http://x/', webhook_ip_fixed: true }));
      const row = await store.getBot(10);
      expect(row?.can_join_groups).toBe(true);
      expect(row?.webhook_ip_fixed).toBe(true);
      expect((await store.listBotsWithWebhook()).map((b) => b.id)).toEqual([10]);
    });

    it('keeps a per-chat message_id sequence and finds private chats either way round', async () => {
      const pk = await store.write(async (tx) =>
        tx.insertChat({
          id: null,
          type: 'private',
          title: null,
          username: null,
          description: null,
          user_a: 1,
          user_b: 2,
          last_message_id: 0,
          created_at: 1,
        }),
      );
      const ids = await Promise.all([1, 2, 3].map(() => store.write(async (tx) => tx.nextMessageId(pk))));
      expect(ids.sort()).toEqual([1, 2, 3]);
      expect((await store.getPrivateChat(2, 1))?.pk).toBe(pk);
      for (const id of ids) {
        await store.write(async (tx) =>
          tx.insertMessage({
            chat_pk: pk,
            message_id: id,
            sender_id: id === 2 ? 2 : 1,
            date: 5,
            edit_date: null,
            body: '{}',
          }),
        );
      }
      expect((await store.listMessages(pk, { limit: 2 })).map((m) => m.message_id)).toEqual([2, 3]);
      expect((await store.nextIncomingMessage(pk, 0, 1))?.message_id).toBe(2);
      await store.write(async (tx) => tx.setReadCursor(1, pk, 2));
      await store.write(async (tx) => tx.setReadCursor(1, pk, 1));
      expect(await store.getReadCursor(1, pk)).toBe(2);
    });

    it('stores chat members and their statuses', async () => {
      await store.write(async (tx) => {
        await tx.upsertMember({ chat_pk: 7, user_id: 1, status: 'member', data: '{}', updated_at: 1 });
        await tx.upsertMember({
          chat_pk: 7,
          user_id: 1,
          status: 'kicked',
          data: '{"until_date":0}',
          updated_at: 2,
        });
      });
      const member = await store.getMember(7, 1);
      expect(member?.status).toBe('kicked');
      expect((await store.listMembers(7)).length).toBe(1);
    });

    it('confirms, trims and expires updates', async () => {
      await store.write(async (tx) => {
        for (let id = 100; id < 110; id++)
          await tx.insertUpdate(update(1, id, { expires_at: id === 100 ? 500 : 90_000 }));
      });
      expect(await store.countUpdates(1)).toBe(10);
      expect((await store.listUpdates(1, 0, 100, 1000)).map((u) => u.update_id)[0]).toBe(101);
      await store.write(async (tx) => tx.deleteUpdatesBelow(1, 103));
      expect((await store.listUpdates(1, 0, 2, 1000)).map((u) => u.update_id)).toEqual([103, 104]);
      await store.write(async (tx) => tx.keepLastUpdates(1, 3));
      expect((await store.listUpdates(1, 0, 100, 1000)).map((u) => u.update_id)).toEqual([107, 108, 109]);
      await store.write(async (tx) => tx.recordAttempt(1, 107, 1, 5000));
      expect((await store.listPendingUpdates(1, 0, 10)).map((u) => u.update_id)).toEqual([107, 108, 109]);
      expect((await store.listPendingUpdates(1, 107, 1)).map((u) => u.update_id)).toEqual([108]);
      expect(await store.nextAttemptAt(1)).toBe(0);
      expect(await store.write(async (tx) => tx.deleteExpiredUpdates(100_000))).toBe(3);
    });

    it('stores files and per-bot references', async () => {
      const pk = await store.write(async (tx) =>
        tx.insertFile({
          unique_id: 'AQADuniq',
          kind: 'photo',
          size: 3,
          mime_type: 'image/jpeg',
          file_name: null,
          storage_path: 'ab/cd',
          width: 1,
          height: 1,
          sha256: 'x',
          created_at: 1,
        }),
      );
      await store.write(async (tx) =>
        tx.insertFileRef({ file_id: 'F1', file_pk: pk, bot_id: 9, file_path: 'photos/file_0.jpg' }),
      );
      expect((await store.getFileRef('F1'))?.file_pk).toBe(pk);
      expect((await store.getFileRefByPath(9, 'photos/file_0.jpg'))?.file_id).toBe('F1');
      expect((await store.getFileRefForBot(9, pk))?.file_id).toBe('F1');
      expect((await store.getFileByUniqueId('AQADuniq'))?.pk).toBe(pk);
    });

    it('edits and deletes messages', async () => {
      await store.write(async (tx) =>
        tx.insertMessage({
          chat_pk: 3,
          message_id: 1,
          sender_id: 1,
          date: 5,
          edit_date: null,
          body: '{"text":"a"}',
        }),
      );
      await store.write(async (tx) => tx.updateMessage(3, 1, '{"text":"b"}', 9));
      expect(await store.getMessage(3, 1)).toMatchObject({ body: '{"text":"b"}', edit_date: 9 });
      await store.write(async (tx) => tx.deleteMessage(3, 1));
      expect(await store.getMessage(3, 1)).toBeUndefined();
    });

    it('answers a callback query once', async () => {
      await store.write(async (tx) =>
        tx.insertCallbackQuery({
          id: '42',
          bot_id: 1,
          user_id: 2,
          chat_pk: 3,
          message_id: 4,
          data: 'x',
          created_at: 10,
          answered_at: null,
          answer: null,
        }),
      );
      expect(await store.write(async (tx) => tx.answerCallbackQuery('42', '{"text":"ok"}', 11))).toBe(true);
      expect(await store.write(async (tx) => tx.answerCallbackQuery('42', '{"text":"again"}', 12))).toBe(
        false,
      );
      expect(await store.getCallbackQuery('42')).toMatchObject({ answer: '{"text":"ok"}', answered_at: 11 });
    });

    it('keeps settings', async () => {
      await store.write(async (tx) => tx.setSetting('clock.offset_ms', '5'));
      await store.write(async (tx) => tx.setSetting('clock.offset_ms', '6'));
      expect(await store.getSetting('clock.offset_ms')).toBe('6');
    });

    it('opens with a random key for file_ids and no file_ids from before it (ADR 0040)', async () => {
      const key = await store.getSetting('files.id_key');
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(await store.getSetting('files.legacy_refs')).toBe('0');
      const other = await open();
      try {
        expect(await other.getSetting('files.id_key')).not.toBe(key);
      } finally {
        await other.close();
      }
    });

    it('stores polls, one answer per voter, the messages that show a poll, and file attributes', async () => {
      const poll = {
        id: '5000000000000000001',
        chat_pk: 3,
        message_id: 7,
        sender_id: 10,
        data: '{"question":"Q?"}',
        is_closed: false,
        created_at: 100,
      };
      await store.write(async (tx) => {
        await tx.insertPoll(poll);
        await tx.setPollVote({ poll_id: poll.id, user_id: 2, option_ids: '[0]', voted_at: 101 });
        await tx.setPollVote({ poll_id: poll.id, user_id: 1, option_ids: '[1]', voted_at: 102 });
        await tx.setPollVote({ poll_id: poll.id, user_id: 2, option_ids: '[1,2]', voted_at: 103 });
        await tx.addPollMessage(poll.id, 3, 7);
        await tx.addPollMessage(poll.id, 4, 1);
        await tx.addPollMessage(poll.id, 3, 7);
      });
      expect(await store.getPoll(poll.id)).toEqual(poll);
      expect((await store.listPollVotes(poll.id)).map((v) => [v.user_id, v.option_ids])).toEqual([
        [1, '[1]'],
        [2, '[1,2]'],
      ]);
      await store.write(async (tx) => {
        await tx.deletePollVote(poll.id, 1);
        await tx.updatePoll(poll.id, { is_closed: true, data: '{"question":"Q!"}' });
      });
      expect((await store.listPollVotes(poll.id)).map((v) => v.user_id)).toEqual([2]);
      expect(await store.getPoll(poll.id)).toMatchObject({ is_closed: true, data: '{"question":"Q!"}' });
      expect(await store.listPollMessages(poll.id)).toEqual([
        { chat_pk: 3, message_id: 7 },
        { chat_pk: 4, message_id: 1 },
      ]);
      expect(await store.getPoll('1')).toBeUndefined();

      await store.write(async (tx) => tx.setFileAttributes(9, '{"duration":3}'));
      await store.write(async (tx) => tx.setFileAttributes(9, '{"duration":4}'));
      expect(await store.getFileAttributes(9)).toBe('{"duration":4}');
      expect(await store.getFileAttributes(8)).toBeUndefined();
    });

    it('keeps inline queries with one answer each, cached answers, inline messages, reactions and pins', async () => {
      const query = {
        id: 'q1',
        bot_id: 10,
        user_id: 1,
        chat_pk: 3,
        chat_type: 'sender',
        query: 'cats',
        query_offset: '',
        created_at: 100,
        answered_at: null,
        answer: null,
        cache_until: null,
        is_personal: false,
      };
      await store.write(async (tx) => {
        await tx.insertInlineQuery(query);
        await tx.insertInlineQuery({ ...query, id: 'q2', user_id: 2, created_at: 50 });
      });
      expect(await store.getInlineQuery('q1')).toEqual(query);
      const answer = { answer: '{"results":[]}', answered_at: 101, cache_until: 401, is_personal: true };
      expect(await store.write(async (tx) => tx.answerInlineQuery('q1', answer))).toBe(true);
      expect(await store.write(async (tx) => tx.answerInlineQuery('q1', answer))).toBe(false);
      expect(await store.getInlineQuery('q1')).toMatchObject({ answer: '{"results":[]}', is_personal: true });
      // A personal answer is served again only to its user, and only until cache_until.
      expect((await store.findCachedInlineAnswer(10, 'cats', '', 1, 400))?.id).toBe('q1');
      expect(await store.findCachedInlineAnswer(10, 'cats', '', 2, 400)).toBeUndefined();
      expect(await store.findCachedInlineAnswer(10, 'cats', '', 1, 401)).toBeUndefined();
      expect(await store.findCachedInlineAnswer(10, 'dogs', '', 1, 400)).toBeUndefined();
      expect(await store.write(async (tx) => tx.deleteInlineQueriesBefore(100))).toBe(1);
      expect(await store.getInlineQuery('q2')).toBeUndefined();

      const inline = { id: 'AgAAAB', bot_id: 10, chat_pk: 3, message_id: 7 };
      await store.write(async (tx) => tx.insertInlineMessage(inline));
      expect(await store.getInlineMessage('AgAAAB')).toEqual(inline);

      await store.write(async (tx) => {
        const chatPk = await tx.insertChat({
          id: -500,
          type: 'supergroup',
          title: 'Pins',
          username: null,
          description: null,
          user_a: null,
          user_b: null,
          last_message_id: 0,
          created_at: 1,
        });
        for (const id of [1, 2, 3])
          await tx.insertMessage({
            chat_pk: chatPk,
            message_id: id,
            sender_id: 1,
            date: 1,
            edit_date: null,
            body: '{}',
          });
        const reaction = { chat_pk: chatPk, message_id: 1, is_big: false };
        await tx.setMessageReaction({
          ...reaction,
          user_id: 2,
          reaction: '[{"type":"emoji","emoji":"👍"}]',
          updated_at: 5,
        });
        await tx.setMessageReaction({
          ...reaction,
          user_id: 1,
          reaction: '[{"type":"emoji","emoji":"🔥"}]',
          updated_at: 6,
        });
        await tx.setMessageReaction({ ...reaction, user_id: 2, reaction: '[]', is_big: true, updated_at: 7 });
        await tx.pinMessage(chatPk, 1, 10);
        await tx.pinMessage(chatPk, 3, 11);
        await tx.pinMessage(chatPk, 2, 12);
      });
      const chat = (await store.getChatById(-500))!;
      expect(
        (await store.listMessageReactions(chat.pk, 1)).map((r) => [r.user_id, r.reaction, r.is_big]),
      ).toEqual([
        [1, '[{"type":"emoji","emoji":"🔥"}]', false],
        [2, '[]', true],
      ]);
      await store.write(async (tx) => tx.deleteMessageReaction(chat.pk, 1, 2));
      expect((await store.listMessageReactions(chat.pk, 1)).map((r) => r.user_id)).toEqual([1]);
      expect(await store.listPinnedMessages(chat.pk)).toEqual([3, 2, 1]);
      await store.write(async (tx) => tx.deleteMessage(chat.pk, 3));
      expect(await store.listPinnedMessages(chat.pk)).toEqual([2, 1]);
      expect(await store.write(async (tx) => tx.unpinMessage(chat.pk, 2))).toBe(true);
      expect(await store.write(async (tx) => tx.unpinMessage(chat.pk, 2))).toBe(false);
      expect(await store.write(async (tx) => tx.unpinAllMessages(chat.pk))).toBe(2);
      expect(await store.listPinnedMessages(chat.pk)).toEqual([]);
    });

    it('keeps chat settings, invite links and join requests of groups', async () => {
      const chat = {
        id: -1001234567890,
        type: 'supergroup' as const,
        title: 'Group',
        username: 'SomeGroup',
        description: null,
        user_a: null,
        user_b: null,
        last_message_id: 0,
        created_at: 1,
      };
      const pk = await store.write(async (tx) => tx.insertChat(chat));
      expect(await store.getChatById(chat.id)).toMatchObject({ permissions: null, migrated_to_id: null });
      await store.write(async (tx) =>
        tx.updateChat(pk, {
          title: 'Renamed',
          permissions: '{"can_send_messages":false}',
          migrated_to_id: -100,
        }),
      );
      expect(await store.getChatByUsername('somegroup')).toMatchObject({
        title: 'Renamed',
        permissions: '{"can_send_messages":false}',
        migrated_to_id: -100,
      });

      const link = {
        link: 'https://parley.invalid/+abc',
        chat_pk: pk,
        creator_id: 5,
        name: null,
        expire_date: null,
        member_limit: 3,
        creates_join_request: false,
        is_primary: true,
        is_revoked: false,
        created_at: 10,
      };
      await store.write(async (tx) => {
        await tx.insertInviteLink(link);
        await tx.insertInviteLink({
          ...link,
          link: 'https://parley.invalid/+def',
          is_primary: false,
          created_at: 11,
        });
      });
      await expect(store.write(async (tx) => tx.insertInviteLink(link))).rejects.toBeInstanceOf(
        UniqueViolation,
      );
      await store.write(async (tx) => tx.updateInviteLink(link.link, { is_revoked: true, name: 'old' }));
      expect(await store.getInviteLink(link.link)).toEqual({ ...link, is_revoked: true, name: 'old' });
      expect((await store.listInviteLinks(pk)).map((l) => l.link)).toEqual([
        link.link,
        'https://parley.invalid/+def',
      ]);
      expect(await store.getInviteLink('https://parley.invalid/+zzz')).toBeUndefined();

      await store.write(async (tx) => {
        await tx.upsertJoinRequest({ chat_pk: pk, user_id: 8, invite_link: link.link, date: 20 });
        await tx.upsertJoinRequest({ chat_pk: pk, user_id: 7, invite_link: null, date: 21 });
        await tx.upsertJoinRequest({ chat_pk: pk, user_id: 8, invite_link: link.link, date: 22 });
      });
      expect((await store.listJoinRequests(pk)).map((r) => [r.user_id, r.date])).toEqual([
        [7, 21],
        [8, 22],
      ]);
      await store.write(async (tx) => tx.deleteJoinRequest(pk, 7));
      expect(await store.getJoinRequest(pk, 7)).toBeUndefined();
      expect(await store.getJoinRequest(pk, 8)).toEqual({
        chat_pk: pk,
        user_id: 8,
        invite_link: link.link,
        date: 22,
      });
    });
  });
}
