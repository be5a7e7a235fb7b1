/**
 * Editing inline messages over real HTTP with grammY: a person chooses a bot's inline result with
 * an inline keyboard, the bot gets chosen_inline_result with inline_message_id, and edits that
 * message's text, caption, media and keyboard by it (each answering true); the person sees every
 * edit and the chat's bots get edited_message. A grammY bot edits the message from the callback
 * query of a press on its button (ctx.editMessageText names it by inline_message_id). The
 * reference's refusals, each changing nothing. ADR 0030.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bot, InputFile } from 'grammy';
import type { InlineQueryResult, Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, groupKit, kinds, type TestBot } from './helpers/groups.js';
import { startServer, type TestServer } from './helpers/in-process.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
let files: Server;
let filesUrl: string;

beforeAll(async () => {
  server = await startServer();
  files = createServer((request, response) => {
    if (request.url === '/cat.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png(4, 3));
    else if (request.url === '/dog.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end(png(6, 5));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => files.close(resolve));
});

const { person, bot } = groupKit(() => server);

const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
const ID_INVALID = 'Bad Request: MESSAGE_ID_INVALID';
const keyboard = (text: string) => ({ inline_keyboard: [[{ text, callback_data: text.toLowerCase() }]] });

type Seen = Record<string, unknown> & { edit_date?: number; text?: string; caption?: string };

/**
 * A supergroup of a person with a reading bot in it, and an inline bot (not a member) whose result
 * the person chooses there: the chosen message, its inline_message_id as chosen_inline_result
 * gave it to the inline bot, and what the person sees of it now.
 */
async function chooseIn(result: InlineQueryResult) {
  const owner = await person('Owner');
  const inline = await bot('inedit', { supports_inline_queries: true });
  const reader = await bot('inreader', { can_read_all_group_messages: true });
  const chat = await server.control.createChat({
    owner: owner.id,
    title: 'Plans',
    type: 'supergroup',
    members: [reader.record.id],
  });
  await reader.updates();
  let offset = 0;
  const inlineUpdates = async (): Promise<Update[]> => {
    const list = await inline.api.getUpdates({ offset, timeout: 5 });
    if (list.length > 0) offset = list.at(-1)!.update_id + 1;
    return list;
  };
  const view = server.control.inlineQuery({
    user: owner.phone_number,
    bot: `@${inline.record.username}`,
    query: 'plan',
    chat: chat.id,
    timeout: 10,
  });
  const [query] = await inlineUpdates();
  await inline.api.answerInlineQuery(query!.inline_query!.id, [result]);
  await view;
  const chosen = await server.control.chooseInlineResult({
    user: owner.phone_number,
    query_id: query!.inline_query!.id,
    result_id: result.id,
  });
  const [feedback] = await inlineUpdates();
  const id = feedback!.chosen_inline_result!.inline_message_id!;
  expect(id).toBe(chosen.inline_message_id);
  expect(kinds(await reader.updates())).toEqual(['message']);
  const seen = async (): Promise<Seen> => {
    const list = await server.control.listMessages({ user: owner.phone_number, chat: chat.id });
    const found = list.find((message) => message.message_id === chosen.message.message_id);
    return found as unknown as Seen;
  };
  return { owner, inline, reader, chat, id, messageId: chosen.message.message_id, seen };
}

/** The one edited_message the reading bot got since it last looked. */
async function editSeenBy(reader: TestBot): Promise<Record<string, unknown>> {
  const updates = await reader.updates();
  expect(kinds(updates)).toEqual(['edited_message']);
  return updates[0]!.edited_message as Record<string, unknown>;
}

