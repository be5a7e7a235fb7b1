/**
 * Answers held to their declared results at run time (ADR 0085): real answers over HTTP of a
 * sample of methods, each checked against its method's result in `MethodResults` (generated from
 * the Bot API into src/wire/bot-api-types.ts): every required field of every object it holds, of
 * its declared kind. The compiler holds the handlers' types to the same declarations; this holds
 * what goes on the wire, where a stored body or an open record could still lose a field.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { groupKit, type TestBot } from './helpers/groups.js';
import { resultFaults } from './helpers/declared-results.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);

/** Calls `method` over HTTP and answers its result, failing on an error. */
async function call(b: TestBot, method: string, params: Record<string, unknown> = {}) {
  const { body } = await callBotApi(server, b.token, method, params);
  if (!body.ok) throw new Error(`${method}: ${body.description}`);
  return body.result;
}

/** The answer of `method`, after checking that it has every field its declared result requires. */
async function checked(b: TestBot, method: string, params: Record<string, unknown> = {}) {
  const result = await call(b, method, params);
  expect(resultFaults(method, result), method).toEqual([]);
  return result;
}

describe('answers hold every required field of their declared result', () => {
  it('getMe, sendMessage (with a text_mention), getChat, getChatMember, getChatAdministrators, createForumTopic, sendPoll, stopPoll, getUpdates and more', async () => {
    const owner = await person('Olga');
    const b = await bot('results');
    await server.control.sendMessage({ from: owner.id, chat: `@${b.record.username}`, text: 'hi' });

    await checked(b, 'getMe');
    await checked(b, 'getWebhookInfo');
    await checked(b, 'sendMessage', {
      chat_id: owner.id,
      text: 'Olga, hello',
      entities: [
        { type: 'text_mention', offset: 0, length: 4, user: { id: owner.id } },
        { type: 'bold', offset: 6, length: 5 },
      ],
    });
    await checked(b, 'getChat', { chat_id: owner.id });
    await checked(b, 'getUserProfilePhotos', { user_id: owner.id });
    await server.control.addProfilePhoto({ user: owner.id, photo: { data: png(64, 48) } });
    await checked(b, 'getUserProfilePhotos', { user_id: owner.id });
    await checked(b, 'getMyDefaultAdministratorRights');
    await checked(b, 'getChatMenuButton');
    await checked(b, 'getMyCommands');
    await checked(b, 'getMyName');
    await checked(b, 'getForumTopicIconStickers');
    await checked(b, 'getAvailableGifts');
    await checked(b, 'getStarTransactions');
    await checked(b, 'getUserGifts', { user_id: owner.id });
    await checked(b, 'getUserProfileAudios', { user_id: owner.id });

    const forum = await server.control.createChat({
      owner: owner.id,
      title: 'Forum',
      type: 'supergroup',
      forum: true,
      members: [b.record.id],
    });
    await server.control.promoteChatMember({
      by: owner.id,
      chat: forum.id,
      user: b.record.id,
      rights: { can_manage_topics: true, can_invite_users: true, can_pin_messages: true },
    });
    await checked(b, 'getChat', { chat_id: forum.id });
    await checked(b, 'getChatMember', { chat_id: forum.id, user_id: owner.id });
    await checked(b, 'getChatMember', { chat_id: forum.id, user_id: b.record.id });
    await checked(b, 'getChatAdministrators', { chat_id: forum.id });
    await checked(b, 'createForumTopic', { chat_id: forum.id, name: 'Plans' });
    await checked(b, 'createChatInviteLink', { chat_id: forum.id, name: 'friends', member_limit: 5 });

    const poll = (await checked(b, 'sendPoll', {
      chat_id: forum.id,
      question: 'Lunch?',
      options: ['Soup', 'Salad'],
      type: 'quiz',
      correct_option_id: 1,
      explanation: 'Greens',
    })) as { message_id: number };
    await checked(b, 'stopPoll', { chat_id: forum.id, message_id: poll.message_id });

    await server.control.sendMessage({ from: owner.id, chat: forum.id, text: 'hello all' });
    const updates = await checked(b, 'getUpdates');
    expect((updates as unknown[]).length).toBeGreaterThan(0);
  });

  it('getStickerSet of a new set', async () => {
    const owner = await person('Stan');
    const b = await bot('stickerresults');
    await server.control.sendMessage({ from: owner.id, chat: `@${b.record.username}`, text: 'hi' });
    const name = `cats_by_${b.record.username}`;
    await b.api.createNewStickerSet(owner.id, name, 'Cats', [
      { sticker: new InputFile(png(512, 512), 'a.png'), format: 'static', emoji_list: ['🐱'] },
    ]);
    await checked(b, 'getStickerSet', { name });
  });
});

describe('the check of declared results', () => {
  it('finds a required field an answer lacks, at any depth, and a field of the wrong kind', async () => {
    const owner = await person('Nina');
    const b = await bot('faults');
    await server.control.sendMessage({ from: owner.id, chat: `@${b.record.username}`, text: 'hi' });
    const sent = (await call(b, 'sendMessage', {
      chat_id: owner.id,
      text: 'Nina',
      entities: [{ type: 'text_mention', offset: 0, length: 4, user: { id: owner.id } }],
    })) as Record<string, unknown> & { from: object; entities: Array<{ user: object }> };
    expect(resultFaults('sendMessage', sent)).toEqual([]);

    const { chat: _chat, ...noChat } = sent;
    expect(resultFaults('sendMessage', noChat)).toEqual(['result.chat: missing (required in Message)']);
    const { first_name: _name, ...noName } = sent.from as Record<string, unknown>;
    expect(resultFaults('sendMessage', { ...sent, from: noName })).toEqual([
      'result.from.first_name: missing (required in User)',
    ]);
    // A text_mention whose user is still the stored `{ id }`.
    const stored = { ...sent, entities: [{ ...sent.entities[0], user: { id: owner.id } }] };
    expect(resultFaults('sendMessage', stored)).toEqual([
      'result.entities[0].user.is_bot: missing (required in User)',
      'result.entities[0].user.first_name: missing (required in User)',
    ]);
    expect(resultFaults('sendMessage', { ...sent, date: String(sent.date) })).toEqual([
      `result.date: "${String(sent.date)}" is not a number`,
    ]);
    // A True result is `true`, an edit's `Message | true` either.
    expect(resultFaults('pinChatMessage', true)).toEqual([]);
    expect(resultFaults('pinChatMessage', false)).toEqual(['result: false is not true']);
    expect(resultFaults('editMessageText', sent)).toEqual([]);
    // A ChatMember is held to the variant of its status.
    const member = await call(b, 'getChatMember', { chat_id: owner.id, user_id: owner.id });
    expect(resultFaults('getChatMember', member)).toEqual([]);
    expect(resultFaults('getChatMember', { ...(member as object), user: undefined })).toContainEqual(
      'result.user: missing (required in ChatMemberMember)',
    );
  });
});
