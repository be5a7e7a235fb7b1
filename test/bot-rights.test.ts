/**
 * The rights a bot needs, over real HTTP with grammY (issue 25, ADR 0071): where the spec says "the
 * bot must be an administrator in the chat for this to work and must have the X administrator
 * right", a chat permission that lets members do it is not enough for a bot. Each refused call
 * changes nothing: no topic, no title, no photo, no service message.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

/**
 * A forum whose permissions let every member change the info, pin and manage topics, with a bot
 * that is a plain member and a bot that is an administrator without the rights these methods need.
 */
async function permissiveForum() {
  const owner = await person('Fay');
  const member = await bot('member');
  const admin = await bot('admin');
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Open forum',
    type: 'supergroup',
    forum: true,
    members: [member.record.id, admin.record.id],
  });
  await control().promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: admin.record.id,
    rights: { can_restrict_members: true, can_invite_users: true },
  });
  await admin.api.setChatPermissions(chat.id, {
    can_send_messages: true,
    can_change_info: true,
    can_pin_messages: true,
    can_manage_topics: true,
  });
  await member.updates();
  await admin.updates();
  return { owner, member, admin, chat };
}

describe('a bot needs the administrator right, not a permission members have', () => {
  it('createForumTopic: can_manage_topics; a refused call creates no topic', async () => {
    const { owner, member, admin, chat } = await permissiveForum();
    const before = await control().listForumTopics({ user: owner.id, chat: chat.id });
    for (const b of [member, admin]) {
      expect(await failure(b.api.createForumTopic(chat.id, 'Mine'))).toMatchObject({
        code: 400,
        description: 'Bad Request: not enough rights to create a topic',
      });
    }
    expect(await control().listForumTopics({ user: owner.id, chat: chat.id })).toEqual(before);
    expect(await member.updates()).toEqual([]);

    // A person who is a plain member may, while the permissions allow it.
    const mo = await person('Mo');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: mo.id });
    expect(await control().createForumTopic({ user: mo.id, chat: chat.id, name: 'Ours' })).toMatchObject({
      name: 'Ours',
    });
    // With the right, the bot may.
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: admin.record.id,
      rights: { can_manage_topics: true },
    });
    expect(await admin.api.createForumTopic(chat.id, 'Mine')).toMatchObject({ name: 'Mine' });
  });

  it('setChatPhoto, deleteChatPhoto, setChatTitle, setChatDescription: can_change_info; nothing changes', async () => {
    const { owner, member, admin, chat } = await permissiveForum();
    const photo = () => new InputFile(png(16, 16), 'face.png');
    for (const b of [member, admin]) {
      expect(await failure(b.api.setChatPhoto(chat.id, photo()))).toMatchObject({
        code: 400,
        description: 'Bad Request: not enough rights to change chat photo',
      });
      expect(await failure(b.api.setChatTitle(chat.id, 'Renamed'))).toMatchObject({
        description: 'Bad Request: not enough rights to change chat title',
      });
      expect(await failure(b.api.setChatDescription(chat.id, 'About'))).toMatchObject({
        description: 'Bad Request: not enough rights to change chat description',
      });
    }
    const info = await member.api.getChat(chat.id);
    expect(info).not.toHaveProperty('photo');
    expect(info).not.toHaveProperty('description');
    expect(info.title).toBe('Open forum');
    expect(await member.updates()).toEqual([]);

    // A photo set by the owner: a bot without the right may not delete it either.
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: admin.record.id,
      rights: { can_change_info: true },
    });
    expect(await admin.api.setChatPhoto(chat.id, photo())).toBe(true);
    await member.updates();
    expect(await failure(member.api.deleteChatPhoto(chat.id))).toMatchObject({
      description: 'Bad Request: not enough rights to change chat photo',
    });
    expect(await member.api.getChat(chat.id)).toHaveProperty('photo');
    expect(await member.updates()).toEqual([]);
    // The right is enough.
    expect(await admin.api.setChatTitle(chat.id, 'Renamed')).toBe(true);
    expect(await admin.api.setChatDescription(chat.id, 'About')).toBe(true);
    expect(await admin.api.deleteChatPhoto(chat.id)).toBe(true);
  });

  it('pinChatMessage stays refused to a member bot while members may pin', async () => {
    const { owner, member, admin, chat } = await permissiveForum();
    const sent = await member.api.sendMessage(chat.id, 'pin me');
    for (const b of [member, admin]) {
      expect(await failure(b.api.pinChatMessage(chat.id, sent.message_id))).toMatchObject({
        description: 'Bad Request: not enough rights to manage pinned messages in the chat',
      });
    }
    expect(await control().listPinnedMessages({ user: owner.id, chat: chat.id })).toEqual([]);
  });
});
