/**
 * setMyDefaultAdministratorRights / getMyDefaultAdministratorRights (per bot, for groups and for
 * channels, kept in the settings table and so across a restart; applied when a person promotes the
 * bot without naming rights) and setChatAdministratorCustomTitle (supergroups, administrators the
 * bot promoted, custom_title in getChatMember / getChatAdministrators), through grammY's Api.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
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

/** ChatAdministratorRights with every field false, as the reference answers for a new bot. */
const NONE = {
  is_anonymous: false,
  can_manage_chat: false,
  can_delete_messages: false,
  can_manage_video_chats: false,
  can_restrict_members: false,
  can_promote_members: false,
  can_change_info: false,
  can_invite_users: false,
  can_post_stories: false,
  can_edit_stories: false,
  can_delete_stories: false,
  can_post_messages: false,
  can_edit_messages: false,
  can_pin_messages: false,
  can_manage_topics: false,
  can_manage_direct_messages: false,
  can_manage_tags: false,
  can_send_welcome_messages: false,
};

describe('default administrator rights', () => {
  it('answers all false, keeps groups and channels apart, and clears', async () => {
    const b = await bot('defaults');
    expect(await b.api.getMyDefaultAdministratorRights()).toEqual(NONE);
    expect(await b.api.getMyDefaultAdministratorRights({ for_channels: true })).toEqual(NONE);

    expect(
      await b.api.setMyDefaultAdministratorRights({
        rights: {
          can_delete_messages: true,
          can_pin_messages: true,
          can_post_messages: true,
          is_anonymous: true,
        } as never,
      }),
    ).toBe(true);
    // Rights a supergroup lacks are dropped; can_manage_chat is implied by any other right.
    expect(await b.api.getMyDefaultAdministratorRights()).toEqual({
      ...NONE,
      is_anonymous: true,
      can_manage_chat: true,
      can_delete_messages: true,
      can_pin_messages: true,
    });
    expect(await b.api.getMyDefaultAdministratorRights({ for_channels: true })).toEqual(NONE);

    await b.api.setMyDefaultAdministratorRights({
      rights: { can_post_messages: true, can_pin_messages: true } as never,
      for_channels: true,
    });
    expect(await b.api.getMyDefaultAdministratorRights({ for_channels: true })).toEqual({
      ...NONE,
      can_manage_chat: true,
      can_post_messages: true,
    });

    // No rights clears those of the kind named only.
    await b.api.setMyDefaultAdministratorRights();
    expect(await b.api.getMyDefaultAdministratorRights()).toEqual(NONE);
    expect(await b.api.getMyDefaultAdministratorRights({ for_channels: true })).toMatchObject({
      can_post_messages: true,
    });
    const { body } = await callBotApi(server, b.token, 'setMyDefaultAdministratorRights', {
      rights: JSON.stringify({ can_manage_voice_chats: true }),
    });
    expect(body).toEqual({ ok: true, result: true });
    expect(await b.api.getMyDefaultAdministratorRights()).toMatchObject({
      can_manage_chat: true,
      can_manage_video_chats: true,
    });

    // Another bot's rights are its own.
    const other = await bot('defaults');
    expect(await other.api.getMyDefaultAdministratorRights()).toEqual(NONE);
  });

  it('refuses rights that are not a ChatAdministratorRights object', async () => {
    const b = await bot('badrights');
    const call = async (rights: string) =>
      (await callBotApi(server, b.token, 'setMyDefaultAdministratorRights', { rights })).body;
    expect(await call('{nope')).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: can't parse rights JSON object",
    });
    expect((await call('[true]')).description).toBe(
      'Bad Request: object expected as ChatAdministratorRights',
    );
    expect((await call('{"can_manage_chat":"yes"}')).description).toBe(
      'Bad Request: can\'t parse ChatAdministratorRights: Field "can_manage_chat" must be of type Boolean',
    );
    expect(await b.api.getMyDefaultAdministratorRights()).toEqual(NONE);
  });

  it('gives a bot its defaults when a person promotes it without rights, as far as they hold them', async () => {
    const owner = await person('Owner');
    const b = await bot('promoted');
    await b.api.setMyDefaultAdministratorRights({
      rights: { can_delete_messages: true, can_invite_users: true, can_restrict_members: true } as never,
    });
    await b.api.setMyDefaultAdministratorRights({
      rights: { can_post_messages: true, can_edit_messages: true } as never,
      for_channels: true,
    });

    const supergroup = await control().createChat({ owner: owner.id, title: 'Defaults', type: 'supergroup' });
    await control().promoteChatMember({ by: owner.id, chat: supergroup.id, user: b.record.id });
    expect(await b.api.getChatMember(supergroup.id, b.record.id)).toMatchObject({
      status: 'administrator',
      can_manage_chat: true,
      can_delete_messages: true,
      can_invite_users: true,
      can_restrict_members: true,
      can_promote_members: false,
    });

    const channel = await control().createChat({ owner: owner.id, title: 'News', type: 'channel' });
    await control().promoteChatMember({ by: owner.id, chat: channel.id, user: b.record.id });
    expect(await b.api.getChatMember(channel.id, b.record.id)).toMatchObject({
      status: 'administrator',
      can_post_messages: true,
      can_edit_messages: true,
      can_delete_messages: false,
    });

    // An administrator who lacks some of the defaults grants the rest.
    const deputy = await person('Deputy');
    await control().addChatMember({ by: owner.id, chat: supergroup.id, user: deputy.id });
    await control().promoteChatMember({
      by: owner.id,
      chat: supergroup.id,
      user: deputy.id,
      rights: { can_promote_members: true, can_invite_users: true },
    });
    const second = await bot('promoted');
    await second.api.setMyDefaultAdministratorRights({
      rights: { can_delete_messages: true, can_invite_users: true } as never,
    });
    await control().promoteChatMember({ by: deputy.id, chat: supergroup.id, user: second.record.id });
    expect(await b.api.getChatMember(supergroup.id, second.record.id)).toMatchObject({
      status: 'administrator',
      can_invite_users: true,
      can_delete_messages: false,
    });

    // A person promoted without rights stays as they were; a bot without defaults is not added.
    const plain = await bot('nodefaults');
    await control().promoteChatMember({ by: owner.id, chat: supergroup.id, user: plain.record.id });
    expect(await b.api.getChatMember(supergroup.id, plain.record.id)).toMatchObject({ status: 'left' });
  });

  it('keeps the defaults across a restart on the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-admin-rights-'));
    try {
      let own = await startServer({ data: dataDir });
      const record = await own.control.createBot({ username: 'persist_rights_bot' });
      let { body } = await callBotApi(own, record.token, 'setMyDefaultAdministratorRights', {
        rights: JSON.stringify({ can_invite_users: true }),
        for_channels: true,
      });
      expect(body.result).toBe(true);
      await own.close();

      own = await startServer({ data: dataDir });
      try {
        ({ body } = await callBotApi(own, record.token, 'getMyDefaultAdministratorRights', {
          for_channels: true,
        }));
        expect(body.result).toEqual({ ...NONE, can_manage_chat: true, can_invite_users: true });
        ({ body } = await callBotApi(own, record.token, 'getMyDefaultAdministratorRights', {}));
        expect(body.result).toEqual(NONE);
      } finally {
        await own.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('setChatAdministratorCustomTitle', () => {
  async function supergroupWithPromoter() {
    const owner = await person('Owner');
    const admin = await bot('titles');
    const member = await person('Mia');
    const chat = await control().createChat({
      owner: owner.id,
      title: 'Titles',
      type: 'supergroup',
      members: [member.id],
    });
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: admin.record.id,
      rights: { can_promote_members: true, can_invite_users: true, can_pin_messages: true },
    });
    await admin.updates(['chat_member', 'my_chat_member', 'message']);
    await admin.api.promoteChatMember(chat.id, member.id, { can_invite_users: true });
    await admin.updates();
    return { owner, admin, member, chat };
  }

  it('sets, refuses over 16 characters and removes the title of an administrator the bot promoted', async () => {
    const { admin, member, chat } = await supergroupWithPromoter();
    expect(await admin.api.setChatAdministratorCustomTitle(chat.id, member.id, '  Chief  ')).toBe(true);
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({
      status: 'administrator',
      can_be_edited: true,
      can_invite_users: true,
      custom_title: 'Chief',
    });
    const admins = await admin.api.getChatAdministrators(chat.id);
    expect(admins.find((a) => a.user.id === member.id)).toMatchObject({ custom_title: 'Chief' });
    const updates = await admin.updates(['chat_member']);
    const change = updates.at(-1)?.chat_member as Record<string, Record<string, unknown>>;
    expect(change).toMatchObject({
      old_chat_member: { status: 'administrator', user: { id: member.id } },
      new_chat_member: { status: 'administrator', custom_title: 'Chief' },
    });
    expect(change.old_chat_member).not.toHaveProperty('custom_title');

    // Promoting again keeps the title.
    await admin.api.promoteChatMember(chat.id, member.id, { can_invite_users: true, can_pin_messages: true });
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({
      can_pin_messages: true,
      custom_title: 'Chief',
    });

    // More than the documented 16 characters is refused, not cut as TDLib does (ADR 0071).
    expect(
      await failure(
        admin.api.setChatAdministratorCustomTitle(chat.id, member.id, 'Keeper of the lighthouse'),
      ),
    ).toMatchObject({ code: 400, description: 'Bad Request: ADMIN_RANK_INVALID' });
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({ custom_title: 'Chief' });
    await admin.api.setChatAdministratorCustomTitle(chat.id, member.id, '');
    expect(await admin.api.getChatMember(chat.id, member.id)).not.toHaveProperty('custom_title');
  });

  it("refuses with the reference's texts, changing nothing", async () => {
    const { owner, admin, member, chat } = await supergroupWithPromoter();
    const refused = async (userId: number, title: string, chatId = chat.id) =>
      failure(admin.api.setChatAdministratorCustomTitle(chatId, userId, title));

    expect(await refused(member.id, 'Fox 🦊')).toMatchObject({
      code: 400,
      description: 'Bad Request: ADMIN_RANK_EMOJI_NOT_ALLOWED',
    });
    expect((await refused(owner.id, 'Boss')).description).toBe(
      'Bad Request: only creator can edit their custom title',
    );
    const plain = await person('Plain');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: plain.id });
    expect((await refused(plain.id, 'Nobody')).description).toBe('Bad Request: user is not an administrator');
    const stranger = await person('Stranger');
    expect((await refused(stranger.id, 'Nobody')).description).toBe(
      'Bad Request: user is not an administrator',
    );

    // An administrator someone else promoted, and the bot itself, are not the bot's to edit.
    const deputy = await person('Deputy');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: deputy.id });
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: deputy.id,
      rights: { can_invite_users: true },
      custom_title: 'Deputy',
    });
    expect((await refused(deputy.id, 'Minion')).description).toBe(
      'Bad Request: not enough rights to change custom title of the user',
    );
    expect((await refused(admin.record.id, 'Robot')).description).toBe(
      'Bad Request: not enough rights to change custom title of the user',
    );
    expect(await admin.api.getChatMember(chat.id, deputy.id)).toMatchObject({ custom_title: 'Deputy' });

    // A bot that lost can_promote_members may no longer edit those it promoted.
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: admin.record.id,
      rights: { can_invite_users: true },
    });
    expect((await refused(member.id, 'Chief')).description).toBe(
      'Bad Request: not enough rights to change custom title of the user',
    );
    expect(await admin.api.getChatMember(chat.id, member.id)).not.toHaveProperty('custom_title');

    // Supergroups only.
    const group = await control().createChat({ owner: owner.id, title: 'Basic', members: [admin.record.id] });
    expect((await refused(owner.id, 'Boss', group.id)).description).toBe(
      'Bad Request: method is available only for supergroups',
    );
    const channel = await control().createChat({ owner: owner.id, title: 'News', type: 'channel' });
    await control().promoteChatMember({
      by: owner.id,
      chat: channel.id,
      user: admin.record.id,
      rights: { can_post_messages: true },
    });
    expect((await refused(owner.id, 'Boss', channel.id)).description).toBe(
      'Bad Request: method is available only for supergroups',
    );
    const { body } = await callBotApi(server, admin.token, 'setChatAdministratorCustomTitle', {
      chat_id: chat.id,
      user_id: 0,
      custom_title: 'x',
    });
    expect(body.description).toBe('Bad Request: invalid user_id specified');
  });
});
