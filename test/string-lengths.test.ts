/**
 * Documented string lengths over real HTTP with grammY (issue 25, ADR 0071): a value longer than
 * the spec's "1-128 characters" / "0-16 characters" is refused with 400, not cut to fit, and the
 * refused call changes nothing. The checks come in the reference's order: the chat, then the
 * rights, then the value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

/** A forum with an administrator bot holding every right these methods need, and a member. */
async function forum() {
  const owner = await person('Lena');
  const member = await person('Mia');
  const admin = await bot('lengths');
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Lengths',
    type: 'supergroup',
    forum: true,
    members: [member.id, admin.record.id],
  });
  await control().promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: admin.record.id,
    rights: {
      can_manage_topics: true,
      can_change_info: true,
      can_promote_members: true,
      can_manage_tags: true,
    },
  });
  await admin.updates();
  return { owner, member, admin, chat };
}

/** 🙂 is one character (a code point) and two UTF-16 units: lengths count characters. */
const chars = (n: number) => '🙂'.repeat(n);

describe('documented string lengths', () => {
  it('topic names: 1-128 characters in createForumTopic, editForumTopic and editGeneralForumTopic', async () => {
    const { owner, admin, chat } = await forum();
    const topics = () => control().listForumTopics({ user: owner.id, chat: chat.id });
    const before = await topics();
    const tooLong = { code: 400, description: 'Bad Request: topic name is too long' };
    expect(await failure(admin.api.createForumTopic(chat.id, chars(129)))).toMatchObject(tooLong);
    expect(await topics()).toEqual(before);
    expect(await admin.updates()).toEqual([]);

    const topic = await admin.api.createForumTopic(chat.id, chars(128));
    expect(topic.name).toBe(chars(128));
    await admin.updates();
    expect(
      await failure(admin.api.editForumTopic(chat.id, topic.message_thread_id, { name: chars(129) })),
    ).toMatchObject(tooLong);
    expect(await failure(admin.api.editGeneralForumTopic(chat.id, chars(129)))).toMatchObject(tooLong);
    expect((await topics()).map((t) => t.name)).toEqual(['General', chars(128)]);
    expect(await admin.updates()).toEqual([]);
  });

  it('the chat first, then the rights, then the value', async () => {
    const { owner, chat } = await forum();
    const plain = await bot('plain');
    // Not in the chat: the chat's error.
    expect(await failure(plain.api.createForumTopic(chat.id, chars(129)))).toMatchObject({
      code: 400,
      description: 'Bad Request: chat not found',
    });
    await control().addChatMember({ by: owner.id, chat: chat.id, user: plain.record.id });
    // In the chat without the right: the rights' error.
    expect(await failure(plain.api.createForumTopic(chat.id, chars(129)))).toMatchObject({
      description: 'Bad Request: not enough rights to create a topic',
    });
    expect(await failure(plain.api.setChatTitle(chat.id, chars(129)))).toMatchObject({
      description: 'Bad Request: not enough rights to change chat title',
    });
  });

  it('setChatTitle 1-128 and setChatDescription 0-255 characters', async () => {
    const { admin, chat } = await forum();
    expect(await failure(admin.api.setChatTitle(chat.id, chars(129)))).toMatchObject({
      code: 400,
      description: 'Bad Request: chat title is too long',
    });
    expect(await failure(admin.api.setChatDescription(chat.id, chars(256)))).toMatchObject({
      code: 400,
      description: 'Bad Request: CHAT_ABOUT_TOO_LONG',
    });
    const info = await admin.api.getChat(chat.id);
    expect(info.title).toBe('Lengths');
    expect(info).not.toHaveProperty('description');
    expect(await admin.updates()).toEqual([]);

    expect(await admin.api.setChatTitle(chat.id, chars(128))).toBe(true);
    expect(await admin.api.setChatDescription(chat.id, chars(255))).toBe(true);
    expect(await admin.api.getChat(chat.id)).toMatchObject({ title: chars(128), description: chars(255) });
  });

  it('setChatAdministratorCustomTitle and setChatMemberTag: 0-16 characters', async () => {
    const { owner, member, admin, chat } = await forum();
    const deputy = await person('Dee');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: deputy.id });
    await admin.api.promoteChatMember(chat.id, deputy.id, { can_manage_topics: true });

    expect(
      await failure(admin.api.setChatAdministratorCustomTitle(chat.id, deputy.id, chars(17))),
    ).toMatchObject({ code: 400, description: 'Bad Request: ADMIN_RANK_INVALID' });
    expect(await admin.api.getChatMember(chat.id, deputy.id)).not.toHaveProperty('custom_title');
    expect(await admin.api.setChatAdministratorCustomTitle(chat.id, deputy.id, `  ${'a'.repeat(16)}  `)).toBe(
      true,
    );
    expect(await admin.api.getChatMember(chat.id, deputy.id)).toMatchObject({ custom_title: 'a'.repeat(16) });

    const tag = (value: string) => admin.api.setChatMemberTag(chat.id, member.id, value);
    expect(await failure(tag('t'.repeat(17)))).toMatchObject({
      code: 400,
      description: 'Bad Request: tag is too long',
    });
    expect(await admin.api.getChatMember(chat.id, member.id)).not.toHaveProperty('tag');
    expect(await tag('t'.repeat(16))).toBe(true);
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({ tag: 't'.repeat(16) });
  });
});
