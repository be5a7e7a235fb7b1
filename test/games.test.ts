/**
 * Games over real HTTP with grammY (ADR 0044): a game registered through the control API, sendGame,
 * a person's press of the callback_game button (callback_query with game_short_name), setGameScore
 * with the "not greater" rule, force and disable_edit_message, and the high-score table.
 */
import { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';
import { waitFor } from './helpers/wait-for.js';
import { cliRunner } from './helpers/cli-runner.js';

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

async function gameBot(shortName = 'tetris') {
  const gamer = await bot('game');
  const game = await control().registerGame({
    bot: gamer.record.id,
    short_name: shortName,
    title: 'Tetris',
    description: 'Falling blocks',
  });
  return { gamer, game };
}

describe('games', () => {
  it('registers a game once per bot and short name', async () => {
    const { gamer, game } = await gameBot();
    expect(game).toEqual({
      bot_id: gamer.record.id,
      short_name: 'tetris',
      title: 'Tetris',
      description: 'Falling blocks',
    });
    await expect(
      control().registerGame({ bot: gamer.record.id, short_name: 'tetris', title: 'T', description: 'D' }),
    ).rejects.toMatchObject({ status: 409, error: 'GAME_SHORT_NAME_OCCUPIED' });
    await expect(
      control().registerGame({ bot: gamer.record.id, short_name: 'a b', title: 'T', description: 'D' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('sends a game; a press gives the bot game_short_name; the bot answers with the game URL', async () => {
    const { gamer } = await gameBot();
    const alice = await person('Alice');
    const chat = `@${gamer.record.username}`;
    await control().sendMessage({ from: alice.id, chat, text: '/start' });
    await gamer.updates();

    const sent = await gamer.api.sendGame(alice.id, 'tetris');
    expect(sent.game).toMatchObject({ title: 'Tetris', description: 'Falling blocks' });
    // Game.photo is required: a drawn 640x360 photo and its 320x180 size, each a file to download.
    const photo = sent.game.photo;
    expect(photo.map((size) => [size.width, size.height])).toEqual([
      [320, 180],
      [640, 360],
    ]);
    const file = await gamer.api.getFile(photo[1]!.file_id);
    const download = await fetch(`${server.url}/file/bot${gamer.token}/${file.file_path}`);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    // The same game's photo is the same file at the next send; the person has file_ids of their own.
    const again = await gamer.api.sendGame(alice.id, 'tetris');
    expect(again.game.photo.map((size) => size.file_unique_id)).toEqual(photo.map((s) => s.file_unique_id));
    expect(sent.reply_markup?.inline_keyboard).toEqual([[{ text: 'Play Tetris', callback_game: {} }]]);
    expect(await failure(gamer.api.sendGame(alice.id, 'snake'))).toMatchObject({
      code: 400,
      description: 'Bad Request: GAME_SHORT_NAME_INVALID',
    });

    // The person sees the game message and presses its button.
    const listed = await control().listMessages({ user: alice.id, chat, limit: 3 });
    const seen = listed.find((m) => m.message_id === sent.message_id);
    expect(seen).toMatchObject({ message_id: sent.message_id, game: { title: 'Tetris' } });
    const seenPhoto = (seen as { game: { photo: Array<{ file_id: string; file_unique_id: string }> } }).game
      .photo;
    expect(seenPhoto.map((s) => s.file_unique_id)).toEqual(photo.map((s) => s.file_unique_id));
    expect(seenPhoto[1]!.file_id).not.toBe(photo[1]!.file_id);
    const press = control().pressButton({
      user: alice.id,
      chat,
      message_id: sent.message_id,
      button: 'Play Tetris',
      timeout: 10,
    });
    const query = (await waitFor(
      async () => (await gamer.updates()).find((u) => u.callback_query)?.callback_query,
    )) as Record<string, unknown>;
    expect(query).toMatchObject({
      from: { id: alice.id },
      message: { message_id: sent.message_id },
      game_short_name: 'tetris',
    });
    expect(query).not.toHaveProperty('data');
    expect(
      await gamer.api.answerCallbackQuery(String(query.id), { url: 'https://games.example/tetris' }),
    ).toBe(true);
    expect(await press).toMatchObject({ answered: true, url: 'https://games.example/tetris' });
  });

  it('keeps scores per chat: not greater is refused unless forced; the message shows the table', async () => {
    const { gamer } = await gameBot();
    const owner = await person('Olga');
    const [bob, carl, dora] = [await person('Bob'), await person('Carl'), await person('Dora')];
    const group = await control().createChat({
      owner: owner.id,
      title: 'Arcade',
      type: 'group',
      members: [bob.id, carl.id, dora.id, gamer.record.id],
    });
    const sent = await gamer.api.sendGame(group.id, 'tetris');
    const score = (userId: number, value: number, other = {}) =>
      gamer.api.setGameScore(group.id, sent.message_id, userId, value, other);

    const first = await score(owner.id, 50);
    expect(first).toMatchObject({ message_id: sent.message_id, game: { text: '1. Olga: 50' } });
    expect(first).toHaveProperty('edit_date');
    const notModified = { code: 400, description: 'Bad Request: BOT_SCORE_NOT_MODIFIED' };
    expect(await failure(score(owner.id, 40))).toMatchObject(notModified);
    expect(await failure(score(owner.id, 50))).toMatchObject(notModified);
    expect(await score(owner.id, 40, { force: true })).toMatchObject({ game: { text: '1. Olga: 40' } });

    await score(bob.id, 70);
    await score(carl.id, 60);
    // disable_edit_message: the score counts, the message stays as it was.
    const quiet = await score(dora.id, 10, { disable_edit_message: true });
    expect(quiet).toMatchObject({ game: { text: '1. Bob: 70\n2. Carl: 60\n3. Olga: 40' } });
    const [seen] = await control().listMessages({ user: bob.id, chat: group.id, limit: 1 });
    expect(seen).toMatchObject({ game: { text: '1. Bob: 70\n2. Carl: 60\n3. Olga: 40' } });

    const table = await gamer.api.getGameHighScores(group.id, sent.message_id, dora.id);
    expect(table.map((row) => [row.position, row.user.first_name, row.score])).toEqual([
      [1, 'Bob', 70],
      [2, 'Carl', 60],
      [3, 'Olga', 40],
      [4, 'Dora', 10],
    ]);
    expect(table[0]!.user).toMatchObject({ id: bob.id, is_bot: false });

    // Another game message of the same game in another chat has a table of its own.
    await control().sendMessage({ from: bob.id, chat: `@${gamer.record.username}`, text: '/start' });
    const privateGame = await gamer.api.sendGame(bob.id, 'tetris');
    expect(await gamer.api.getGameHighScores(bob.id, privateGame.message_id, bob.id)).toEqual([]);
  });

  it('a grammY bot by long polling: /start sends the game, a press sets a score and opens the game', async () => {
    const record = await control().createBot({ username: `arcade${Date.now() % 100000}_bot` });
    const registered = await parley(
      'game',
      'register',
      '--bot',
      `@${record.username}`,
      '--short-name',
      'snake',
      '--title',
      'Snake',
      '--description',
      'Eat the apples',
      '--json',
    );
    expect(registered.code).toBe(0);
    expect(JSON.parse(registered.stdout)).toMatchObject({ bot_id: record.id, short_name: 'snake' });

    const bot = new Bot(record.token, { client: { apiRoot: server.url } });
    bot.command('start', (ctx) => ctx.replyWithGame('snake'));
    bot.on('callback_query:game_short_name', async (ctx) => {
      const message = ctx.callbackQuery.message!;
      await ctx.api.setGameScore(message.chat.id, message.message_id, ctx.from.id, 42);
      await ctx.answerCallbackQuery({ url: `https://games.example/${ctx.callbackQuery.game_short_name}` });
    });
    await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
    try {
      const player = await person('Pia');
      const chat = `@${record.username}`;
      await control().sendMessage({ from: player.id, chat, text: '/start' });
      const game = await control().waitForMessage({ user: player.id, chat, timeout: 10 });
      expect(game.game).toMatchObject({ title: 'Snake', description: 'Eat the apples' });
      const press = await control().pressButton({
        user: player.id,
        chat,
        message_id: game.message_id,
        button: 'Play Snake',
        timeout: 10,
      });
      expect(press).toMatchObject({ answered: true, url: 'https://games.example/snake' });
      const [shown] = await control().listMessages({ user: player.id, chat, limit: 1 });
      expect(shown).toMatchObject({ message_id: game.message_id, game: { text: '1. Pia: 42' } });
    } finally {
      await bot.stop();
    }
  });

  it('reads a missing score as 0, as the reference does (raw HTTP, as a library sends the call)', async () => {
    const { gamer } = await gameBot();
    const owner = await person('Olga');
    await control().sendMessage({ from: owner.id, chat: `@${gamer.record.username}`, text: '/start' });
    const game = await gamer.api.sendGame(owner.id, 'tetris');
    const answer = await callBotApi(server, gamer.token, 'setGameScore', {
      chat_id: owner.id,
      message_id: game.message_id,
      user_id: owner.id,
    });
    expect(answer.body).toMatchObject({ ok: true, result: { game: { text: '1. Olga: 0' } } });
    expect(await gamer.api.getGameHighScores(owner.id, game.message_id, owner.id)).toMatchObject([
      { position: 1, score: 0 },
    ]);
  });

  it('refuses what the spec refuses, and changes nothing when it does', async () => {
    const { gamer } = await gameBot();
    const owner = await person('Olga');
    const channel = await control().createChat({ owner: owner.id, title: 'News', type: 'channel' });
    await control().promoteChatMember({
      by: owner.id,
      chat: channel.id,
      user: gamer.record.id,
      rights: { can_post_messages: true },
    });
    expect(await failure(gamer.api.sendGame(channel.id, 'tetris'))).toMatchObject({
      description: "Bad Request: games can't be sent to channel chats",
    });

    await control().sendMessage({ from: owner.id, chat: `@${gamer.record.username}`, text: '/start' });
    const text = await gamer.api.sendMessage(owner.id, 'not a game');
    expect(await failure(gamer.api.setGameScore(owner.id, text.message_id, owner.id, 5))).toMatchObject({
      description: 'Bad Request: MESSAGE_ID_INVALID',
    });
    const game = await gamer.api.sendGame(owner.id, 'tetris');
    expect(await failure(gamer.api.setGameScore(owner.id, game.message_id, owner.id, -1))).toMatchObject({
      description: 'Bad Request: score must be non-negative',
    });
    expect(await failure(gamer.api.setGameScoreInline('nope', owner.id, 5))).toMatchObject({
      description: 'Bad Request: MESSAGE_ID_INVALID',
    });
    expect(await failure(gamer.api.getGameHighScores(owner.id, game.message_id, 999_999_999))).toMatchObject({
      description: 'Bad Request: user not found',
    });
    expect(await gamer.api.getGameHighScores(owner.id, game.message_id, owner.id)).toEqual([]);
  });
});
