/**
 * Inline mode over real HTTP: a person's inline query reaches a grammY bot as inline_query, the
 * bot's answer reaches the person, choosing a result sends it via the bot and gives the bot
 * chosen_inline_result; the reference's error texts; the 30 s window and the answer cache on the
 * virtual clock.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api, GrammyError } from 'grammy';
import type { InlineQueryResult, Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
let files: Server;
let filesUrl: string;

beforeAll(async () => {
  server = await startServer();
  files = createServer((request, response) => {
    if (request.url === '/cat.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png(4, 3));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => files.close(resolve));
});

let counter = 0;
async function setup(inline = true) {
  counter += 1;
  const user = await server.control.createUser({ phone_number: phone(), first_name: 'Ann' });
  const bot = await server.control.createBot({
    username: `inl${counter}_${process.pid % 1000}_bot`,
    supports_inline_queries: inline,
  });
  const api = new Api(bot.token, { apiRoot: server.url });
  let offset = 0;
  /** The updates queued since the last call (long-polls until at least one is there). */
  const updates = async (): Promise<Update[]> => {
    const list = await api.getUpdates({ offset, timeout: 5 });
    if (list.length > 0) offset = list[list.length - 1]!.update_id + 1;
    return list;
  };
  return { user, bot, api, updates, me: user.phone_number, botRef: `@${bot.username}` };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** The person types a query; resolves the pending view and the bot's inline_query. */
async function ask(s: Setup, query: string, extra: { chat?: string | number; offset?: string } = {}) {
  const view = server.control.inlineQuery({ user: s.me, bot: s.botRef, query, timeout: 10, ...extra });
  const [update] = await s.updates();
  return { view, inline: update!.inline_query! };
}

async function errorOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GrammyError) return error.description;
    throw error;
  }
  throw new Error('the call succeeded');
}

const article = (id: string, title = id): InlineQueryResult => ({
  type: 'article',
  id,
  title,
  input_message_content: { message_text: `*${title}*`, parse_mode: 'MarkdownV2' },
});

