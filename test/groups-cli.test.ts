/**
 * The `parley group ...`, `parley block`/`unblock` and `parley bot privacy` commands against a real
 * server (the CLI runs in this process; its requests go over HTTP).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner } from './helpers/cli-runner.js';
import { groupKit, kinds } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const parley = cliRunner(() => server);

const json = async (...args: string[]) => {
  const run = await parley(...args, '--json');
  if (run.code !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Record<string, unknown> & { id: number; members: unknown[] };
};

const { bot } = groupKit(() => server);

describe('parley group', () => {
  it('creates, promotes, restricts, links, joins and removes', async () => {
    const owner = phone();
    const guest = phone();
    await parley('user', 'create', '--phone', owner, '--first-name', 'Owner');
    await parley('user', 'create', '--phone', guest, '--first-name', 'Guest');
    const b = await bot('cli');
    const chat = await json(
      'group',
      'create',
      '--owner',
      owner,
      '--title',
      'CLI room',
      '--type',
      'supergroup',
      '--member',
      `@${b.record.username}`,
    );
    expect(chat).toMatchObject({ type: 'supergroup', title: 'CLI room' });
    const id = String(chat.id);

    // The chat is the subject of every group command but create: positional, a negative id included.
    expect(id).toMatch(/^-100/);
    const promoted = await json(
      'group',
      'promote',
      id,
      '--user',
      `@${b.record.username}`,
      '--by',
      owner,
      '--rights',
      'can_invite_users,can_restrict_members',
    );
    expect(promoted.members).toContainEqual(
      expect.objectContaining({
        status: 'administrator',
        can_invite_users: true,
        can_restrict_members: true,
      }),
    );
    const link = await json('group', 'link', id, '--by', owner, '--request');
    expect(link).toMatchObject({ creates_join_request: true });
    expect(await json('group', 'join', '--user', guest, '--link', String(link.invite_link))).toMatchObject({
      status: 'requested',
    });
    expect(kinds(await b.updates(['chat_join_request', 'my_chat_member', 'message']))).toContain(
      'chat_join_request',
    );
    await b.api.approveChatJoinRequest(chat.id, (await server.control.getUser(guest)).id);

    const restricted = await json(
      'group',
      'restrict',
      id,
      '--user',
      guest,
      '--by',
      owner,
      '--allow',
      'can_send_polls',
    );
    expect(restricted.members).toContainEqual(
      expect.objectContaining({ status: 'restricted', can_send_messages: true, can_send_photos: false }),
    );
    const human = await parley('group', 'show', id);
    expect(human.stdout).toMatch(new RegExp(`^chat ${id} supergroup "CLI room"`));
    expect(human.stdout).toContain(`restricted Guest`);

    // The --chat form of earlier versions still works.
    expect(await parley('group', 'show', '--chat', id)).toEqual(human);

    expect((await parley('group', 'remove', id, '--user', guest, '--by', owner)).stdout).toBe('removed');
    const denied = await parley('group', 'join', '--user', guest, '--chat', id);
    expect(denied).toMatchObject({ code: 1 });
    expect(denied.stderr).toMatch(/\(BAD_REQUEST\)$/);
    expect(
      await parley('group', 'restrict', '--chat', id, '--user', guest, '--by', owner, '--allow', 'fly'),
    ).toMatchObject({
      code: 2,
    });
  });

  it('blocks and unblocks a bot and switches privacy mode', async () => {
    const user = phone();
    await parley('user', 'create', '--phone', user);
    const b = await bot('blk');
    expect((await parley('block', '--user', user, '--bot', `@${b.record.username}`)).stdout).toBe('blocked');
    expect((await parley('block', '--user', user, '--bot', `@${b.record.username}`)).stdout).toBe(
      'unchanged',
    );
    expect((await parley('unblock', '--user', user, '--bot', `@${b.record.username}`)).stdout).toBe(
      'unblocked',
    );
    expect(kinds(await b.updates())).toEqual(['my_chat_member', 'my_chat_member']);
    expect(await json('bot', 'privacy', `@${b.record.username}`, '--off')).toMatchObject({
      can_read_all_group_messages: true,
    });
    expect(await json('bot', 'privacy', '--bot', `@${b.record.username}`, '--on')).toMatchObject({
      can_read_all_group_messages: false,
    });
    expect((await parley('bot', 'privacy', `@${b.record.username}`)).code).toBe(2);
  });

  it('wait --from answers the first message of that sender in a group, not "group created"', async () => {
    const owner = phone();
    const guest = phone();
    await parley('user', 'create', '--phone', owner, '--first-name', 'Owner');
    await parley('user', 'create', '--phone', guest, '--first-name', 'Guest');
    const b = await bot('waitfrom');
    const chat = await json(
      'group',
      'create',
      '--owner',
      owner,
      '--title',
      'Wait room',
      '--member',
      `@${b.record.username}`,
      '--member',
      guest,
    );
    const id = String(chat.id);
    expect((await parley('send', '--from', guest, '--to', id, '--text', 'hello bot')).code).toBe(0);
    await b.api.sendMessage(Number(id), 'hello guest');

    const wait = (...extra: string[]) =>
      json('wait', '--user', owner, '--chat', id, '--timeout', '5', ...extra);
    // By phone number (resolved to the user's id), then by the bot's @username.
    expect(await wait('--from', guest)).toMatchObject({ text: 'hello bot', from: { first_name: 'Guest' } });
    expect(await wait('--from', `@${b.record.username}`)).toMatchObject({
      text: 'hello guest',
      from: { id: b.record.id },
    });
    // --after leaves the read cursor alone: the same reply is found again, past the others.
    const again = await wait('--after', '0', '--from', `@${b.record.username}`);
    expect(again).toMatchObject({ text: 'hello guest' });
    expect(await wait('--after', '0')).not.toMatchObject({ text: 'hello guest' });
    const none = await parley('wait', '--user', owner, '--chat', id, '--timeout', '0', '--from', guest);
    expect(none).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no message from .* \(WAIT_TIMEOUT\)$/),
    });
  });
});
