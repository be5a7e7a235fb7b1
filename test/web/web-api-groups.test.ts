/**
 * The person API's groups methods over HTTP (ADR 0055): creating a group, listing, adding,
 * promoting and restricting members, leaving, blocking a bot; each refusal in the person API's
 * format (`{ ok: false, error, description }` with its HTTP status), and a refused call changes
 * nothing. Renaming, invite links, bans and formatted text are refused as the rights and checks say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, GrammyError } from 'grammy';
import { startServer, phone, type TestServer } from '../helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

async function web(path: string, init: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}/web/api${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return {
    status: response.status,
    // The answers' shapes are checked by the assertions themselves.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (await response.json()) as Record<string, unknown> & { result?: any },
  };
}

async function person(firstName: string) {
  const response = await web('/sign-in', { body: { phone_number: phone(), first_name: firstName } });
  expect(response.body.ok).toBe(true);
  return response.body.result as { token: string; user: { id: number } };
}

let botCount = 0;
async function bot() {
  botCount += 1;
  const record = await server.control.createBot({
    username: `groups_web${botCount}_bot`,
    first_name: 'Helper',
  });
  return { record, api: new Api(record.token, { apiRoot: server.url }) };
}

const statuses = (record: { members: Array<{ user: { id: number }; status: string }> }) =>
  Object.fromEntries(record.members.map((member) => [member.user.id, member.status]));

describe('the person API for groups', () => {
  it('creates a group with members, and refuses a bad title, type or member list', async () => {
    const alice = await person('Alice');
    const helper = await bot();
    expect(await web('/chats', { body: { title: 'x' } })).toMatchObject({
      status: 401,
      body: { ok: false, error: 'SESSION_INVALID' },
    });
    expect(await web('/chats', { token: alice.token, body: { title: '   ' } })).toMatchObject({
      status: 400,
      body: { ok: false, error: 'CHAT_TITLE_EMPTY' },
    });
    expect(await web('/chats', { token: alice.token, body: { title: 'T', type: 'forum' } })).toMatchObject({
      status: 400,
      body: { ok: false, error: 'BAD_REQUEST', description: 'type must be group, supergroup or channel' },
    });
    expect(await web('/chats', { token: alice.token, body: { title: 'T', members: '@x' } })).toMatchObject({
      status: 400,
      body: { ok: false, error: 'BAD_REQUEST' },
    });
    expect(
      await web('/chats', { token: alice.token, body: { title: 'T', members: ['@nobody_here_at_all'] } }),
    ).toMatchObject({ status: 404, body: { ok: false, error: 'USER_NOT_FOUND' } });
    // None of the refusals left a chat behind.
    expect((await web('/chats', { token: alice.token })).body.result).toEqual([]);

    const created = await web('/chats', {
      token: alice.token,
      body: { title: '  Book   club ', members: [`@${helper.record.username}`] },
    });
    expect(created).toMatchObject({
      status: 200,
      body: { ok: true, result: { type: 'group', title: 'Book club' } },
    });
    expect(statuses(created.body.result)).toEqual({
      [alice.user.id]: 'creator',
      [helper.record.id]: 'member',
    });
    const list = (await web('/chats', { token: alice.token })).body.result as Array<{ chat: { id: number } }>;
    expect(list.map((entry) => entry.chat.id)).toEqual([created.body.result.id]);
  });

  it('lists members to members only, and adds a member by @username or id', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    const carol = await person('Carol');
    const group = (await web('/chats', { token: alice.token, body: { title: 'G', type: 'supergroup' } })).body
      .result as { id: number };
    const chat = String(group.id);
    expect(await web(`/chats/members?chat=${chat}`, { token: bob.token })).toMatchObject({
      status: 404,
      body: { ok: false, error: 'CHAT_NOT_FOUND' },
    });
    expect(await web('/chats/members', { token: alice.token })).toMatchObject({
      status: 400,
      body: { error: 'BAD_REQUEST', description: 'chat is required' },
    });
    // Bob, not a member, cannot add anyone.
    expect(
      await web('/chats/members', { token: bob.token, body: { chat, user: carol.user.id } }),
    ).toMatchObject({ status: 404, body: { error: 'CHAT_NOT_FOUND' } });
    expect(
      await web('/chats/members', { token: alice.token, body: { chat, user: '@no_such_person_here' } }),
    ).toMatchObject({ status: 404, body: { error: 'USER_NOT_FOUND' } });

    const added = await web('/chats/members', { token: alice.token, body: { chat, user: bob.user.id } });
    expect(added.status).toBe(200);
    expect(statuses(added.body.result)[bob.user.id]).toBe('member');
    expect(
      await web('/chats/members', { token: alice.token, body: { chat, user: bob.user.id } }),
    ).toMatchObject({
      status: 409,
      body: { ok: false, error: 'USER_ALREADY_PARTICIPANT' },
    });

    const seen = await web(`/chats/members?chat=${chat}`, { token: bob.token });
    expect(seen.body.result).toMatchObject({ id: group.id, type: 'supergroup', me: { status: 'member' } });
    expect(statuses(seen.body.result)).toEqual({ [alice.user.id]: 'creator', [bob.user.id]: 'member' });
  });

  it('promotes and restricts with rights, refusing who lacks them and unknown rights', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    const carol = await person('Carol');
    const group = (
      await web('/chats', {
        token: alice.token,
        body: { title: 'S', type: 'supergroup', members: [bob.user.id, carol.user.id] },
      })
    ).body.result as { id: number };
    const chat = String(group.id);

    // Bob, a plain member, may neither promote nor restrict.
    expect(
      await web('/chats/promote', {
        token: bob.token,
        body: { chat, user: carol.user.id, rights: { can_delete_messages: true } },
      }),
    ).toMatchObject({ status: 403, body: { ok: false, error: 'NOT_ENOUGH_RIGHTS' } });
    expect(
      await web('/chats/restrict', {
        token: bob.token,
        body: { chat, user: carol.user.id, permissions: {} },
      }),
    ).toMatchObject({ status: 403, body: { ok: false, error: 'NOT_ENOUGH_RIGHTS_TO_RESTRICT' } });
    expect(
      await web('/chats/promote', {
        token: alice.token,
        body: { chat, user: bob.user.id, rights: { can_fly: true } },
      }),
    ).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST', description: 'rights has no "can_fly"' } });
    expect(
      await web('/chats/restrict', {
        token: alice.token,
        body: { chat, user: carol.user.id, permissions: { can_send_messages: 'no' } },
      }),
    ).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    expect(
      await web('/chats/restrict', {
        token: alice.token,
        body: { chat, user: alice.user.id, permissions: {} },
      }),
    ).toMatchObject({ status: 400, body: { error: 'CANT_REMOVE_CHAT_OWNER' } });
    // Nothing changed.
    expect(statuses(await server.control.getChat(chat))).toEqual({
      [alice.user.id]: 'creator',
      [bob.user.id]: 'member',
      [carol.user.id]: 'member',
    });

    const promoted = await web('/chats/promote', {
      token: alice.token,
      body: { chat, user: bob.user.id, rights: { can_restrict_members: true, can_delete_messages: true } },
    });
    expect(promoted.status).toBe(200);
    const bobMember = (promoted.body.result.members as Array<Record<string, unknown>>).find(
      (m) => (m.user as { id: number }).id === bob.user.id,
    );
    expect(bobMember).toMatchObject({
      status: 'administrator',
      can_restrict_members: true,
      can_delete_messages: true,
      can_promote_members: false,
    });

    // Bob may restrict now; Carol can then not send.
    const restricted = await web('/chats/restrict', {
      token: bob.token,
      body: { chat, user: carol.user.id, permissions: { can_send_messages: false } },
    });
    expect(restricted.status).toBe(200);
    const carolMember = (restricted.body.result.members as Array<Record<string, unknown>>).find(
      (m) => (m.user as { id: number }).id === carol.user.id,
    );
    expect(carolMember).toMatchObject({ status: 'restricted', can_send_messages: false, until_date: 0 });
    expect(await web('/messages', { token: carol.token, body: { chat, text: 'hello?' } })).toMatchObject({
      status: 403,
      body: { ok: false },
    });

    // A restriction in a basic group is refused: supergroups only.
    const basic = (
      await web('/chats', { token: alice.token, body: { title: 'B', members: [carol.user.id] } })
    ).body.result as { id: number };
    expect(
      await web('/chats/restrict', {
        token: alice.token,
        body: { chat: String(basic.id), user: carol.user.id, permissions: {} },
      }),
    ).toMatchObject({ status: 400, body: { error: 'SUPERGROUPS_ONLY' } });
  });

  it('leaves a group; the creator can not', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    const group = (await web('/chats', { token: alice.token, body: { title: 'L', members: [bob.user.id] } }))
      .body.result as { id: number };
    const chat = String(group.id);
    expect(await web('/chats/leave', { token: alice.token, body: { chat } })).toMatchObject({
      status: 403,
      body: { ok: false, error: 'CREATOR_CANT_LEAVE' },
    });
    expect(await web('/chats/leave', { token: bob.token, body: { chat } })).toMatchObject({
      status: 200,
      body: { ok: true, result: true },
    });
    expect(statuses(await server.control.getChat(chat))).toEqual({ [alice.user.id]: 'creator' });
    expect(await web('/chats/leave', { token: bob.token, body: { chat } })).toMatchObject({
      status: 404,
      body: { error: 'CHAT_NOT_FOUND' },
    });
  });

  it('blocks and unblocks a bot; the bot can not write while blocked', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    const helper = await bot();
    const ref = `@${helper.record.username}`;
    expect(await web(`/block?bot=${bob.user.id}`, { token: alice.token })).toMatchObject({
      status: 404,
      body: { error: 'BOT_NOT_FOUND' },
    });
    expect(await web('/block', { token: alice.token, body: { bot: bob.user.id } })).toMatchObject({
      status: 404,
      body: { error: 'BOT_NOT_FOUND' },
    });
    expect(
      (await web(`/block?bot=${encodeURIComponent(ref)}`, { token: alice.token })).body.result,
    ).toMatchObject({
      blocked: false,
    });
    expect(await web('/block', { token: alice.token, body: { bot: ref } })).toMatchObject({
      status: 200,
      body: { result: { changed: true, blocked: true } },
    });
    expect((await web('/block', { token: alice.token, body: { bot: ref } })).body.result).toEqual({
      changed: false,
      blocked: true,
    });
    expect((await web(`/block?bot=${helper.record.id}`, { token: alice.token })).body.result.blocked).toBe(
      true,
    );
    const refused = await helper.api.sendMessage(alice.user.id, 'hi').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GrammyError);
    expect((refused as GrammyError).description).toBe('Forbidden: bot was blocked by the user');

    expect((await web('/unblock', { token: alice.token, body: { bot: ref } })).body.result).toEqual({
      changed: true,
      blocked: false,
    });
    expect((await helper.api.sendMessage(alice.user.id, 'hi again')).text).toBe('hi again');
  });

  it('renames, invites, bans and formats only as the rights allow; a refused call changes nothing', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    const carol = await person('Carol');
    const created = await web('/chats', {
      token: alice.token,
      body: { title: 'Rules', type: 'supergroup', members: [bob.user.id] },
    });
    const chat = String(created.body.result.id);

    // Bob, a member who may not change info, may not rename, invite, read requests or ban.
    await web('/chats/restrict', {
      token: alice.token,
      body: { chat, user: bob.user.id, permissions: { can_send_messages: true, can_change_info: false } },
    });
    const refusals = await Promise.all([
      web('/chats/title', { token: bob.token, body: { chat, title: 'Mine' } }),
      web('/chats/invite-links', { token: bob.token, body: { chat } }),
      web(`/chats/join-requests?chat=${chat}`, { token: bob.token }),
      web('/chats/ban', { token: bob.token, body: { chat, user: carol.user.id } }),
    ]);
    expect(refusals.map((r) => [r.status, r.body.error])).toEqual([
      [403, 'NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO'],
      [403, 'NOT_ENOUGH_RIGHTS_TO_MANAGE_INVITE_LINKS'],
      [403, 'CHAT_ADMIN_REQUIRED'],
      [403, 'NOT_ENOUGH_RIGHTS_TO_RESTRICT'],
    ]);
    // A photo that is no image is refused before anything is stored.
    const photo = await fetch(`${server.url}/web/api/chats/photo?chat=${chat}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/octet-stream' },
      body: 'not an image',
    });
    expect([photo.status, ((await photo.json()) as { error: string }).error]).toEqual([400, 'BAD_REQUEST']);
    expect(
      (await web('/chats/title', { token: alice.token, body: { chat, title: 'Rules 2' } })).body.result,
    ).toMatchObject({
      title: 'Rules 2',
    });

    // A revoked link no longer admits; a live one does; a banned person can not come back by it.
    const first = (await web('/chats/invite-links', { token: alice.token, body: { chat, name: 'Old' } })).body
      .result;
    await web('/chats/invite-links/revoke', { token: alice.token, body: { chat, link: first.invite_link } });
    expect(await web('/join', { token: carol.token, body: { link: first.invite_link } })).toMatchObject({
      status: 400,
      body: { error: 'INVITE_HASH_EXPIRED' },
    });
    expect(await web('/join', { token: carol.token, body: { link: '+nosuchlink0000' } })).toMatchObject({
      status: 400,
      body: { error: 'INVITE_HASH_INVALID' },
    });
    const open = (await web('/chats/invite-links', { token: alice.token, body: { chat, name: 'Open' } })).body
      .result;
    const listed = (await web(`/chats/invite-links?chat=${chat}`, { token: alice.token })).body.result;
    expect(listed.map((link: { name: string }) => link.name)).toEqual(['Open']);
    expect(await web('/join', { token: carol.token, body: { link: open.invite_link } })).toMatchObject({
      status: 200,
      body: { result: { status: 'member', chat: { id: Number(chat) } } },
    });
    const banned = await web('/chats/ban', { token: alice.token, body: { chat, user: carol.user.id } });
    expect(statuses(banned.body.result)[carol.user.id]).toBe('kicked');
    const members = (await web(`/chats/members?chat=${chat}`, { token: alice.token })).body.result;
    expect(members.banned.map((member: { user: { id: number } }) => member.user.id)).toEqual([carol.user.id]);
    expect(await web('/join', { token: carol.token, body: { link: open.invite_link } })).toMatchObject({
      status: 403,
      body: { error: 'USER_BANNED_IN_CHANNEL' },
    });

    // Formatting: entities are checked as a bot's are; the detected ones are added.
    expect(
      await web('/messages', {
        token: alice.token,
        body: { chat, text: 'hi', entities: [{ type: 'bold', offset: 0, length: 9 }] },
      }),
    ).toMatchObject({ status: 400, body: { error: 'ENTITIES_INVALID' } });
    expect(
      await web('/messages', { token: alice.token, body: { chat, text: 'hi', entities: 'bold' } }),
    ).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    const sent = await web('/messages', {
      token: alice.token,
      body: { chat, text: ' hi /help ', entities: [{ type: 'bold', offset: 1, length: 2 }] },
    });
    expect(sent.body.result).toMatchObject({
      text: 'hi /help',
      entities: [
        { type: 'bold', offset: 0, length: 2 },
        { type: 'bot_command', offset: 3, length: 5 },
      ],
    });
  });

  it("lists every administrator's links to the owner, whole and with their creator, and the owner revokes any", async () => {
    const alice = await person('Owner');
    const bob = await person('Admin');
    const carol = await person('Other');
    const group = (await web('/chats', { token: alice.token, body: { title: 'Links', type: 'supergroup' } }))
      .body.result as { id: number };
    const chat = String(group.id);
    for (const someone of [bob, carol]) {
      await web('/chats/members', { token: alice.token, body: { chat, user: someone.user.id } });
    }
    await web('/chats/promote', {
      token: alice.token,
      body: { chat, user: bob.user.id, rights: { can_invite_users: true } },
    });
    const bobs = (await web('/chats/invite-links', { token: bob.token, body: { chat, name: 'Bob' } })).body
      .result;
    await web('/chats/invite-links', { token: alice.token, body: { chat, name: 'Alice' } });
    const seen = (token: string) =>
      web(`/chats/invite-links?chat=${chat}`, { token }).then((answer) =>
        (answer.body.result as Array<{ name: string; invite_link: string; creator: { id: number } }>).map(
          (link) => [link.name, link.creator.id, link.invite_link.endsWith('...')],
        ),
      );
    // The owner sees both, whole; the administrator only its own.
    expect(await seen(alice.token)).toEqual([
      ['Alice', alice.user.id, false],
      ['Bob', bob.user.id, false],
    ]);
    expect(await seen(bob.token)).toEqual([['Bob', bob.user.id, false]]);
    // A member without can_invite_users sees none.
    expect((await web(`/chats/invite-links?chat=${chat}`, { token: carol.token })).status).toBe(403);
    // The administrator may not revoke the owner's link; the owner revokes the administrator's.
    const alices = (await web(`/chats/invite-links?chat=${chat}`, { token: alice.token })).body.result[0];
    expect(
      await web('/chats/invite-links/revoke', { token: bob.token, body: { chat, link: alices.invite_link } }),
    ).toMatchObject({ status: 400 });
    const revoked = await web('/chats/invite-links/revoke', {
      token: alice.token,
      body: { chat, link: bobs.invite_link },
    });
    expect(revoked.body.result).toMatchObject({ is_revoked: true, creator: { id: bob.user.id } });
    expect(await seen(bob.token)).toEqual([]);
    expect(await seen(alice.token)).toEqual([['Alice', alice.user.id, false]]);
  });
});