describe('edits of inline messages by inline_message_id', () => {
  it("edit an article's text, keyboard and media: true, and the person and the chat's bots see each", async () => {
    const { inline, reader, id, messageId, seen } = await chooseIn({
      type: 'article',
      id: 'news',
      title: 'News',
      input_message_content: { message_text: 'Plain news' },
      reply_markup: keyboard('Read'),
    });
    expect(await seen()).toMatchObject({ text: 'Plain news', reply_markup: keyboard('Read') });
    expect((await seen()).edit_date).toBeUndefined();

    // The text, with parse_mode and a new keyboard.
    const text = await inline.api.editMessageTextInline(id, '<b>Big</b> news', {
      parse_mode: 'HTML',
      reply_markup: keyboard('Share'),
    });
    expect(text).toBe(true);
    const afterText = await seen();
    expect(afterText).toMatchObject({
      text: 'Big news',
      entities: [{ type: 'bold', offset: 0, length: 3 }],
      reply_markup: keyboard('Share'),
      via_bot: { id: inline.record.id },
      edit_date: expect.any(Number),
    });
    expect(await editSeenBy(reader)).toMatchObject({
      message_id: messageId,
      text: 'Big news',
      via_bot: { id: inline.record.id },
      edit_date: expect.any(Number),
    });
    // The same again is not an edit.
    expect(
      await failure(
        inline.api.editMessageTextInline(id, '<b>Big</b> news', {
          parse_mode: 'HTML',
          reply_markup: keyboard('Share'),
        }),
      ),
    ).toMatchObject({ code: 400, description: NOT_MODIFIED });

    // The keyboard alone.
    expect(await inline.api.editMessageReplyMarkupInline(id, { reply_markup: keyboard('Like') })).toBe(true);
    expect(await seen()).toMatchObject({ text: 'Big news', reply_markup: keyboard('Like') });
    expect(await editSeenBy(reader)).toMatchObject({ reply_markup: keyboard('Like') });

    // A text message has no caption; refused, nothing changes.
    const before = await seen();
    expect(
      await failure(inline.api.editMessageCaptionInline(id, { caption: 'no', reply_markup: keyboard('X') })),
    ).toMatchObject({ description: 'Bad Request: there is no caption in the message to edit' });
    expect(await seen()).toEqual(before);

    // The media: a text message becomes a photo (Bot API 10.1), by URL.
    const media = await inline.api.editMessageMediaInline(
      id,
      { type: 'photo', media: `${filesUrl}/cat.png`, caption: 'A <i>cat</i>', parse_mode: 'HTML' },
      { reply_markup: keyboard('Pet') },
    );
    expect(media).toBe(true);
    const afterMedia = await seen();
    expect(afterMedia).toMatchObject({
      photo: [{ width: 4, height: 3 }],
      caption: 'A cat',
      caption_entities: [{ type: 'italic', offset: 2, length: 3 }],
      reply_markup: keyboard('Pet'),
      via_bot: { id: inline.record.id },
    });
    expect(afterMedia).not.toHaveProperty('text');
    expect(await editSeenBy(reader)).toMatchObject({ photo: [{ width: 4, height: 3 }], caption: 'A cat' });
  });

  it('edit the caption and media of a photo result; refuse what does not fit, changing nothing', async () => {
    const { inline, reader, id, seen } = await chooseIn({
      type: 'photo',
      id: 'pic',
      photo_url: `${filesUrl}/cat.png`,
      thumbnail_url: `${filesUrl}/cat.png`,
      caption: 'A cat',
      reply_markup: keyboard('Vote'),
    });
    expect(await seen()).toMatchObject({ photo: [{ width: 4, height: 3 }], caption: 'A cat' });

    const caption = await inline.api.editMessageCaptionInline(id, {
      caption: 'A *sleepy* cat',
      parse_mode: 'MarkdownV2',
      reply_markup: keyboard('Vote'),
    });
    expect(caption).toBe(true);
    expect(await seen()).toMatchObject({
      caption: 'A sleepy cat',
      caption_entities: [{ type: 'bold', offset: 2, length: 6 }],
      photo: [{ width: 4, height: 3 }],
      reply_markup: keyboard('Vote'),
      edit_date: expect.any(Number),
    });
    expect(await editSeenBy(reader)).toMatchObject({ caption: 'A sleepy cat' });

    const before = await seen();
    // A photo has no text.
    expect(await failure(inline.api.editMessageTextInline(id, 'words'))).toMatchObject({
      description: 'Bad Request: there is no text in the message to edit',
    });
    // An inline message's new media can't be uploaded (only a file_id or URL).
    expect(
      await failure(
        inline.api.editMessageMediaInline(id, { type: 'photo', media: new InputFile(png(6, 5), 'dog.png') }),
      ),
    ).toMatchObject({ code: 400, description: 'Bad Request: invalid message content specified' });
    expect(await seen()).toEqual(before);
    expect(await reader.updates()).toEqual([]);

    expect(
      await inline.api.editMessageMediaInline(id, {
        type: 'photo',
        media: `${filesUrl}/dog.png`,
        caption: 'A dog',
      }),
    ).toBe(true);
    const after = await seen();
    expect(after).toMatchObject({ photo: [{ width: 6, height: 5 }], caption: 'A dog' });
    // Without reply_markup the keyboard is gone, as with any edit.
    expect(after).not.toHaveProperty('reply_markup');
    expect(await editSeenBy(reader)).toMatchObject({ caption: 'A dog' });
  });

  it("refuses an unknown inline_message_id and another bot's inline message, changing nothing", async () => {
    const { inline, reader, id, seen } = await chooseIn({
      type: 'article',
      id: 'mine',
      title: 'Mine',
      input_message_content: { message_text: 'Hands off' },
      reply_markup: keyboard('Keep'),
    });
    const before = await seen();
    for (const api of [inline.api, reader.api]) {
      const name = api === inline.api ? 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' : id;
      expect(await failure(api.editMessageTextInline(name, 'taken'))).toMatchObject({
        code: 400,
        description: ID_INVALID,
      });
      expect(await failure(api.editMessageCaptionInline(name, { caption: 'taken' }))).toMatchObject({
        description: ID_INVALID,
      });
      expect(
        await failure(api.editMessageMediaInline(name, { type: 'photo', media: `${filesUrl}/cat.png` })),
      ).toMatchObject({ description: ID_INVALID });
      expect(await failure(api.editMessageReplyMarkupInline(name))).toMatchObject({
        description: ID_INVALID,
      });
    }
    // Nor may a bot of the chat edit the person's message by chat and message id.
    const chatId = (before.chat as { id: number }).id;
    expect(
      await failure(reader.api.editMessageText(chatId, before.message_id as number, 'taken')),
    ).toMatchObject({ code: 400, description: "Bad Request: message can't be edited" });
    expect(await seen()).toEqual(before);
    expect(await reader.updates()).toEqual([]);
  });

  it('edit an article to rich content (rich_message, ADR 0071); an upload is refused', async () => {
    const { inline, reader, id, seen } = await chooseIn({
      type: 'article',
      id: 'rich',
      title: 'Rich',
      input_message_content: { message_text: 'Plain' },
      reply_markup: keyboard('Open'),
    });
    expect(await inline.api.editMessageTextInline(id, { html: '<h3>Rich</h3><p>now</p>' })).toBe(true);
    const blocks = [
      { type: 'heading', text: 'Rich', size: 3 },
      { type: 'paragraph', text: 'now' },
    ];
    const after = await seen();
    expect(after).toMatchObject({ rich_message: { blocks }, via_bot: { id: inline.record.id } });
    expect(after).not.toHaveProperty('text');
    expect(await editSeenBy(reader)).toMatchObject({ rich_message: { blocks } });
    // "Direct upload of new files isn't supported when an inline message is edited."
    expect(
      await failure(
        inline.api.raw.editMessageText({
          inline_message_id: id,
          rich_message: { html: '<img src="attach://pic"/>' },
          pic: new InputFile(png(4, 4), 'pic.png'),
        } as never),
      ),
    ).toMatchObject({ code: 400, description: 'Bad Request: invalid message content specified' });
    expect(await seen()).toEqual(after);
  });
});

