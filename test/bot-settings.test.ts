/**
 * Bot settings through grammY's Api: commands per scope and language, name, descriptions, menu
 * button, profile photos, with the reference's errors.
 */
import { Api, GrammyError } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';

let server: TestServer;
let api: Api;
let userId: number;
let botUsername: string;

beforeAll(async () => {
  server = await startServer();
  const made = await userAndBot(server, 'settings');
  api = new Api(made.token, { apiRoot: server.url });
  userId = made.user.id;
  botUsername = made.bot.username;
  await server.control.sendMessage({ from: made.user.phone_number, chat: `@${botUsername}`, text: 'hi' });
});
afterAll(async () => {
  await server.close();
});

async function errorOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GrammyError) return error.description;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('commands', () => {
  it('keeps one list per scope and language, trimmed', async () => {
    await api.setMyCommands([{ command: '/start ', description: ' Start it ' }]);
    await api.setMyCommands([{ command: 'hilfe', description: 'Hilfe' }], { language_code: 'de' });
    await api.setMyCommands([{ command: 'private', description: 'Only here' }], {
      scope: { type: 'chat', chat_id: userId },
    });
    expect(await api.getMyCommands()).toEqual([{ command: 'start', description: 'Start it' }]);
    expect(await api.getMyCommands({ language_code: 'de' })).toEqual([
      { command: 'hilfe', description: 'Hilfe' },
    ]);
    expect(await api.getMyCommands({ language_code: 'fr' })).toEqual([]);
    expect(await api.getMyCommands({ scope: { type: 'chat', chat_id: userId } })).toEqual([
      { command: 'private', description: 'Only here' },
    ]);
    await api.deleteMyCommands({ language_code: 'de' });
    expect(await api.getMyCommands({ language_code: 'de' })).toEqual([]);
    expect(await api.getMyCommands()).toEqual([{ command: 'start', description: 'Start it' }]);
  });

  it('refuses bad scopes and commands with the reference texts', async () => {
    const bad = (commands: unknown, other: Record<string, unknown> = {}) =>
      errorOf(api.raw.setMyCommands({ commands, ...other } as never));
    expect(await bad([{ command: '', description: 'x' }])).toBe('Bad Request: command must be non-empty');
    expect(await bad([{ command: 'c'.repeat(33), description: 'x' }])).toBe(
      'Bad Request: command length must not exceed 32',
    );
    expect(await bad([{ command: 'ok', description: ' ' }])).toBe(
      'Bad Request: command description must be non-empty',
    );
    // Names are 1-32 lowercase letters, digits and underscores (spec BotCommand); the server's text.
    for (const command of ['Start', 'has-dash', 'émoji', 'two words', 'ok/no'])
      expect(
        await bad([
          { command: 'ok', description: 'x' },
          { command, description: 'x' },
        ]),
      ).toBe('Bad Request: BOT_COMMAND_INVALID');
    // TDLib's checks of every item come before the server's check of the names.
    expect(
      await bad([
        { command: 'Bad', description: 'x' },
        { command: '', description: 'x' },
      ]),
    ).toBe('Bad Request: command must be non-empty');
    expect(await bad([{ command: 'ok' }])).toBe(
      'Bad Request: can\'t parse BotCommand: Can\'t find field "description"',
    );
    expect(await bad([], { language_code: 'english' })).toBe('Bad Request: invalid language code specified');
    expect(await bad([], { scope: { type: 'everyone' } })).toBe(
      "Bad Request: can't parse BotCommandScope: Unsupported type specified",
    );
    expect(await bad([], { scope: { type: 'chat' } })).toBe(
      'Bad Request: can\'t parse BotCommandScope: Can\'t find field "chat_id"',
    );
    expect(await bad([], { scope: { type: 'chat_member', chat_id: userId, user_id: 0 } })).toBe(
      "Bad Request: can't parse BotCommandScope: Invalid user_id specified",
    );
    expect(await bad([], { scope: { type: 'chat', chat_id: 424242 } })).toBe('Bad Request: chat not found');
    expect(await bad([], { scope: { type: 'chat_administrators', chat_id: userId } })).toBe(
      "Bad Request: can't use specified scope in private chats",
    );
    // Nothing was changed by the failed calls.
    expect(await api.getMyCommands()).toEqual([{ command: 'start', description: 'Start it' }]);
  });
});

describe('name and descriptions', () => {
  it('renames the bot for everyone and per language', async () => {
    expect(await api.getMyName()).toEqual({ name: botUsername });
    await api.setMyName('Parley Helper');
    await api.setMyName('Parley-Hilfe', { language_code: 'de' });
    expect(await api.getMyName()).toEqual({ name: 'Parley Helper' });
    expect(await api.getMyName({ language_code: 'de' })).toEqual({ name: 'Parley-Hilfe' });
    expect(await api.getMyName({ language_code: 'fr' })).toEqual({ name: 'Parley Helper' });
    expect((await api.getMe()).first_name).toBe('Parley Helper');
    expect(await errorOf(api.setMyName('x'.repeat(65)))).toBe('Bad Request: name is too long');
  });

  it('keeps descriptions and short descriptions', async () => {
    expect(await api.getMyDescription()).toEqual({ description: '' });
    await api.setMyDescription('I answer questions.');
    await api.setMyShortDescription('Answers', { language_code: 'en' });
    expect(await api.getMyDescription({ language_code: 'en' })).toEqual({
      description: 'I answer questions.',
    });
    expect(await api.getMyShortDescription({ language_code: 'en' })).toEqual({
      short_description: 'Answers',
    });
    expect(await api.getMyShortDescription()).toEqual({ short_description: '' });
    expect(await errorOf(api.setMyShortDescription('x'.repeat(121)))).toBe(
      'Bad Request: short description is too long',
    );
  });
});

describe('menu button and profile photos', () => {
  it('sets the default and a chat menu button', async () => {
    expect(await api.getChatMenuButton()).toEqual({ type: 'commands' });
    const webApp = { type: 'web_app' as const, text: 'Open', web_app: { url: 'https://example.com/app' } };
    await api.setChatMenuButton({ chat_id: userId, menu_button: webApp });
    expect(await api.getChatMenuButton({ chat_id: userId })).toEqual(webApp);
    expect(await api.getChatMenuButton()).toEqual({ type: 'commands' });
    // After a reset the chat follows the bot's default: the reference answers `default` for it,
    // whatever the default is; the bot's own default, reset, answers `commands`.
    await api.setChatMenuButton({ chat_id: userId, menu_button: { type: 'default' } });
    expect(await api.getChatMenuButton({ chat_id: userId })).toEqual({ type: 'default' });
    await api.setChatMenuButton({ menu_button: webApp });
    expect(await api.getChatMenuButton({ chat_id: userId })).toEqual({ type: 'default' });
    expect(await api.getChatMenuButton()).toEqual(webApp);
    await api.setChatMenuButton({ chat_id: userId, menu_button: { type: 'commands' } });
    expect(await api.getChatMenuButton({ chat_id: userId })).toEqual({ type: 'commands' });
    await api.setChatMenuButton({ menu_button: { type: 'default' } });
    expect(await api.getChatMenuButton()).toEqual({ type: 'commands' });
    expect(await errorOf(api.setChatMenuButton({ chat_id: 99999, menu_button: { type: 'commands' } }))).toBe(
      'Bad Request: chat not found',
    );
  });

  it('answers profile photos of known users', async () => {
    expect(await api.getUserProfilePhotos(userId)).toEqual({ total_count: 0, photos: [] });
    expect(await errorOf(api.getUserProfilePhotos(0))).toBe('Bad Request: invalid user_id specified');
  });
});
