/**
 * Channels, invite links, join requests and blocking over real HTTP: people act through the control
 * API, bots through grammY's Api; channel_post, edited_channel_post, chat_join_request and the
 * my_chat_member of blocking arise from the action that causes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit, kinds } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;
const ADMIN = {
  can_restrict_members: true,
  can_promote_members: true,
  can_invite_users: true,
  can_change_info: true,
  can_delete_messages: true,
};

describe('channels', () => {
  it('posts as the channel: channel_post and edited_channel_post to administrator bots, sender_chat without from', async () => {
    const owner = await person('Chan');
    const poster = await bot('post');
    const helper = await bot('help');
    const channel = await control().createChat({
      owner: owner.id,
      title: 'News',
      type: 'channel',
      username: `news${Date.now() % 100000}`,
    });
    await control().promoteChatMember({
      by: owner.id,
      chat: channel.id,
      user: poster.record.id,
      rights: { can_post_messages: true, can_edit_messages: true, can_pin_messages: true },
    });
    await control().promoteChatMember({
      by: owner.id,
      chat: channel.id,
      user: helper.record.id,
      rights: { can_invite_users: true },
    });
    expect(first(await poster.updates(), 'my_chat_member')).toMatchObject({
      chat: { id: channel.id, type: 'channel', username: channel.username },
      new_chat_member: { status: 'administrator', can_post_messages: true, can_edit_messages: true },
    });
    expect(first(await helper.updates(), 'my_chat_member').new_chat_member as object).not.toHaveProperty(
      'can_pin_messages',
    );

    const post = await control().sendMessage({ from: owner.id, chat: channel.id, text: 'Breaking' });
    expect(post).not.toHaveProperty('from');
    await control().editMessage({
      user: owner.id,
      chat: channel.id,
      message_id: post.message_id,
      text: 'Breaking!',
    });
    const updates = await poster.updates();
    expect(kinds(updates)).toEqual(['channel_post', 'edited_channel_post']);
    expect(updates[0]!.channel_post).toMatchObject({
      sender_chat: { id: channel.id, type: 'channel', title: 'News' },
      chat: { id: channel.id },
      text: 'Breaking',
    });
    expect(updates[0]!.channel_post).not.toHaveProperty('from');
    expect(updates[1]!.edited_channel_post).toMatchObject({ text: 'Breaking!' });

    const sent = await poster.api.sendMessage(`@${channel.username}`, 'From the bot');
    expect(sent).toMatchObject({ chat: { id: channel.id }, sender_chat: { id: channel.id } });
    expect(sent).not.toHaveProperty('from');
    expect(await failure(helper.api.sendMessage(channel.id, 'no'))).toMatchObject({
      description: 'Bad Request: need administrator rights in the channel chat',
    });

    const reader = await person('Reader');
    expect(await control().joinChat({ user: reader.id, chat: `@${channel.username}` })).toMatchObject({
      status: 'member',
      chat: { id: channel.id, type: 'channel' },
    });
    await expect(
      control().sendMessage({ from: reader.id, chat: channel.id, text: 'me too' }),
    ).rejects.toMatchObject({
      status: 403,
      error: 'CHAT_WRITE_FORBIDDEN',
    });
    expect(await failure(helper.api.getChatMember(channel.id, 12345))).toMatchObject({
      description: 'Bad Request: user not found',
    });
  });
});

describe('invite links and join requests', () => {
  it('turns a request link into chat_join_request, approves it once, and enforces link limits', async () => {
    const owner = await person('Inv');
    const admin = await bot('gate');
    const chat = await control().createChat({ owner: owner.id, title: 'Private club', type: 'supergroup' });
    await control().promoteChatMember({ by: owner.id, chat: chat.id, user: admin.record.id, rights: ADMIN });
    await admin.updates(['chat_join_request', 'chat_member', 'message', 'my_chat_member']);

    const requestLink = await admin.api.createChatInviteLink(chat.id, {
      name: 'apply',
      creates_join_request: true,
    });
    expect(requestLink).toMatchObject({
      creator: { id: admin.record.id },
      name: 'apply',
      creates_join_request: true,
      is_primary: false,
      is_revoked: false,
      pending_join_request_count: 0,
    });
    const applicant = await person('Apply');
    expect(
      await control().joinChat({ user: applicant.id, invite_link: requestLink.invite_link }),
    ).toMatchObject({
      status: 'requested',
    });
    const request = first(await admin.updates(), 'chat_join_request');
    expect(request).toMatchObject({
      chat: { id: chat.id },
      from: { id: applicant.id },
      user_chat_id: applicant.id,
      invite_link: { invite_link: requestLink.invite_link, pending_join_request_count: 1 },
    });
    expect(await admin.api.getChatMember(chat.id, applicant.id)).toMatchObject({ status: 'left' });
    expect(await admin.api.approveChatJoinRequest(chat.id, applicant.id)).toBe(true);
    const joined = await admin.updates();
    expect(first(joined, 'chat_member')).toMatchObject({
      from: { id: admin.record.id },
      new_chat_member: { status: 'member', user: { id: applicant.id } },
      via_join_request: true,
      invite_link: { invite_link: requestLink.invite_link },
    });
    // Approving a member answers the reference's USER_ALREADY_PARTICIPANT; declining one has no
    // request to hide, as for anyone without one.
    expect(await failure(admin.api.approveChatJoinRequest(chat.id, applicant.id))).toMatchObject({
      description: 'Bad Request: USER_ALREADY_PARTICIPANT',
    });
    expect(await failure(admin.api.declineChatJoinRequest(chat.id, applicant.id))).toMatchObject({
      description: 'Bad Request: HIDE_REQUESTER_MISSING',
    });
    const stranger = await person('Nobody');
    expect(await failure(admin.api.approveChatJoinRequest(chat.id, stranger.id))).toMatchObject({
      description: 'Bad Request: HIDE_REQUESTER_MISSING',
    });

    const single = await admin.api.createChatInviteLink(chat.id, { member_limit: 1 });
    await control().joinChat({ user: (await person()).id, invite_link: single.invite_link });
    await expect(
      control().joinChat({ user: (await person()).id, invite_link: single.invite_link }),
    ).rejects.toMatchObject({
      status: 400,
      error: 'INVITE_HASH_EXPIRED',
    });
    const edited = await admin.api.editChatInviteLink(chat.id, single.invite_link, { name: 'one' });
    expect(edited).toMatchObject({ name: 'one', is_revoked: false });
    expect(edited).not.toHaveProperty('member_limit');
    expect((await admin.api.revokeChatInviteLink(chat.id, single.invite_link)).is_revoked).toBe(true);
    await expect(
      control().joinChat({ user: (await person()).id, invite_link: single.invite_link }),
    ).rejects.toMatchObject({
      error: 'INVITE_HASH_EXPIRED',
    });

    const primary = await admin.api.exportChatInviteLink(chat.id);
    expect(primary).toMatch(/^https:\/\/t\.me\/\+[\w-]{16}$/);
    expect((await admin.api.getChat(chat.id)) as { invite_link?: string }).toMatchObject({
      invite_link: primary,
    });
    expect(
      await failure(admin.api.createChatInviteLink(chat.id, { creates_join_request: true, member_limit: 5 })),
    ).toMatchObject({
      description: "Bad Request: member limit can't be specified for links requiring administrator approval",
    });
    const plain = await bot('nolink');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: plain.record.id });
    expect(await failure(plain.api.exportChatInviteLink(chat.id))).toMatchObject({
      description: 'Bad Request: not enough rights to manage chat invite link',
    });
  });
});

describe('blocking a bot', () => {
  it('gives my_chat_member kicked and member, and 403 "bot was blocked by the user" meanwhile', async () => {
    const user = await person('Bea');
    const b = await bot('blocked');
    await control().sendMessage({ from: user.id, chat: `@${b.record.username}`, text: '/start' });
    await b.updates();
    expect(await control().blockBot({ user: user.id, bot: b.record.id })).toEqual({ changed: true });
    expect(await control().blockBot({ user: user.id, bot: b.record.id })).toEqual({ changed: false });
    const blocked = await b.updates();
    expect(kinds(blocked)).toEqual(['my_chat_member']);
    expect(blocked[0]!.my_chat_member).toMatchObject({
      chat: { id: user.id, type: 'private', first_name: 'Bea' },
      from: { id: user.id },
      old_chat_member: { status: 'member', user: { id: b.record.id } },
      new_chat_member: { status: 'kicked', until_date: 0, user: { id: b.record.id } },
    });
    expect(await failure(b.api.sendMessage(user.id, 'still there?'))).toEqual({
      code: 403,
      description: 'Forbidden: bot was blocked by the user',
      parameters: {},
    });
    await expect(
      control().sendMessage({ from: user.id, chat: `@${b.record.username}`, text: 'hi' }),
    ).rejects.toMatchObject({ status: 403, error: 'CHAT_WRITE_FORBIDDEN' });

    await control().unblockBot({ user: user.id, bot: b.record.id });
    expect(first(await b.updates(), 'my_chat_member')).toMatchObject({
      old_chat_member: { status: 'kicked' },
      new_chat_member: { status: 'member' },
    });
    expect((await b.api.sendMessage(user.id, 'welcome back')).text).toBe('welcome back');
  });
});
