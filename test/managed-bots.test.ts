/**
 * Managed bots with grammY: a person creates a bot managed by another bot (CLI, control API, and a
 * request_managed_bot keyboard button); the manager gets managed_bot and managed_bot_created, reads
 * the token, replaces it (the old token answers 401 at once) and sets the access settings. ADR 0049.
 */
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit, kinds } from './helpers/groups.js';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;
const parley = cliRunner(() => server);
let serial = 0;

describe('managed bots', () => {
  it('created with the CLI: managed_bot and managed_bot_created; token read and replaced', async () => {
    const owner = await person('Maker');
    const manager = await bot('factory');
    serial += 1;
    const username = `made${serial}x${manager.record.id % 10000}_bot`;
    const run = await parley(
      'managed-bot',
      'create',
      '--owner',
      owner.phone_number,
      '--manager',
      `@${manager.record.username}`,
      '--username',
      username,
      '--json',
    );
    expect(run.code).toBe(0);
    const record = JSON.parse(run.stdout) as { bot: { id: number; username: string } };
    expect(record).toMatchObject({
      bot: { is_bot: true, username },
      owner_id: owner.id,
      manager_id: manager.record.id,
    });

    const updates = await manager.updates();
    expect(kinds(updates).sort()).toEqual(['managed_bot', 'message']);
    expect(first(updates, 'managed_bot')).toEqual({
      user: { id: owner.id, is_bot: false, first_name: 'Maker' },
      bot: { id: record.bot.id, is_bot: true, first_name: username, username },
    });
    expect(first(updates, 'message')).toMatchObject({
      from: { id: owner.id },
      chat: { id: owner.id, type: 'private' },
      managed_bot_created: { bot: { id: record.bot.id, username } },
    });

    const token = await manager.api.getManagedBotToken(record.bot.id);
    expect(token).toMatch(new RegExp(`^${record.bot.id}:AA[A-Za-z0-9_-]{33}$`));
    const managed = new Api(token, { apiRoot: server.url });
    expect(await managed.getMe()).toMatchObject({ id: record.bot.id, username });

    const fresh = await manager.api.replaceManagedBotToken(record.bot.id);
    expect(fresh).not.toBe(token);
    // The old token stops at once; the new one works.
    expect(await failure(managed.getMe())).toMatchObject({ code: 401, description: 'Unauthorized' });
    expect((await callBotApi(server, token, 'getMe')).status).toBe(401);
    expect(await new Api(fresh, { apiRoot: server.url }).getMe()).toMatchObject({ id: record.bot.id });
    expect(await manager.api.getManagedBotToken(record.bot.id)).toBe(fresh);
    expect(first(await manager.updates(), 'managed_bot')).toMatchObject({ bot: { id: record.bot.id } });

    // Another bot does not manage it.
    const stranger = await bot('stranger');
    for (const call of [
      stranger.api.getManagedBotToken(record.bot.id),
      stranger.api.replaceManagedBotToken(record.bot.id),
      stranger.api.getManagedBotAccessSettings(record.bot.id),
      manager.api.getManagedBotToken(stranger.record.id),
    ]) {
      expect(await failure(call)).toMatchObject({
        code: 400,
        description: 'Bad Request: invalid user_id specified',
      });
    }
    expect(await new Api(fresh, { apiRoot: server.url }).getMe()).toMatchObject({ id: record.bot.id });
  });

  it('keeps access settings', async () => {
    const owner = await person('Maker');
    const friend = await person('Friend');
    const manager = await bot('keeper');
    serial += 1;
    const { bot: made } = await control().createManagedBot({
      owner: owner.id,
      manager: manager.record.id,
      username: `kept${serial}x${manager.record.id % 10000}_bot`,
      first_name: 'Kept',
    });
    expect(made.first_name).toBe('Kept');
    expect(await manager.api.getManagedBotAccessSettings(made.id)).toEqual({ is_access_restricted: false });
    expect(
      await manager.api.setManagedBotAccessSettings(made.id, true, { added_user_ids: [friend.id, owner.id] }),
    ).toBe(true);
    expect(await manager.api.getManagedBotAccessSettings(made.id)).toEqual({
      is_access_restricted: true,
      added_users: [{ id: friend.id, is_bot: false, first_name: 'Friend' }],
    });
    expect(
      await manager.api.setManagedBotAccessSettings(made.id, false, { added_user_ids: [friend.id] }),
    ).toBe(true);
    expect(await manager.api.getManagedBotAccessSettings(made.id)).toEqual({ is_access_restricted: false });
    expect(
      await failure(
        manager.api.setManagedBotAccessSettings(made.id, true, {
          added_user_ids: Array.from({ length: 11 }, (_, i) => friend.id + i),
        }),
      ),
    ).toMatchObject({ description: 'Bad Request: too many users specified' });
  });

  it('created by pressing a request_managed_bot keyboard button', async () => {
    const owner = await person('Presser');
    const manager = await bot('buttons');
    await control().sendMessage({ from: owner.id, chat: `@${manager.record.username}`, text: '/start' });
    serial += 1;
    const suggested = `press${serial}x${manager.record.id % 10000}_bot`;
    await manager.api.sendMessage(owner.id, 'Make your bot', {
      reply_markup: {
        keyboard: [
          [
            {
              text: 'Create',
              request_managed_bot: { request_id: 7, suggested_name: 'Mine', suggested_username: suggested },
            },
          ],
        ],
      } as never,
    });
    await manager.updates();
    const { bot: made } = await control().createManagedBot({
      owner: owner.id,
      manager: manager.record.id,
      button: 'Create',
    });
    expect(made).toMatchObject({ username: suggested, first_name: 'Mine' });
    expect(kinds(await manager.updates()).sort()).toEqual(['managed_bot', 'message']);
    expect(
      await controlFailure(
        control().createManagedBot({ owner: owner.id, manager: manager.record.id, button: 'Nope' }),
      ),
    ).toMatchObject({ status: 404, code: 'BUTTON_NOT_FOUND' });
  });
});
