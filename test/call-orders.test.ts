/**
 * The orders of ADR 0100 over HTTP: a value the runner refuses is answered after what the reference
 * checks first, beyond the chat and its rule (declared-limits.test.ts): editForumTopic's topic and
 * the right to edit it, setChatAdministratorCustomTitle's target administrator, and a business
 * connection. Each refused call changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { groupKit, type TestBot } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);

async function ask(b: TestBot, method: string, params: Record<string, unknown>) {
  const { status, body } = await callBotApi(server, b.token, method, params);
  return { status, description: body.description };
}

const refused = (description: string) => ({ status: 400, description: `Bad Request: ${description}` });

/** A forum whose owner made `b` an administrator with `rights`, and one topic of the owner's. */
async function forumWith(b: TestBot, rights: Record<string, boolean>) {
  const owner = await person('Olga');
  const forum = await server.control.createChat({
    owner: owner.id,
    title: 'Forum',
    type: 'supergroup',
    forum: true,
    members: [b.record.id],
  });
  await server.control.promoteChatMember({ by: owner.id, chat: forum.id, user: b.record.id, rights });
  return { owner, forum };
}

describe('editForumTopic: the topic and the right before the name', () => {
  it('answers TOPIC_ID_INVALID, then the missing right, before "topic name is too long"', async () => {
    const b = await bot('orders');
    const { owner, forum } = await forumWith(b, { can_manage_topics: true });
    const long = 'x'.repeat(129);
    expect(
      await ask(b, 'editForumTopic', { chat_id: forum.id, message_thread_id: 9999, name: long }),
    ).toEqual(refused('TOPIC_ID_INVALID'));
    // A topic the bot made: the name is what is refused.
    const topic = await b.api.createForumTopic(forum.id, 'Mine');
    expect(
      await ask(b, 'editForumTopic', {
        chat_id: forum.id,
        message_thread_id: topic.message_thread_id,
        name: long,
      }),
    ).toEqual(refused('topic name is too long'));

    // Another bot without can_manage_topics, on a topic it did not make: the right first.
    const other = await bot('orders');
    await server.control.addChatMember({ by: owner.id, chat: forum.id, user: other.record.id });
    await server.control.promoteChatMember({
      by: owner.id,
      chat: forum.id,
      user: other.record.id,
      rights: { can_pin_messages: true },
    });
    expect(
      await ask(other, 'editForumTopic', {
        chat_id: forum.id,
        message_thread_id: topic.message_thread_id,
        name: long,
      }),
    ).toEqual(refused('not enough rights to edit the topic'));
  });
});

describe('setChatAdministratorCustomTitle: the target administrator before the title', () => {
  it('answers "user is not an administrator" before ADMIN_RANK_INVALID', async () => {
    const b = await bot('orders');
    const { owner, forum } = await forumWith(b, { can_promote_members: true, can_pin_messages: true });
    const member = await person('Milo');
    await server.control.addChatMember({ by: owner.id, chat: forum.id, user: member.id });
    const long = 'x'.repeat(17);
    expect(
      await ask(b, 'setChatAdministratorCustomTitle', {
        chat_id: forum.id,
        user_id: member.id,
        custom_title: long,
      }),
    ).toEqual(refused('user is not an administrator'));
    expect(
      await ask(b, 'setChatAdministratorCustomTitle', {
        chat_id: forum.id,
        user_id: owner.id,
        custom_title: long,
      }),
    ).toEqual(refused('only creator can edit their custom title'));
    // An administrator the bot promoted: the title is what is refused.
    await b.api.promoteChatMember(forum.id, member.id, { can_pin_messages: true });
    expect(
      await ask(b, 'setChatAdministratorCustomTitle', {
        chat_id: forum.id,
        user_id: member.id,
        custom_title: long,
      }),
    ).toEqual(refused('ADMIN_RANK_INVALID'));
    const members = (await server.control.getChat(String(forum.id))).members!;
    expect(members.find((m) => m.user.id === member.id)).not.toHaveProperty('custom_title');
  });
});

describe('a business connection before the values', () => {
  it('answers "business connection not found" before a value TDLib or Telegram would refuse', async () => {
    const b = await bot('orders');
    const alice = await person('Alice');
    await server.control.sendMessage({ from: alice.id, chat: `@${b.record.username}`, text: 'hi' });
    const unknown = { business_connection_id: 'no-such-connection' };
    expect(await ask(b, 'sendMessage', { ...unknown, chat_id: alice.id, text: 'x'.repeat(4097) })).toEqual(
      refused('business connection not found'),
    );
    expect(await ask(b, 'setBusinessAccountName', { ...unknown, first_name: 'x'.repeat(65) })).toEqual(
      refused('business connection not found'),
    );
    // Without a connection, the value is what is refused.
    expect(await ask(b, 'sendMessage', { chat_id: alice.id, text: 'x'.repeat(4097) })).toEqual(
      refused('message is too long'),
    );
    // Client.cpp reads deleteBusinessMessages' ids itself, before it looks for the connection.
    const ids = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(await ask(b, 'deleteBusinessMessages', { ...unknown, message_ids: ids })).toEqual(
      refused('Too many message identifiers specified'),
    );
  });
});

describe('verifyChat: a chat the verifier is not in', () => {
  it('answers the description\'s refusal (Parley\'s order, ADR 0100), not "chat not found"', async () => {
    const verifier = await bot('orders');
    const owner = await person('Olga');
    const channel = await server.control.createChat({ owner: owner.id, title: 'News', type: 'channel' });
    expect(
      await ask(verifier, 'verifyChat', { chat_id: channel.id, custom_description: 'x'.repeat(71) }),
    ).toEqual(refused('CUSTOM_DESCRIPTION_INVALID'));
    // A description within its limit: the platform's answer, the bot being no verifier.
    expect(await ask(verifier, 'verifyChat', { chat_id: channel.id, custom_description: 'x' })).toEqual(
      refused('BOT_VERIFIER_FORBIDDEN'),
    );
  });
});