describe('inline queries', () => {
  it('reach the bot, show its answer, and send the chosen result via the bot', async () => {
    const s = await setup();
    const { view, inline } = await ask(s, 'cats');
    expect(inline).toEqual({
      id: expect.any(String),
      from: { id: s.user.id, is_bot: false, first_name: 'Ann' },
      query: 'cats',
      offset: '',
      chat_type: 'sender',
    });
    const keyboard = { inline_keyboard: [[{ text: 'Like', callback_data: 'like' }]] };
    await s.api.answerInlineQuery(
      inline.id,
      [{ ...article('a1', 'Tabby'), reply_markup: keyboard }, article('a2')],
      {
        cache_time: 0,
        next_offset: 'page2',
        button: { text: 'Settings', start_parameter: 'settings' },
      },
    );
    const shown = await view;
    expect(shown).toMatchObject({
      query_id: inline.id,
      answered: true,
      next_offset: 'page2',
      button: { text: 'Settings', start_parameter: 'settings' },
      cache_time: 0,
      is_personal: false,
    });
    expect(shown.results!.map((r) => [r.type, r.id, r.title])).toEqual([
      ['article', 'a1', 'Tabby'],
      ['article', 'a2', 'a2'],
    ]);

    const chosen = await server.control.chooseInlineResult({
      user: s.me,
      query_id: inline.id,
      result_id: 'a1',
    });
    expect(chosen.message).toMatchObject({
      from: { id: s.user.id },
      chat: { id: s.bot.id },
      text: 'Tabby',
      entities: [{ type: 'bold', offset: 0, length: 5 }],
      via_bot: { id: s.bot.id, is_bot: true, username: s.bot.username },
      reply_markup: keyboard,
    });
    expect(chosen.inline_message_id).toMatch(/^[\w-]{20,}$/);
    const [message, feedback] = await s.updates();
    expect(message!.message).toMatchObject({
      message_id: chosen.message.message_id,
      via_bot: { id: s.bot.id },
    });
    expect(feedback!.chosen_inline_result).toEqual({
      result_id: 'a1',
      from: { id: s.user.id, is_bot: false, first_name: 'Ann' },
      inline_message_id: chosen.inline_message_id,
      query: 'cats',
    });

    // A button of the sent message belongs to the bot: the press names the inline message.
    const press = server.control.pressButton({
      user: s.me,
      chat: s.botRef,
      message_id: chosen.message.message_id,
      button: 'Like',
      timeout: 10,
    });
    const [callback] = await s.updates();
    expect(callback!.callback_query).toMatchObject({
      inline_message_id: chosen.inline_message_id,
      data: 'like',
    });
    expect(callback!.callback_query).not.toHaveProperty('message');
    await s.api.answerCallbackQuery(callback!.callback_query!.id, { text: 'Liked' });
    expect(await press).toMatchObject({ answered: true, text: 'Liked' });

    // Without an inline keyboard there is no inline_message_id.
    const plain = await server.control.chooseInlineResult({
      user: s.me,
      query_id: inline.id,
      result_id: 'a2',
    });
    expect(plain).not.toHaveProperty('inline_message_id');
    const [, plainFeedback] = await s.updates();
    expect(plainFeedback!.chosen_inline_result).toEqual({
      result_id: 'a2',
      from: expect.objectContaining({ id: s.user.id }),
      query: 'cats',
    });
  });

  it("sends a venue given by the reference's provider names, with both names (ADR 0072)", async () => {
    const s = await setup();
    const friend = await server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const { view, inline } = await ask(s, 'place', { chat: friend.id });
    await s.api.answerInlineQuery(inline.id, [
      {
        type: 'article',
        id: 'v',
        title: 'Cafe',
        input_message_content: {
          latitude: 1,
          longitude: 2,
          title: 'Cafe',
          address: 'Main St',
          google_place_id: 'g-2',
          google_place_type: 'cafe',
        },
      },
    ]);
    await view;
    const chosen = await server.control.chooseInlineResult({
      user: s.me,
      query_id: inline.id,
      result_id: 'v',
    });
    expect(chosen.message.venue).toEqual({
      location: { latitude: 1, longitude: 2 },
      title: 'Cafe',
      address: 'Main St',
      venueprovider2_place_id: 'g-2',
      google_place_id: 'g-2',
      venueprovider2_place_type: 'cafe',
      google_place_type: 'cafe',
    });
  });

  it('sends the result into the chat where the person typed, with chat_type private', async () => {
    const s = await setup();
    const friend = await server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const { view, inline } = await ask(s, 'here', { chat: friend.id });
    expect(inline.chat_type).toBe('private');
    await s.api.answerInlineQuery(inline.id, [
      { type: 'location', id: 'loc', title: 'Office', latitude: 52.5, longitude: 13.4 },
      { type: 'contact', id: 'me', phone_number: '+15550009', first_name: 'Ann' },
    ]);
    await view;
    const chosen = await server.control.chooseInlineResult({
      user: s.me,
      query_id: inline.id,
      result_id: 'loc',
    });
    expect(chosen.message).toMatchObject({ location: { latitude: 52.5, longitude: 13.4 } });
    const received = await server.control.waitForMessage({
      user: friend.phone_number,
      chat: s.user.id,
      timeout: 5,
    });
    expect(received).toMatchObject({
      message_id: chosen.message.message_id,
      chat: { id: s.user.id },
      via_bot: { username: s.bot.username },
      location: { latitude: 52.5, longitude: 13.4 },
    });
    // The bot is not in that chat: it gets only the feedback.
    const [feedback] = await s.updates();
    expect(Object.keys(feedback!)).toEqual(['update_id', 'chosen_inline_result']);
  });

  it('downloads a photo result by URL when it is chosen, and sends a photo result by file_id', async () => {
    const s = await setup();
    const { view, inline } = await ask(s, 'pics');
    await s.api.answerInlineQuery(inline.id, [
      {
        type: 'photo',
        id: 'url',
        photo_url: `${filesUrl}/cat.png`,
        thumbnail_url: `${filesUrl}/cat.png`,
        caption: 'A cat',
      },
    ]);
    await view;
    const chosen = await server.control.chooseInlineResult({
      user: s.me,
      query_id: inline.id,
      result_id: 'url',
    });
    expect(chosen.message).toMatchObject({ caption: 'A cat', photo: [{ width: 4, height: 3 }] });
    const seen = (chosen.message.photo as Array<{ file_id: string }>)[0]!;
    // The bot answers with its own file_id of the photo (from its copy of the message, ADR 0040).
    const received = (await s.updates()).find((update) => update.message?.photo)?.message;
    const photo = received!.photo![0]!;
    expect(photo.file_id).not.toBe(seen.file_id);

    const again = await ask(s, 'cached pics');
    await s.api.answerInlineQuery(again.inline.id, [
      { type: 'photo', id: 'cached', photo_file_id: photo.file_id },
    ]);
    await again.view;
    const cached = await server.control.chooseInlineResult({
      user: s.me,
      query_id: again.inline.id,
      result_id: 'cached',
    });
    // The person sees the same file by the same (their own) file_id.
    expect((cached.message.photo as Array<{ file_id: string }>)[0]!.file_id).toBe(seen.file_id);
  });

  it('serves a cached answer without asking the bot until cache_time passes; is_personal keeps it per person', async () => {
    const s = await setup();
    const other = await server.control.createUser({ phone_number: phone() });
    const first = await ask(s, 'news');
    await s.api.answerInlineQuery(first.inline.id, [article('n1')], { cache_time: 60 });
    await first.view;
    const cached = await server.control.inlineQuery({
      user: other.id,
      bot: s.botRef,
      query: 'news',
      timeout: 0,
    });
    expect(cached).toMatchObject({ answered: true, from_cache: true, results: [{ id: 'n1' }] });
    expect(cached.query_id).not.toBe(first.inline.id);
    // The cached answer's results can be chosen by the person who got it.
    await server.control.chooseInlineResult({ user: other.id, query_id: cached.query_id, result_id: 'n1' });
    const [message, feedback] = await s.updates();
    expect(message!.message).toMatchObject({ from: { id: other.id }, via_bot: { id: s.bot.id } });
    expect(feedback!.chosen_inline_result).toMatchObject({ result_id: 'n1', from: { id: other.id } });

    await server.control.advanceClock(61);
    const fresh = await ask(s, 'news');
    await s.api.answerInlineQuery(fresh.inline.id, [article('n2')], { cache_time: 60, is_personal: true });
    await fresh.view;
    const mine = await server.control.inlineQuery({ user: s.me, bot: s.botRef, query: 'news', timeout: 0 });
    expect(mine).toMatchObject({ from_cache: true, results: [{ id: 'n2' }] });
    const theirs = server.control.inlineQuery({ user: other.id, bot: s.botRef, query: 'news', timeout: 0 });
    expect(await theirs).toMatchObject({ answered: false });
    const [asked] = await s.updates();
    expect(asked!.inline_query).toMatchObject({ query: 'news', from: { id: other.id } });
  });
});

