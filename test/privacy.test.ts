/**
 * Privacy mode in groups and supergroups over real HTTP: a bot with privacy on (the default) gets
 * commands (unaddressed or addressed to it), replies to its messages, mentions of it and service
 * messages, but not plain chatter; with privacy off, as an administrator, or after the control API
 * turns privacy off, it gets everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { groupKit, type Update } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);

/** The texts of message updates, and edited texts marked "edit:". */
const texts = (updates: Update[]) =>
  updates.map((update) => {
    const message = (update.message ?? update.edited_message) as {
      text?: string;
      new_chat_members?: unknown;
    };
    if (update.edited_message) return `edit:${message.text}`;
    return message.text ?? (message.new_chat_members ? '<joined>' : '<service>');
  });

describe('privacy mode', () => {
  it('lets a bot with privacy on see only commands, replies to it and mentions of it', async () => {
    const owner = await person('Owner');
    const talker = await person('Tess');
    const shy = await bot('shy');
    const open = await bot('open', { can_read_all_group_messages: true });
    const admin = await bot('boss');
    const chat = await server.control.createChat({
      owner: owner.id,
      title: 'Chatter',
      type: 'supergroup',
      members: [talker.id, shy.record.id, open.record.id],
    });
    await server.control.promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: admin.record.id,
      rights: { can_delete_messages: true },
    });
    for (const b of [shy, open, admin]) await b.updates();

    const fromShy = await shy.api.sendMessage(chat.id, 'I am shy');
    const say = (text: string, reply_to_message_id?: number) =>
      server.control.sendMessage({ from: talker.id, chat: chat.id, text, reply_to_message_id });
    const plain = await say('just chatting');
    await say('/help');
    await say(`/help@${shy.record.username}`);
    await say(`/help@${open.record.username}`);
    await say(`hey @${shy.record.username} look`);
    await say('replying to the bot', fromShy.message_id);
    await say('replying to a person', plain.message_id);
    await server.control.editMessage({
      user: talker.id,
      chat: chat.id,
      message_id: plain.message_id,
      text: 'edited',
    });
    const late = await person('Late');
    await server.control.addChatMember({ by: owner.id, chat: chat.id, user: late.id });

    expect(texts(await shy.updates())).toEqual([
      '/help',
      `/help@${shy.record.username}`,
      `hey @${shy.record.username} look`,
      'replying to the bot',
      '<joined>',
    ]);
    const everything = [
      'just chatting',
      '/help',
      `/help@${shy.record.username}`,
      `/help@${open.record.username}`,
      `hey @${shy.record.username} look`,
      'replying to the bot',
      'replying to a person',
      'edit:edited',
      '<joined>',
    ];
    expect(texts(await open.updates())).toEqual(everything);
    expect(texts(await admin.updates())).toEqual(everything);

    const me = await shy.api.getMe();
    expect(me.can_read_all_group_messages).toBe(false);
    const record = await server.control.setBotPrivacy({ bot: shy.record.id, enabled: false });
    expect(record.can_read_all_group_messages).toBe(true);
    expect((await shy.api.getMe()).can_read_all_group_messages).toBe(true);
    await say('now you hear me');
    expect(texts(await shy.updates())).toEqual(['now you hear me']);
    await server.control.setBotPrivacy({ bot: shy.record.id, enabled: true });
    await say('and now you do not');
    expect(await shy.updates()).toEqual([]);
  });

  it('applies to groups but not to private chats', async () => {
    const owner = await person();
    const shy = await bot('quiet');
    const group = await server.control.createChat({
      owner: owner.id,
      title: 'Basic',
      members: [shy.record.id],
    });
    await shy.updates();
    await server.control.sendMessage({ from: owner.id, chat: group.id, text: 'nobody hears this' });
    await server.control.sendMessage({
      from: owner.id,
      chat: `@${shy.record.username}`,
      text: 'but this, yes',
    });
    const updates = await shy.updates();
    expect(texts(updates)).toEqual(['but this, yes']);
    expect((updates[0]!.message as { chat: { type: string } }).chat.type).toBe('private');
  });
});
