/**
 * Chat boosts over real HTTP with grammY (ADR 0044): a person boosts a supergroup or channel through
 * the control API and the CLI (`parley boost`); administrator bots get chat_boost and
 * removed_chat_boost (on removal, and on expiry when the virtual clock passes expiration_date);
 * supergroup members see boost_added; getUserChatBoosts for administrators only; a stored boost
 * still expires after a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Api, Bot } from 'grammy';
import type { ChatBoostRemoved, ChatBoostUpdated } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit, kinds, type Update } from './helpers/groups.js';
import { cliRunner } from './helpers/cli-runner.js';
import { waitFor } from './helpers/wait-for.js';

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
const DAY = 86_400;

async function boostedScene(type: 'supergroup' | 'channel') {
  const owner = await person('Olga');
  const fan = await person('Fran');
  const admin = await bot('boostadmin');
  const plain = await bot('boostplain');
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Boosted',
    type,
    members: type === 'supergroup' ? [fan.id, plain.record.id] : [fan.id],
  });
  await control().promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: admin.record.id,
    rights: type === 'channel' ? { can_post_messages: true } : { can_delete_messages: true },
  });
  await admin.updates();
  await plain.updates();
  return { owner, fan, admin, plain, chat };
}

describe('chat boosts', () => {
  it('a boost reaches administrator bots as chat_boost; members see boost_added; removal gives removed_chat_boost', async () => {
    const { fan, admin, plain, chat } = await boostedScene('supergroup');
    const result = await control().boostChat({ user: fan.id, chat: chat.id });
    expect(result.chat_id).toBe(chat.id);
    const boost = result.added!;
    expect(boost.expiration_date - boost.add_date).toBe(30 * DAY);
    expect(boost.source).toEqual({ source: 'premium', user: expect.objectContaining({ id: fan.id }) });
    expect(result.boosts).toEqual([boost]);

    const updates = await admin.updates();
    expect(kinds(updates)).toEqual(['chat_boost', 'message']);
    expect(first(updates, 'chat_boost')).toEqual({
      chat: { id: chat.id, type: 'supergroup', title: 'Boosted' },
      boost,
    });
    expect(first(updates, 'message')).toMatchObject({
      from: { id: fan.id },
      boost_added: { boost_count: 1 },
    });
    // A bot that does not administer the chat sees the service message, not the boost.
    expect(kinds(await plain.updates())).toEqual(['message']);

    expect(await admin.api.getUserChatBoosts(chat.id, fan.id)).toEqual({ boosts: [boost] });
    expect(await failure(plain.api.getUserChatBoosts(chat.id, fan.id))).toMatchObject({
      code: 400,
      description: 'Bad Request: CHAT_ADMIN_REQUIRED',
    });

    const removed = await control().boostChat({ user: fan.id, chat: chat.id, remove: true });
    expect(removed).toMatchObject({ removed: [boost.boost_id], boosts: [] });
    const gone = first(await admin.updates(), 'removed_chat_boost');
    expect(gone).toEqual({
      chat: { id: chat.id, type: 'supergroup', title: 'Boosted' },
      boost_id: boost.boost_id,
      remove_date: expect.any(Number),
      source: boost.source,
    });
    expect(await admin.api.getUserChatBoosts(chat.id, fan.id)).toEqual({ boosts: [] });
    await expect(control().boostChat({ user: fan.id, chat: chat.id, remove: true })).rejects.toMatchObject({
      status: 404,
      error: 'BOOST_NOT_FOUND',
    });
  });

  it('a grammY bot by long polling hears chat_boost and removed_chat_boost', async () => {
    const { fan, admin, chat } = await boostedScene('channel');
    const heard: Array<ChatBoostUpdated | ChatBoostRemoved> = [];
    const bot = new Bot(admin.token, { client: { apiRoot: server.url } });
    bot.on('chat_boost', (ctx) => void heard.push(ctx.chatBoost));
    bot.on('removed_chat_boost', (ctx) => void heard.push(ctx.removedChatBoost));
    await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
    try {
      const { added } = await control().boostChat({ user: fan.id, chat: chat.id });
      await waitFor(() => heard.length === 1, { what: 'chat_boost' });
      expect(heard[0]).toMatchObject({ chat: { id: chat.id, type: 'channel' }, boost: added });
      await control().boostChat({ user: fan.id, chat: chat.id, remove: true });
      await waitFor(() => heard.length === 2, { what: 'removed_chat_boost' });
      expect(heard[1]).toMatchObject({ chat: { id: chat.id }, boost_id: added!.boost_id });
    } finally {
      await bot.stop();
    }
  });

  it('a boost expires on the virtual clock: removed_chat_boost with its expiration date', async () => {
    const { fan, admin, chat } = await boostedScene('channel');
    const { added } = await control().boostChat({ user: fan.id, chat: chat.id });
    expect(kinds(await admin.updates())).toEqual(['chat_boost']);

    await control().advanceClock(30 * DAY - 10);
    expect(await admin.api.getUserChatBoosts(chat.id, fan.id)).toEqual({ boosts: [added] });
    await control().advanceClock(20);
    // After a week without updates the bot's update_id sequence starts again (update-queue.ts), so
    // the bot asks without its old offset, as a restarted bot would.
    const gone = await waitFor(
      async () => {
        const { body } = await callBotApi(server, admin.token, 'getUpdates', { timeout: 0 });
        return (body.result as Update[]).find((u) => u.removed_chat_boost);
      },
      { what: 'removed_chat_boost' },
    );
    expect(gone.removed_chat_boost).toMatchObject({
      boost_id: added!.boost_id,
      remove_date: added!.expiration_date,
      source: { source: 'premium', user: { id: fan.id } },
    });
    expect(await admin.api.getUserChatBoosts(chat.id, fan.id)).toEqual({ boosts: [] });
  });

  it('`parley boost` boosts a public channel by @username and removes with --remove; at most 4 boosts', async () => {
    const stranger = await person('Stan');
    const channel = await control().createChat({
      owner: (await person('Owen')).id,
      title: 'Public',
      type: 'channel',
      username: `pubboost${Date.now() % 100000}`,
    });
    const run = await parley(
      'boost',
      '--user',
      stranger.phone_number,
      '--chat',
      `@${channel.username}`,
      '--json',
    );
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      chat_id: number;
      added: { boost_id: string };
      boosts: unknown[];
    };
    expect(printed.chat_id).toBe(channel.id);
    expect(printed.boosts).toHaveLength(1);

    for (let i = 0; i < 3; i++) await control().boostChat({ user: stranger.id, chat: channel.id });
    await expect(control().boostChat({ user: stranger.id, chat: channel.id })).rejects.toMatchObject({
      status: 400,
      error: 'BOOST_LIMIT_REACHED',
    });
    const removed = await parley(
      'boost',
      '--user',
      stranger.phone_number,
      '--chat',
      String(channel.id),
      '--remove',
      '--json',
    );
    expect(removed.code).toBe(0);
    expect((JSON.parse(removed.stdout) as { removed: string[] }).removed).toHaveLength(4);
    const text = await parley('boost', '--user', stranger.phone_number, '--chat', String(channel.id));
    expect(text.stdout).toMatch(/^chat -\d+: boost \S+ until \d{4}-.*; 1 active$/);
  });

  it('refuses a basic group and a private chat the person is not in', async () => {
    const owner = await person('Olga');
    const outsider = await person('Otto');
    const group = await control().createChat({ owner: owner.id, title: 'Basic', type: 'group' });
    await expect(control().boostChat({ user: owner.id, chat: group.id })).rejects.toMatchObject({
      status: 400,
    });
    const hidden = await control().createChat({ owner: owner.id, title: 'Hidden', type: 'supergroup' });
    await expect(control().boostChat({ user: outsider.id, chat: hidden.id })).rejects.toMatchObject({
      status: 404,
      error: 'CHAT_NOT_FOUND',
    });
  });
});

describe('chat boosts across a restart', () => {
  it('a boost stored before a restart expires on the clock after it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-boosts-'));
    let restartable = await startServer({ data: dataDir });
    try {
      const kit = groupKit(() => restartable);
      const owner = await kit.person('Olga');
      const fan = await kit.person('Fran');
      const admin = await kit.bot('boostrestart');
      const chat = await restartable.control.createChat({
        owner: owner.id,
        title: 'Kept',
        type: 'channel',
        members: [fan.id],
      });
      await restartable.control.promoteChatMember({
        by: owner.id,
        chat: chat.id,
        user: admin.record.id,
        rights: { can_post_messages: true },
      });
      const { added } = await restartable.control.boostChat({ user: fan.id, chat: chat.id });

      await restartable.close();
      restartable = await startServer({ data: dataDir });
      const api = new Api(admin.token, { apiRoot: restartable.url });
      expect(await api.getUserChatBoosts(chat.id, fan.id)).toEqual({ boosts: [added] });
      await restartable.control.advanceClock(30 * DAY + 1);
      const gone = await waitFor(
        async () => {
          const { body } = await callBotApi(restartable, admin.token, 'getUpdates', { timeout: 0 });
          return (body.result as Update[]).find((u) => u.removed_chat_boost);
        },
        { what: 'removed_chat_boost after the restart' },
      );
      expect(gone.removed_chat_boost).toMatchObject({
        boost_id: added!.boost_id,
        remove_date: added!.expiration_date,
      });
    } finally {
      await restartable.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