describe('answerInlineQuery errors', () => {
  it('answers the reference texts, and a refused answer changes nothing', async () => {
    const s = await setup();
    const { view, inline } = await ask(s, 'x');
    const answer = (results: unknown[], other: object = {}) =>
      errorOf(s.api.answerInlineQuery(inline.id, results as InlineQueryResult[], other));
    const many = Array.from({ length: 51 }, (_, i) => article(`r${i}`));
    expect(await answer(many)).toBe('Bad Request: too many inline query results specified');
    expect(await answer([article('same'), article('same')])).toBe('Bad Request: RESULT_ID_DUPLICATE');
    expect(await answer([article('x'.repeat(65))])).toBe('Bad Request: RESULT_ID_INVALID');
    expect(await answer([{ type: 'article', id: 'a', input_message_content: { message_text: 'hi' } }])).toBe(
      `Bad Request: can't parse inline query result: Can't find field "title"`,
    );
    expect(await answer([{ type: 'article', id: 'a', title: 'T' }])).toBe(
      `Bad Request: can't parse inline query result: Can't find field "message_text"`,
    );
    expect(await answer([{ type: 'photo', id: 'p', photo_url: 'https://example.com/a.jpg' }])).toBe(
      `Bad Request: can't parse inline query result: Can't find field "thumbnail_url"`,
    );
    expect(await answer([{ type: 'hologram', id: 'h' }])).toBe(
      `Bad Request: can't parse inline query result: type "hologram" is unsupported for the inline query result`,
    );
    expect(await answer([{ type: 'photo', id: 'p', photo_file_id: 'AgACnotreal' }])).toBe(
      "Bad Request: wrong remote file identifier specified: can't unserialize it",
    );
    expect(await answer([article('a')], { next_offset: 'o'.repeat(65) })).toBe(
      'Bad Request: NEXT_OFFSET_INVALID',
    );
    expect(await answer([article('a')], { button: { text: 'Go', start_parameter: 'bad param' } })).toBe(
      'Bad Request: unallowed characters in start_parameter are used',
    );
    expect(
      await answer([
        {
          type: 'article',
          id: 'a',
          title: 'T',
          input_message_content: { message_text: 'a.', parse_mode: 'MarkdownV2' },
        },
      ]),
    ).toBe(
      "Bad Request: can't parse inline query result: Can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    );
    // None of these answered the query: a valid answer still does, once.
    expect(await s.api.answerInlineQuery(inline.id, [article('ok')])).toBe(true);
    expect(await view).toMatchObject({ answered: true, results: [{ id: 'ok' }] });
    expect(await answer([article('again')])).toBe(
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
  });

  it('refuses an answer after 30 s of virtual time, and queries to bots without inline mode', async () => {
    const s = await setup();
    const pending = server.control.inlineQuery({ user: s.me, bot: s.botRef, query: '', timeout: 0 });
    const [update] = await s.updates();
    expect(update!.inline_query).toMatchObject({ query: '', offset: '' });
    expect(await pending).toMatchObject({ answered: false });
    await server.control.advanceClock(31);
    expect(await errorOf(s.api.answerInlineQuery(update!.inline_query!.id, [article('late')]))).toBe(
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
    await expect(
      server.control.chooseInlineResult({
        user: s.me,
        query_id: update!.inline_query!.id,
        result_id: 'late',
      }),
    ).rejects.toMatchObject({ status: 400, error: 'BAD_REQUEST' });

    const plain = await setup(false);
    await expect(
      server.control.inlineQuery({ user: plain.me, bot: plain.botRef, query: 'x', timeout: 0 }),
    ).rejects.toMatchObject({ status: 400, error: 'BOT_INLINE_DISABLED' });
  });
});
