/**
 * Groups and supergroups over real HTTP: people act through the control API, bots through grammY's
 * Api. my_chat_member, chat_member (only to administrators that list it), service messages and the
 * group to supergroup migration arise from the action that causes them, with the reference's error
 * texts and nothing changed by a refused call. Channels, links and blocking: channels-and-links.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
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

describe('groups', () => {
  it('adds a bot (my_chat_member, group_chat_created, new_chat_members) and answers getChat and members', async () => {
    const owner = await person('Olga');
    const guest = await person('Gus');
    const b = await bot('grp');
    const chat = await control().createChat({
      owner: owner.id,
      title: '  Team   chat ',
      members: [b.record.id],
    });
    expect(chat).toMatchObject({ type: 'group', title: 'Team chat' });
    expect(chat.id).toBeLessThan(0);
    expect(String(chat.id).startsWith('-100')).toBe(false);

    await control().addChatMember({ by: owner.id, chat: chat.id, user: guest.id });
    const updates = await b.updates();
    expect(kinds(updates)).toEqual(['my_chat_member', 'message', 'message']);
    expect(first(updates, 'my_chat_member')).toMatchObject({
      chat: { id: chat.id, type: 'group', title: 'Team chat' },
      from: { id: owner.id },
      old_chat_member: { status: 'left', user: { id: b.record.id } },
      new_chat_member: { status: 'member', user: { id: b.record.id } },
    });
    expect(updates[1]!.message).toMatchObject({ from: { id: owner.id }, group_chat_created: true });
    expect(updates[2]!.message).toMatchObject({ new_chat_members: [{ id: guest.id, first_name: 'Gus' }] });

    expect(await b.api.getChat(chat.id)).toMatchObject({
      id: chat.id,
      type: 'group',
      title: 'Team chat',
      accent_color_id: Math.abs(chat.id) % 7,
      max_reaction_count: 11,
      accepted_gift_types: { unlimited_gifts: false },
      permissions: { can_send_messages: true, can_invite_users: true },
    });
    expect(await b.api.getChatMember(chat.id, owner.id)).toMatchObject({
      status: 'creator',
      is_anonymous: false,
    });
    expect(await b.api.getChatMemberCount(chat.id)).toBe(3);
    const admins = await b.api.getChatAdministrators(chat.id);
    expect(admins.map((a) => [a.user.id, a.status])).toEqual([[owner.id, 'creator']]);

    const { body } = await callBotApi(server, b.token, 'getChatMember', { chat_id: chat.id, user_id: 'abc' });
    expect(body.description).toBe('Bad Request: invalid user_id specified');
    await control().sendMessage({ from: guest.id, chat: `@${b.record.username}`, text: 'hi' });
    expect(await failure(b.api.getChatAdministrators(guest.id))).toMatchObject({
      code: 400,
      description: 'Bad Request: there are no administrators in the private chat',
    });
    expect(await b.api.getChat(guest.id)).toMatchObject({ id: guest.id, type: 'private', first_name: 'Gus' });
  });

  it('refuses a bot that cannot join groups, and a member twice, changing nothing', async () => {
    const owner = await person();
    const lonely = await bot('lonely', { can_join_groups: false });
    const chat = await control().createChat({ owner: owner.id, title: 'No bots' });
    await expect(
      control().addChatMember({ by: owner.id, chat: chat.id, user: lonely.record.id }),
    ).rejects.toMatchObject({
      status: 403,
      error: 'BOT_GROUPS_BLOCKED',
    });
    await expect(
      control().addChatMember({ by: owner.id, chat: chat.id, user: owner.id }),
    ).rejects.toMatchObject({
      status: 409,
      error: 'USER_ALREADY_PARTICIPANT',
    });
    expect((await control().getChat(chat.id)).members.map((m) => m.user.id)).toEqual([owner.id]);
    expect(await lonely.updates()).toEqual([]);
  });

  it('upgrades a group: migrate_to_chat_id, migrate_from_chat_id, and 400 with parameters for the old id', async () => {
    const owner = await person();
    const b = await bot('mig');
    const group = await control().createChat({ owner: owner.id, title: 'Small', members: [b.record.id] });
    await b.updates();
    const supergroup = await control().migrateChat({ by: owner.id, chat: group.id });
    expect(supergroup.type).toBe('supergroup');
    expect(String(supergroup.id)).toMatch(/^-100\d{10}$/);
    expect(supergroup.members.map((m) => [m.user.id, m.status])).toEqual(
      expect.arrayContaining([
        [owner.id, 'creator'],
        [b.record.id, 'member'],
      ]),
    );
    const updates = await b.updates();
    expect(updates.map((u) => u.message)).toMatchObject([
      { chat: { id: group.id }, migrate_to_chat_id: supergroup.id },
      { chat: { id: supergroup.id, type: 'supergroup' }, migrate_from_chat_id: group.id },
    ]);

    expect(await failure(b.api.sendMessage(group.id, 'hello?'))).toEqual({
      code: 400,
      description: 'Bad Request: group chat was upgraded to a supergroup chat',
      parameters: { migrate_to_chat_id: supergroup.id },
    });
    expect(await b.api.getChat(group.id)).toMatchObject({ type: 'group' });
    expect((await b.api.sendMessage(supergroup.id, 'moved')).chat.id).toBe(supergroup.id);
    await expect(control().sendMessage({ from: owner.id, chat: group.id, text: 'x' })).rejects.toMatchObject({
      status: 400,
      error: 'CHAT_MIGRATED',
    });
  });
});

describe('administrators and members', () => {
  async function supergroupWithAdminBot() {
    const owner = await person('Owner');
    const admin = await bot('adm');
    const chat = await control().createChat({ owner: owner.id, title: 'Super', type: 'supergroup' });
    await control().promoteChatMember({ by: owner.id, chat: chat.id, user: admin.record.id, rights: ADMIN });
    return { owner, admin, chat };
  }

  it('gives my_chat_member on promotion, and chat_member only to administrators that list it', async () => {
    const { owner, admin, chat } = await supergroupWithAdminBot();
    const promoted = first(
      await admin.updates(['chat_member', 'my_chat_member', 'message']),
      'my_chat_member',
    );
    expect(promoted).toMatchObject({
      from: { id: owner.id },
      old_chat_member: { status: 'left' },
      new_chat_member: {
        status: 'administrator',
        can_be_edited: false,
        can_manage_chat: true,
        can_restrict_members: true,
        can_manage_topics: false,
      },
    });
    // Channel-only rights are not part of a supergroup administrator.
    expect(promoted.new_chat_member).not.toHaveProperty('can_post_messages');
    const quiet = await bot('quiet');
    await control().promoteChatMember({ by: owner.id, chat: chat.id, user: quiet.record.id, rights: ADMIN });
    const plain = await bot('plain');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: plain.record.id });
    await quiet.updates();
    await plain.updates(['chat_member', 'message']);
    await admin.updates();

    const joiner = await person('Jo');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: joiner.id });
    const seen = await admin.updates();
    expect(kinds(seen)).toEqual(['chat_member', 'message']);
    expect(seen[0]!.chat_member).toMatchObject({
      chat: { id: chat.id, type: 'supergroup' },
      from: { id: owner.id },
      old_chat_member: { status: 'left', user: { id: joiner.id } },
      new_chat_member: { status: 'member', user: { id: joiner.id } },
    });
    expect(kinds(await quiet.updates())).toEqual(['message']);
    expect(kinds(await plain.updates())).toEqual(['message']);
  });

  it('restricts until a date on the virtual clock, bans and unbans, with the reference texts', async () => {
    const { owner, admin, chat } = await supergroupWithAdminBot();
    const member = await person('Mia');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: member.id });
    const now = (await control().getClock()).now;
    await admin.api.restrictChatMember(
      chat.id,
      member.id,
      { can_send_messages: false },
      { until_date: now + 3600 },
    );
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({
      status: 'restricted',
      is_member: true,
      can_send_messages: false,
      can_send_photos: false,
      until_date: now + 3600,
    });
    await expect(
      control().sendMessage({ from: member.id, chat: chat.id, text: 'muted?' }),
    ).rejects.toMatchObject({
      status: 403,
      error: 'CHAT_WRITE_FORBIDDEN',
    });
    await control().advanceClock(3601);
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({ status: 'member' });
    await control().sendMessage({ from: member.id, chat: chat.id, text: 'free again' });

    await admin.api.banChatMember(chat.id, member.id);
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({
      status: 'kicked',
      until_date: 0,
    });
    await expect(control().sendMessage({ from: member.id, chat: chat.id, text: 'x' })).rejects.toMatchObject({
      status: 404,
    });
    expect(await admin.api.unbanChatMember(chat.id, member.id, { only_if_banned: true })).toBe(true);
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({ status: 'left' });
    expect(await admin.api.getChatMemberCount(chat.id)).toBe(2);
    expect((await admin.api.sendMessage(chat.id, 'rules')).chat.type).toBe('supergroup');

    // Refusals, each leaving the members as they were.
    const before = await control().getChat(chat.id);
    const other = await bot('other');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: other.record.id });
    const texts = [
      await failure(admin.api.restrictChatMember(chat.id, owner.id, { can_send_messages: false })),
      await failure(admin.api.banChatMember(chat.id, admin.record.id)),
      await failure(other.api.banChatMember(chat.id, member.id)),
      await failure(
        admin.api.promoteChatMember(chat.id, other.record.id, {
          can_post_stories: true,
          can_pin_messages: true,
        }),
      ),
      await failure(admin.api.promoteChatMember(chat.id, member.id, { can_invite_users: true })),
    ].map((f) => f.description);
    expect(texts).toEqual([
      "Bad Request: can't remove chat owner",
      "Bad Request: can't restrict self",
      'Bad Request: not enough rights to restrict/unrestrict chat member',
      'Bad Request: RIGHT_FORBIDDEN',
      'Bad Request: USER_NOT_PARTICIPANT',
    ]);
    const after = await control().getChat(chat.id);
    expect(after.members.filter((m) => m.user.id !== other.record.id)).toEqual(before.members);

    await admin.api.promoteChatMember(chat.id, other.record.id, { can_invite_users: true });
    expect(await admin.api.getChatMember(chat.id, other.record.id)).toMatchObject({
      status: 'administrator',
      can_be_edited: true,
      can_invite_users: true,
      can_restrict_members: false,
    });
    expect(await failure(other.api.banChatMember(chat.id, admin.record.id))).toMatchObject({
      description: 'Bad Request: not enough rights to restrict/unrestrict chat member',
    });
    expect((await admin.api.getChatAdministrators(chat.id)).map((a) => a.user.id)).toEqual([
      owner.id,
      admin.record.id,
    ]);
    expect((await admin.api.getChatAdministrators(chat.id, { return_bots: true })).length).toBe(3);
  });

  it('answers method and chat-kind refusals of basic groups and private chats', async () => {
    const owner = await person();
    const b = await bot('kind');
    const group = await control().createChat({ owner: owner.id, title: 'Basic', members: [b.record.id] });
    await control().sendMessage({ from: owner.id, chat: `@${b.record.username}`, text: '/start' });
    expect(
      [
        await failure(b.api.restrictChatMember(group.id, owner.id, { can_send_messages: false })),
        await failure(b.api.promoteChatMember(group.id, owner.id, { can_invite_users: true })),
        await failure(b.api.unbanChatMember(group.id, owner.id)),
        await failure(b.api.banChatMember(owner.id, owner.id)),
        await failure(b.api.leaveChat(owner.id)),
        await failure(b.api.setChatPermissions(group.id, { can_send_messages: false })),
      ].map((f) => f.description),
    ).toEqual([
      'Bad Request: method is available only for supergroups',
      'Bad Request: method is available for supergroup and channel chats only',
      'Bad Request: method is available for supergroup and channel chats only',
      "Bad Request: can't ban members in private chats",
      "Bad Request: can't leave private chats",
      'Bad Request: not enough rights to change chat permissions',
    ]);
    for (const [permissions, text] of [
      ['{', "Bad Request: can't parse permissions JSON object"],
      ['[]', 'Bad Request: object expected as permissions'],
      [
        '{"can_send_polls":"yes"}',
        'Bad Request: can\'t parse chat permissions: Field "can_send_polls" must be of type Boolean',
      ],
    ]) {
      const { body } = await callBotApi(server, b.token, 'setChatPermissions', {
        chat_id: group.id,
        permissions,
      });
      expect(body.description).toBe(text);
    }
  });

  it('removes a bot (my_chat_member kicked, 403 kicked) and lets one leave (403 not a member)', async () => {
    const owner = await person();
    const b = await bot('gone');
    const group = await control().createChat({ owner: owner.id, title: 'Exit', members: [b.record.id] });
    await b.updates();
    await control().removeChatMember({ by: owner.id, chat: group.id, user: b.record.id });
    const removed = await b.updates();
    expect(kinds(removed)).toEqual(['my_chat_member', 'message']);
    expect(first(removed, 'my_chat_member')).toMatchObject({
      old_chat_member: { status: 'member' },
      new_chat_member: { status: 'kicked', until_date: 0 },
    });
    expect(removed[1]!.message).toMatchObject({ left_chat_member: { id: b.record.id } });
    expect(await failure(b.api.sendMessage(group.id, 'hi'))).toMatchObject({
      code: 403,
      description: 'Forbidden: bot was kicked from the group chat',
    });

    const supergroup = await control().createChat({
      owner: owner.id,
      title: 'Exit 2',
      type: 'supergroup',
      members: [b.record.id],
    });
    await b.updates();
    expect(await b.api.leaveChat(supergroup.id)).toBe(true);
    expect(first(await b.updates(), 'my_chat_member')).toMatchObject({
      from: { id: b.record.id },
      new_chat_member: { status: 'left' },
    });
    expect(await failure(b.api.sendMessage(supergroup.id, 'hi'))).toMatchObject({
      code: 403,
      description: 'Forbidden: bot is not a member of the supergroup chat',
    });
    expect(await failure(b.api.getChat(-1009999999999))).toMatchObject({
      code: 400,
      description: 'Bad Request: chat not found',
    });
  });

  it('changes title, description and permissions (new_chat_title to every bot)', async () => {
    const { owner, admin, chat } = await supergroupWithAdminBot();
    const member = await person('Pat');
    const plain = await bot('watch');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: member.id });
    await control().addChatMember({ by: owner.id, chat: chat.id, user: plain.record.id });
    await admin.updates();
    await plain.updates();

    await admin.api.setChatTitle(chat.id, 'Renamed');
    await admin.api.setChatTitle(chat.id, 'Renamed');
    expect((await admin.updates()).map((u) => u.message)).toMatchObject([{ new_chat_title: 'Renamed' }]);
    expect((await plain.updates()).map((u) => u.message)).toMatchObject([
      { new_chat_title: 'Renamed', from: { id: admin.record.id } },
    ]);
    await admin.api.setChatDescription(chat.id, 'About us');
    expect(await failure(admin.api.setChatDescription(chat.id, 'About us'))).toMatchObject({
      description: 'Bad Request: chat description is not modified',
    });

    // Members may change the title while the chat's permissions allow it (the default).
    await admin.api.setChatPermissions(chat.id, { can_send_polls: true });
    expect(await failure(plain.api.setChatTitle(chat.id, 'Mine'))).toMatchObject({
      description: 'Bad Request: not enough rights to change chat title',
    });
    const info = await admin.api.getChat(chat.id);
    expect(info).toMatchObject({
      title: 'Renamed',
      description: 'About us',
      permissions: {
        can_send_messages: true,
        can_send_polls: true,
        can_send_photos: false,
        can_invite_users: false,
      },
    });
    await expect(
      control().addChatMember({ by: member.id, chat: chat.id, user: (await person()).id }),
    ).rejects.toMatchObject({
      status: 403,
      error: 'CHAT_ADMIN_REQUIRED',
    });
  });
});