describe('a grammY bot edits its inline message from a callback query', () => {
  it('a press on the inline message edits it through ctx.editMessageText', async () => {
    const owner = await person('Voter');
    const record = await server.control.createBot({
      username: `poll${Date.now() % 100000}_bot`,
      supports_inline_queries: true,
    });
    const votes = new Map<string, number>();
    const grammy = new Bot(record.token, { client: { apiRoot: server.url } });
    grammy.on('inline_query', (ctx) =>
      ctx.answerInlineQuery(
        [
          {
            type: 'article',
            id: 'vote',
            title: `Vote on ${ctx.inlineQuery.query}`,
            input_message_content: { message_text: `${ctx.inlineQuery.query}: no votes yet` },
            reply_markup: keyboard('Yes'),
          },
        ],
        { cache_time: 0 },
      ),
    );
    grammy.on('callback_query:data', async (ctx) => {
      const id = ctx.callbackQuery.inline_message_id!;
      const count = (votes.get(id) ?? 0) + 1;
      votes.set(id, count);
      const edited = await ctx.editMessageText(`Lunch: <b>${count}</b> yes`, {
        parse_mode: 'HTML',
        reply_markup: keyboard('Yes'),
      });
      await ctx.answerCallbackQuery({ text: edited === true ? 'Counted' : 'Not inline?' });
    });
    await new Promise<void>((resolve) => void grammy.start({ onStart: () => resolve() }));
    try {
      const shown = await server.control.inlineQuery({
        user: owner.id,
        bot: `@${record.username}`,
        query: 'Lunch',
        timeout: 10,
      });
      const chosen = await server.control.chooseInlineResult({
        user: owner.id,
        query_id: shown.query_id,
        result_id: 'vote',
      });
      expect(chosen.message).toMatchObject({ text: 'Lunch: no votes yet', via_bot: { id: record.id } });
      const chat = `@${record.username}`;
      const press = () =>
        server.control.pressButton({
          user: owner.id,
          chat,
          message_id: chosen.message.message_id,
          button: 'Yes',
          timeout: 10,
        });
      expect(await press()).toMatchObject({ answered: true, text: 'Counted' });
      const seen = async () =>
        (await server.control.listMessages({ user: owner.id, chat })).find(
          (message) => message.message_id === chosen.message.message_id,
        );
      expect(await seen()).toMatchObject({
        text: 'Lunch: 1 yes',
        entities: [{ type: 'bold', offset: 7, length: 1 }],
        edit_date: expect.any(Number),
      });
      expect(await press()).toMatchObject({ answered: true, text: 'Counted' });
      expect(await seen()).toMatchObject({ text: 'Lunch: 2 yes' });
    } finally {
      await grammy.stop();
    }
  });
});
