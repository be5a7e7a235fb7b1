/**
 * Forum topics over real HTTP with grammY (ADR 0045): a person creates a forum, a bot with
 * can_manage_topics creates, edits, closes, reopens and deletes topics; messages in a topic carry
 * message_thread_id and is_topic_message; a person writes in a topic and the bot sees the thread;
 * rights are refused without can_manage_topics; the General topic's methods.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit, type TestBot } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;
const messages = async (b: TestBot) => (await b.updates()).map((u) => u.message as Record<string, unknown>);

/** A forum made by a person, with a bot promoted with `rights` and a plain member bot. */
async function forumWithBots(rights: Record<string, boolean> = { can_manage_topics: true }) {
  const owner = await person('Fiona');
  const admin = await bot('topics');
  const plain = await bot('plain');
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Forum',
    type: 'supergroup',
    forum: true,
    members: [admin.record.id, plain.record.id],
  });
  await control().promoteChatMember({ by: owner.id, chat: chat.id, user: admin.record.id, rights });
  await admin.updates();
  await plain.updates();
  return { owner, admin, plain, chat };
}

describe('forum topics', () => {
  it('a person creates a forum: getChat and Chat objects show is_forum; turning topics off and on', async () => {
    const { owner, admin, chat } = await forumWithBots();
    expect(chat.is_forum).toBe(true);
    expect(await admin.api.getChat(chat.id)).toMatchObject({
      id: chat.id,
      type: 'supergroup',
      is_forum: true,
    });
    const sent = await admin.api.sendMessage(chat.id, 'hello');
    expect(sent.chat).toMatchObject({ id: chat.id, is_forum: true });
    expect(sent).not.toHaveProperty('message_thread_id');

    const other = await control().createChat({ owner: owner.id, title: 'Plain', type: 'supergroup' });
    expect(other).not.toHaveProperty('is_forum');
    expect(await failure(admin.api.createForumTopic(other.id, 'x'))).toMatchObject({ code: 400 });
    await control().addChatMember({ by: owner.id, chat: other.id, user: admin.record.id });
    expect(await failure(admin.api.createForumTopic(other.id, 'x'))).toMatchObject({
      description: 'Bad Request: the chat is not a forum',
    });
    // A bot creates topics as an administrator with can_manage_topics (ADR 0071).
    await control().promoteChatMember({
      by: owner.id,
      chat: other.id,
      user: admin.record.id,
      rights: { can_manage_topics: true },
    });
    const turnedOn = await control().setChatForum({ by: owner.id, chat: other.id });
    expect(turnedOn.is_forum).toBe(true);
    expect((await admin.api.getChat(other.id)).is_forum).toBe(true);
    expect(await admin.api.createForumTopic(other.id, 'Now')).toMatchObject({ name: 'Now' });
    await control().setChatForum({ by: owner.id, chat: other.id, enabled: false });
    expect(await admin.api.getChat(other.id)).not.toHaveProperty('is_forum');

    // Only a supergroup's creator or an administrator with can_change_info turns topics on.
    const member = await person('Mo');
    await control().addChatMember({ by: owner.id, chat: other.id, user: member.id });
    await expect(control().setChatForum({ by: member.id, chat: other.id })).rejects.toMatchObject({
      status: 403,
    });
    const group = await control().createChat({ owner: owner.id, title: 'Basic', type: 'group' });
    await expect(control().setChatForum({ by: owner.id, chat: group.id })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('a bot creates, edits, closes, reopens and deletes a topic; members see the service messages', async () => {
    const { owner, admin, plain, chat } = await forumWithBots();
    const topic = await admin.api.createForumTopic(chat.id, 'Releases', { icon_color: 16766590 });
    expect(topic).toEqual({ message_thread_id: expect.any(Number), name: 'Releases', icon_color: 16766590 });
    const thread = topic.message_thread_id;
    expect(await messages(plain)).toMatchObject([
      {
        message_id: thread,
        message_thread_id: thread,
        is_topic_message: true,
        from: { id: admin.record.id },
        forum_topic_created: { name: 'Releases', icon_color: 16766590 },
      },
    ]);

    // A message in the topic: message_thread_id, is_topic_message, a reply to the topic's first message.
    const inTopic = await admin.api.sendMessage(chat.id, 'v1.0 is out', { message_thread_id: thread });
    expect(inTopic).toMatchObject({ message_thread_id: thread, is_topic_message: true });
    expect(inTopic.reply_to_message).toMatchObject({
      message_id: thread,
      forum_topic_created: { name: 'Releases' },
    });
    // Other send methods take it too.
    const location = await admin.api.sendLocation(chat.id, 1.5, 2.5, { message_thread_id: thread });
    expect(location).toMatchObject({ message_thread_id: thread, is_topic_message: true });
    const copy = await admin.api.copyMessage(chat.id, chat.id, inTopic.message_id, {
      message_thread_id: thread,
    });
    const copied = (await control().listMessages({ user: owner.id, chat: chat.id })).find(
      (m) => m.message_id === copy.message_id,
    );
    expect(copied).toMatchObject({ message_thread_id: thread, is_topic_message: true, text: 'v1.0 is out' });
    // A reply without message_thread_id goes to the replied message's topic.
    const reply = await admin.api.sendMessage(chat.id, 'more', {
      reply_parameters: { message_id: inTopic.message_id },
    });
    expect(reply).toMatchObject({
      message_thread_id: thread,
      reply_to_message: { message_id: inTopic.message_id },
    });
    // A thread that does not exist.
    expect(await failure(admin.api.sendMessage(chat.id, 'x', { message_thread_id: 999_999 }))).toMatchObject({
      code: 400,
      description: 'Bad Request: message thread not found',
    });

    expect(await admin.api.editForumTopic(chat.id, thread, { name: 'Changelog' })).toBe(true);
    expect(await failure(admin.api.editForumTopic(chat.id, thread, { name: 'Changelog' }))).toMatchObject({
      description: 'Bad Request: TOPIC_NOT_MODIFIED',
    });
    expect(
      await admin.api.editForumTopic(chat.id, thread, { icon_custom_emoji_id: '5312536423851630001' }),
    ).toBe(true);
    expect(await admin.api.closeForumTopic(chat.id, thread)).toBe(true);
    expect(await failure(admin.api.closeForumTopic(chat.id, thread))).toMatchObject({
      description: 'Bad Request: TOPIC_NOT_MODIFIED',
    });
    expect(await admin.api.reopenForumTopic(chat.id, thread)).toBe(true);
    const service = (await messages(plain)).filter((m) => !m.text && !m.location);
    expect(service).toMatchObject([
      { message_thread_id: thread, is_topic_message: true, forum_topic_edited: { name: 'Changelog' } },
      { message_thread_id: thread, forum_topic_edited: { icon_custom_emoji_id: '5312536423851630001' } },
      { message_thread_id: thread, forum_topic_closed: {} },
      { message_thread_id: thread, forum_topic_reopened: {} },
    ]);
    expect(await control().listForumTopics({ user: owner.id, chat: chat.id })).toEqual([
      {
        message_thread_id: 1,
        name: 'General',
        icon_color: 7322096,
        is_closed: false,
        is_general: true,
        is_hidden: false,
      },
      {
        message_thread_id: thread,
        name: 'Changelog',
        icon_color: 16766590,
        icon_custom_emoji_id: '5312536423851630001',
        is_closed: false,
      },
    ]);

    // Pins: unpinAllForumTopicMessages unpins that topic's messages only.
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: admin.record.id,
      rights: { can_manage_topics: true, can_pin_messages: true, can_delete_messages: true },
    });
    const general = await admin.api.sendMessage(chat.id, 'in General');
    await control().pinMessage({ user: owner.id, chat: chat.id, message_id: general.message_id });
    await control().pinMessage({ user: owner.id, chat: chat.id, message_id: inTopic.message_id });
    expect(await admin.api.unpinAllForumTopicMessages(chat.id, thread)).toBe(true);
    expect(
      (await control().listPinnedMessages({ user: owner.id, chat: chat.id })).map((m) => m.message_id),
    ).toEqual([general.message_id]);

    // Deleting the topic deletes its messages.
    expect(await admin.api.deleteForumTopic(chat.id, thread)).toBe(true);
    const left = (await control().listMessages({ user: owner.id, chat: chat.id, limit: 100 })).map(
      (m) => m.message_id,
    );
    expect(left).toContain(general.message_id);
    for (const gone of [thread, inTopic.message_id, location.message_id, copy.message_id, reply.message_id]) {
      expect(left).not.toContain(gone);
    }
    expect(await failure(admin.api.closeForumTopic(chat.id, thread))).toMatchObject({
      description: 'Bad Request: TOPIC_ID_INVALID',
    });
    expect(await failure(admin.api.sendMessage(chat.id, 'x', { message_thread_id: thread }))).toMatchObject({
      description: 'Bad Request: message thread not found',
    });
  });

  it('a person creates a topic and writes in it; the bot sees the thread and answers in it', async () => {
    const { owner, admin, chat } = await forumWithBots();
    await control().setBotPrivacy({ bot: admin.record.id, enabled: false });
    const topic = await control().createForumTopic({ user: owner.id, chat: chat.id, name: 'Support' });
    const thread = topic.message_thread_id;
    expect(topic).toEqual({ message_thread_id: thread, name: 'Support', icon_color: 7322096 });
    expect(await messages(admin)).toMatchObject([
      {
        message_id: thread,
        from: { id: owner.id },
        forum_topic_created: { name: 'Support', icon_color: 7322096 },
      },
    ]);

    const said = await control().sendMessage({
      from: owner.id,
      chat: chat.id,
      text: 'help!',
      message_thread_id: thread,
    });
    expect(said).toMatchObject({ message_thread_id: thread, is_topic_message: true });
    const [seen] = await messages(admin);
    expect(seen).toMatchObject({ text: 'help!', message_thread_id: thread, is_topic_message: true });
    const answer = await admin.api.sendMessage(chat.id, 'on it', {
      message_thread_id: seen!.message_thread_id as number,
    });
    expect(answer.message_thread_id).toBe(thread);
    const latest = (await control().listMessages({ user: owner.id, chat: chat.id })).at(-1);
    expect(latest).toMatchObject({ text: 'on it', message_thread_id: thread, is_topic_message: true });

    // A closed topic: members may not write in it; those who manage topics may.
    await admin.api.closeForumTopic(chat.id, thread);
    const member = await person('Max');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: member.id });
    await expect(
      control().sendMessage({ from: member.id, chat: chat.id, text: 'hi', message_thread_id: thread }),
    ).rejects.toMatchObject({ status: 400 });
    expect(
      (await admin.api.sendMessage(chat.id, 'still here', { message_thread_id: thread })).message_thread_id,
    ).toBe(thread);
  });

  it('refuses bots without can_manage_topics, except for topics they created', async () => {
    const { owner, admin, plain, chat } = await forumWithBots({
      can_invite_users: true,
      can_restrict_members: true,
    });
    await admin.api.setChatPermissions(chat.id, { can_send_messages: true });
    expect(await failure(plain.api.createForumTopic(chat.id, 'Mine'))).toMatchObject({
      code: 400,
      description: 'Bad Request: not enough rights to create a topic',
    });
    expect(await failure(admin.api.createForumTopic(chat.id, 'Mine'))).toMatchObject({
      description: 'Bad Request: not enough rights to create a topic',
    });
    const theirs = await control().createForumTopic({ user: owner.id, chat: chat.id, name: 'Owners' });
    expect(
      await failure(admin.api.editForumTopic(chat.id, theirs.message_thread_id, { name: 'x' })),
    ).toMatchObject({
      description: 'Bad Request: not enough rights to edit the topic',
    });
    expect(await failure(admin.api.closeForumTopic(chat.id, theirs.message_thread_id))).toMatchObject({
      description: 'Bad Request: not enough rights to close or open the topic',
    });
    expect(await failure(admin.api.deleteForumTopic(chat.id, theirs.message_thread_id))).toMatchObject({
      description: 'Bad Request: not enough rights to delete the topic',
    });
    expect(await failure(admin.api.hideGeneralForumTopic(chat.id))).toMatchObject({
      description: 'Bad Request: not enough rights to close or open the topic',
    });
    expect(await failure(admin.api.editGeneralForumTopic(chat.id, 'Lobby'))).toMatchObject({
      description: 'Bad Request: not enough rights to edit the topic',
    });
    expect(await failure(admin.api.closeForumTopic(chat.id, 0))).toMatchObject({
      description: 'Bad Request: invalid message thread identifier specified',
    });

    // The chat's permissions letting members create topics are not enough for a bot (ADR 0071);
    // a bot that created a topic as an administrator manages it after it lost the right.
    await admin.api.setChatPermissions(chat.id, { can_send_messages: true, can_manage_topics: true });
    expect(await failure(plain.api.createForumTopic(chat.id, 'Bots'))).toMatchObject({
      description: 'Bad Request: not enough rights to create a topic',
    });
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: plain.record.id,
      rights: { can_manage_topics: true },
    });
    const own = await plain.api.createForumTopic(chat.id, 'Bots');
    await control().promoteChatMember({ by: owner.id, chat: chat.id, user: plain.record.id, rights: {} });
    expect(await plain.api.editForumTopic(chat.id, own.message_thread_id, { name: 'Bots only' })).toBe(true);
    expect(await plain.api.closeForumTopic(chat.id, own.message_thread_id)).toBe(true);
    expect(await plain.api.deleteForumTopic(chat.id, own.message_thread_id)).toBe(true);

    // Parameters.
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: admin.record.id,
      rights: { can_manage_topics: true },
    });
    expect(await failure(admin.api.createForumTopic(chat.id, '   '))).toMatchObject({
      description: 'Bad Request: title must be non-empty',
    });
    expect(
      await failure(admin.api.createForumTopic(chat.id, 'x', { icon_color: 123 as never })),
    ).toMatchObject({
      description: 'Bad Request: invalid icon color specified',
    });
    // More than the documented 128 characters is refused, not cut as TDLib does (ADR 0071).
    expect(await failure(admin.api.createForumTopic(chat.id, 'n'.repeat(129)))).toMatchObject({
      description: 'Bad Request: topic name is too long',
    });
  });

  it('the General topic: rename, close, reopen, hide, unhide, unpin all', async () => {
    const { owner, admin, plain, chat } = await forumWithBots({
      can_manage_topics: true,
      can_pin_messages: true,
    });
    expect(await admin.api.editGeneralForumTopic(chat.id, 'Lobby')).toBe(true);
    expect(await failure(admin.api.editGeneralForumTopic(chat.id, 'Lobby'))).toMatchObject({
      description: 'Bad Request: TOPIC_NOT_MODIFIED',
    });
    expect(await admin.api.closeGeneralForumTopic(chat.id)).toBe(true);
    expect(await failure(admin.api.closeGeneralForumTopic(chat.id))).toMatchObject({
      description: 'Bad Request: TOPIC_NOT_MODIFIED',
    });
    // A closed General topic: a member may not write outside topics; a bot that manages topics may.
    const member = await person('Gil');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: member.id });
    await expect(control().sendMessage({ from: member.id, chat: chat.id, text: 'hi' })).rejects.toMatchObject(
      {
        status: 400,
      },
    );
    const pinned = await admin.api.sendMessage(chat.id, 'rules');
    expect(await admin.api.reopenGeneralForumTopic(chat.id)).toBe(true);
    expect(await admin.api.hideGeneralForumTopic(chat.id)).toBe(true);
    expect(await failure(admin.api.hideGeneralForumTopic(chat.id))).toMatchObject({
      description: 'Bad Request: TOPIC_NOT_MODIFIED',
    });
    expect((await control().listForumTopics({ user: owner.id, chat: chat.id }))[0]).toMatchObject({
      name: 'Lobby',
      is_general: true,
      is_closed: true,
      is_hidden: true,
    });
    expect(await admin.api.unhideGeneralForumTopic(chat.id)).toBe(true);
    expect(await admin.api.reopenGeneralForumTopic(chat.id)).toBe(true);
    const seen = (await messages(plain)).filter((m) =>
      Object.keys(m).some((k) => k.startsWith('forum_') || k.startsWith('general_')),
    );
    expect(
      seen.map((m) => Object.keys(m).find((k) => k.startsWith('forum_') || k.startsWith('general_'))),
    ).toEqual([
      'forum_topic_edited',
      'forum_topic_closed',
      'forum_topic_reopened',
      'general_forum_topic_hidden',
      'general_forum_topic_unhidden',
      'forum_topic_reopened',
    ]);
    // General's service messages are outside every topic.
    for (const message of seen) expect(message).not.toHaveProperty('message_thread_id');
    expect(seen[0]).toMatchObject({ forum_topic_edited: { name: 'Lobby' } });

    const topic = await admin.api.createForumTopic(chat.id, 'Side');
    const inTopic = await admin.api.sendMessage(chat.id, 'side note', {
      message_thread_id: topic.message_thread_id,
    });
    await control().pinMessage({ user: owner.id, chat: chat.id, message_id: pinned.message_id });
    await control().pinMessage({ user: owner.id, chat: chat.id, message_id: inTopic.message_id });
    expect(await admin.api.unpinAllGeneralForumTopicMessages(chat.id)).toBe(true);
    expect(
      (await control().listPinnedMessages({ user: owner.id, chat: chat.id })).map((m) => m.message_id),
    ).toEqual([inTopic.message_id]);
  });

  it('topics in private chats of a bot with topics on (has_topics_enabled, allows_users_to_create_topics)', async () => {
    const user = await person('Pat');
    const b = await bot('private');
    await control().sendMessage({ from: user.id, chat: `@${b.record.username}`, text: 'hi' });
    await b.updates();
    expect(await b.api.getMe()).toMatchObject({
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
    });
    expect(await failure(b.api.createForumTopic(user.id, 'Order'))).toMatchObject({
      description: 'Bad Request: the chat is not a forum',
    });
    // Without topics on, message_thread_id is ignored.
    expect(await b.api.sendMessage(user.id, 'plain', { message_thread_id: 5 })).not.toHaveProperty(
      'message_thread_id',
    );

    await control().setBotTopics({ bot: b.record.id, has_topics_enabled: true });
    expect(await b.api.getMe()).toMatchObject({
      has_topics_enabled: true,
      allows_users_to_create_topics: false,
    });
    const topic = await b.api.createForumTopic(user.id, 'Order 1');
    const thread = topic.message_thread_id;
    const inTopic = await b.api.sendMessage(user.id, 'your order', { message_thread_id: thread });
    expect(inTopic).toMatchObject({ message_thread_id: thread, is_topic_message: true });
    const seen = await control().listMessages({ user: user.id, chat: `@${b.record.username}` });
    expect(seen.slice(-2)).toMatchObject([
      { message_id: thread, forum_topic_created: { name: 'Order 1' }, message_thread_id: thread },
      { text: 'your order', message_thread_id: thread, is_topic_message: true },
    ]);

    // The bot hears of its own service message, as in groups (chat-events.ts).
    expect(await messages(b)).toMatchObject([
      { message_id: thread, forum_topic_created: { name: 'Order 1' } },
    ]);
    // The person answers in the topic; the bot sees the thread.
    await control().sendMessage({
      from: user.id,
      chat: `@${b.record.username}`,
      text: 'thanks',
      message_thread_id: thread,
    });
    expect(await messages(b)).toMatchObject([
      { text: 'thanks', message_thread_id: thread, is_topic_message: true },
    ]);

    // People create topics only when the bot allows it.
    await expect(
      control().createForumTopic({ user: user.id, chat: `@${b.record.username}`, name: 'Mine' }),
    ).rejects.toMatchObject({ status: 403 });
    await control().setBotTopics({
      bot: b.record.id,
      has_topics_enabled: true,
      allows_users_to_create_topics: true,
    });
    expect((await b.api.getMe()).allows_users_to_create_topics).toBe(true);
    const mine = await control().createForumTopic({
      user: user.id,
      chat: `@${b.record.username}`,
      name: 'Mine',
    });
    expect(await messages(b)).toMatchObject([
      {
        message_thread_id: mine.message_thread_id,
        forum_topic_created: { name: 'Mine' },
        from: { id: user.id },
      },
    ]);

    // Closing is for forum supergroups only; editing and deleting work.
    expect(await failure(b.api.closeForumTopic(user.id, thread))).toMatchObject({
      description: 'Bad Request: the chat is not a forum',
    });
    expect(await b.api.editForumTopic(user.id, thread, { name: 'Order 1 (paid)' })).toBe(true);
    expect(await b.api.deleteForumTopic(user.id, thread)).toBe(true);
    const left = (await control().listMessages({ user: user.id, chat: `@${b.record.username}` })).map(
      (m) => m.message_id,
    );
    expect(left).not.toContain(inTopic.message_id);
    expect(left).toContain(mine.message_thread_id);
  });
});
