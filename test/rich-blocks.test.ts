/**
 * Bot API 10.2's `InputRichMessage.blocks` and `media` (ADR 0088) through a grammY 1.46 bot and its
 * own types (InputRichBlock, InputMediaVoiceNote): every one of the 21 block types becomes the
 * RichMessage the bot gets back, the person sees in the control API's listing and another bot sees
 * in a reply (with its own file_ids); HTML and Markdown name uploaded files by `tg://photo?id=`
 * links to `media`; the documented limits are refused, storing nothing.
 */
import { InputFile, type Api } from 'grammy';
import type { InputRichBlock, InputRichMessage } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit } from './helpers/groups.js';
import { gif, noise, png } from './helpers/media-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
const { person, bot, conversation } = groupKit(() => server);
const control = () => server.control;

/** A supergroup with its owner, a sending bot and a watching administrator bot. */
async function scene(prefix: string) {
  const owner = await person('Owner');
  const sender = await bot(`${prefix}s`);
  const watcher = await bot(`${prefix}w`);
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Rich blocks',
    type: 'supergroup',
    members: [sender.record.id, watcher.record.id],
  });
  await control().promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: watcher.record.id,
    rights: { can_delete_messages: true },
  });
  await watcher.updates();
  return { owner, sender, watcher, chat };
}

const listing = async (user: number, chat: number) =>
  control().listMessages({ user: String(user), chat: String(chat), limit: 20 });

const paragraph = (text: string) => ({ type: 'paragraph' as const, text });

describe('InputRichMessage.blocks', () => {
  it('sends the 21 block types, seen by the person and by another bot', async () => {
    const { owner, sender, watcher, chat } = await scene('rb');
    const earlier = await sender.api.sendPhoto(chat.id, new InputFile(png(16, 12), 'p.png'));
    const earlierPhoto = earlier.photo.at(-1)!;
    const blocks: InputRichBlock[] = [
      { type: 'heading', text: 'Report', size: 2 },
      { type: 'paragraph', text: ['Hi ', { type: 'bold', text: 'all' }, ', see #news'] },
      { type: 'pre', text: 'x = 1 #not_a_tag', language: 'python' },
      { type: 'footer', text: 'the end' },
      { type: 'divider' },
      { type: 'mathematical_expression', expression: 'E = mc^2' },
      { type: 'anchor', name: 'top' },
      {
        type: 'list',
        items: [
          { blocks: [paragraph('done')], has_checkbox: true, is_checked: true },
          { blocks: [paragraph('todo')] },
        ],
      },
      {
        type: 'list',
        items: [{ blocks: [paragraph('third')], value: 3, type: 'i' }, { blocks: [paragraph('fourth')] }],
      },
      { type: 'blockquote', blocks: [paragraph('quoted')], credit: 'someone' },
      { type: 'pullquote', text: 'pulled', credit: { type: 'italic', text: 'me' } },
      {
        type: 'table',
        cells: [
          [
            { text: 'Name', is_header: true, align: 'center', valign: 'middle' },
            { text: 'Value', is_header: true, align: 'left', valign: 'top', colspan: 2 },
          ],
          [{ align: 'right', valign: 'bottom' }],
        ],
        is_bordered: true,
        is_striped: true,
        caption: 'Numbers',
      },
      { type: 'details', summary: 'More', blocks: [paragraph('hidden')], is_open: true },
      {
        type: 'map',
        location: { latitude: 41.9, longitude: 12.5 },
        zoom: 5,
        width: 600,
        height: 400,
        caption: { text: 'Rome' },
      },
      {
        type: 'photo',
        photo: { type: 'photo', media: new InputFile(png(40, 30), 'chart.png'), has_spoiler: true },
        caption: { text: 'Chart', credit: 'me' },
      },
      {
        type: 'collage',
        blocks: [
          { type: 'photo', photo: { type: 'photo', media: earlierPhoto.file_id } },
          {
            type: 'video',
            video: { type: 'video', media: new InputFile(noise(500, 2), 'v.mp4'), width: 320, height: 240 },
          },
        ],
        caption: { text: 'Both' },
      },
      {
        type: 'slideshow',
        blocks: [
          {
            type: 'audio',
            audio: {
              type: 'audio',
              media: new InputFile(noise(400, 3), 'a.mp3'),
              title: 'Song',
              duration: 7,
            },
          },
          { type: 'animation', animation: { type: 'animation', media: new InputFile(gif(8, 6), 'g.gif') } },
        ],
      },
      {
        type: 'voice_note',
        voice_note: {
          type: 'voice_note',
          media: new InputFile(noise(300, 4), 'note.ogg'),
          duration: 4,
          caption: 'ignored',
        },
        caption: { text: 'Listen' },
      },
    ];
    const sent = await sender.api.sendRichMessage(chat.id, { blocks });
    const got = sent.rich_message.blocks;
    expect(got.map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'pre',
      'footer',
      'divider',
      'mathematical_expression',
      'anchor',
      'list',
      'list',
      'blockquote',
      'pullquote',
      'table',
      'details',
      'map',
      'photo',
      'collage',
      'slideshow',
      'voice_note',
    ]);
    // Most blocks read back as given (the order of fields aside).
    for (const i of [0, 2, 3, 4, 5, 6, 9, 10, 11, 12]) expect(got[i]).toEqual(blocks[i]);
    // Entities are detected in block text as in HTML (not in preformatted blocks, above).
    expect(got[1]).toEqual({
      type: 'paragraph',
      text: [
        'Hi ',
        { type: 'bold', text: 'all' },
        ', see ',
        { type: 'hashtag', text: '#news', hashtag: 'news' },
      ],
    });
    // List items get their labels.
    expect([got[7], got[8]]).toMatchObject([
      { items: [{ label: '•', has_checkbox: true, is_checked: true }, { label: '•' }] },
      {
        items: [
          { label: 'iii.', value: 3, type: 'i' },
          { label: 'iv.', value: 4, type: 'i' },
        ],
      },
    ]);
    // RichBlockMap's zoom is 13-20: the 0-24 of the input is clamped.
    expect(got[13]).toEqual({ ...blocks[13], zoom: 13 });
    expect(got[14]).toEqual({
      type: 'photo',
      photo: [expect.objectContaining({ width: 40, height: 30 })],
      has_spoiler: true,
      caption: { text: 'Chart', credit: 'me' },
    });
    const [collage, slideshow, voice] = got.slice(15);
    if (collage?.type !== 'collage' || slideshow?.type !== 'slideshow' || voice?.type !== 'voice_note') {
      throw new Error('unexpected blocks');
    }
    expect(collage.blocks[0]).toEqual({
      type: 'photo',
      photo: [expect.objectContaining({ file_unique_id: earlierPhoto.file_unique_id })],
    });
    expect(collage.blocks[1]).toMatchObject({ type: 'video', video: { width: 320, height: 240 } });
    expect(slideshow.blocks[0]).toMatchObject({ type: 'audio', audio: { title: 'Song', duration: 7 } });
    expect(slideshow.blocks[1]).toMatchObject({ type: 'animation', animation: { width: 8, height: 6 } });
    expect(voice).toMatchObject({ type: 'voice_note', caption: { text: 'Listen' } });
    expect(voice.voice_note.duration).toBe(4);
    // The uploaded voice note is the bot's file: sendVoice takes its file_id.
    const again = await sender.api.sendVoice(chat.id, voice.voice_note.file_id);
    expect(again.voice.duration).toBe(4);

    // The person sees the same message (each viewer has its own file_ids, ADR 0040).
    const seen = (await listing(owner.id, chat.id)).find((m) => m.message_id === sent.message_id)!;
    const types = (seen.rich_message as { blocks: Array<{ type: string }> }).blocks.map((b) => b.type);
    expect(types).toEqual(got.map((b) => b.type));
    expect(JSON.stringify(seen.rich_message)).toContain(earlierPhoto.file_unique_id);

    // Another bot sees it in the reply of the person.
    await watcher.updates();
    await control().sendMessage({
      from: owner.id,
      chat: String(chat.id),
      text: 'nice',
      reply_to_message_id: sent.message_id,
    });
    const reply = first(await watcher.updates(), 'message');
    const original = reply.reply_to_message as { rich_message: { blocks: Array<{ type: string }> } };
    expect(original.rich_message.blocks.map((b) => b.type)).toEqual(types);
    expect(original.rich_message.blocks[0]).toEqual({ type: 'heading', text: 'Report', size: 2 });
  });

  it('reads RichText objects: mentions filled from the platform, links checked', async () => {
    const { owner, sender, chat } = await scene('rt');
    const url = { type: 'url', text: 'site', url: 'https://example.com/a' } as const;
    const emoji = {
      type: 'custom_emoji',
      custom_emoji_id: '5368324170671202286',
      alternative_text: '👍',
    } as const;
    const date = { type: 'date_time', text: 'then', unix_time: 1647531900, date_time_format: 'wDT' } as const;
    const note = { type: 'paragraph', text: { type: 'reference', text: 'the note', name: 'n1' } } as const;
    const message: InputRichMessage = {
      blocks: [
        {
          type: 'paragraph',
          text: [
            { type: 'text_mention', text: 'Boss', user: { id: owner.id, is_bot: false, first_name: 'x' } },
            url,
            emoji,
            date,
            { type: 'anchor_link', text: 'up', anchor_name: 'n1' },
          ],
        },
        note,
      ],
      skip_entity_detection: true,
    };
    const sent = await sender.api.sendRichMessage(chat.id, message);
    expect(sent.rich_message.blocks).toEqual([
      {
        type: 'paragraph',
        text: [
          // The mentioned user as the platform knows them, whatever the bot wrote.
          { type: 'text_mention', text: 'Boss', user: { id: owner.id, is_bot: false, first_name: 'Owner' } },
          url,
          emoji,
          date,
          // A link to a reference's name is a reference link, as in HTML (ADR 0051).
          { type: 'reference_link', text: 'up', reference_name: 'n1' },
        ],
      },
      note,
    ]);
    // A URL TDLib refuses leaves the text, as a link of the HTML parser does.
    const refused = await sender.api.sendRichMessage(chat.id, {
      blocks: [{ type: 'paragraph', text: { type: 'url', text: 'bad', url: 'ftp://x' } }],
    });
    expect(refused.rich_message.blocks).toEqual([{ type: 'paragraph', text: 'bad' }]);
  });

  it('takes 10.3 expandable quotations and compact tables, as blocks and as HTML (ADR 0089)', async () => {
    const { sender, chat } = await scene('r3');
    const cell = { text: 'a', align: 'left', valign: 'top' } as const;
    const blocks: InputRichBlock[] = [
      { type: 'expandable_blockquote', text: ['long ', { type: 'bold', text: 'story' }], credit: 'teller' },
      { type: 'table', cells: [[cell]], is_compact: true },
    ];
    const sent = await sender.api.sendRichMessage(chat.id, { blocks });
    expect(sent.rich_message.blocks).toEqual(blocks);
    const html = await sender.api.sendRichMessage(chat.id, {
      html: '<blockquote expandable>long <b>story</b><cite>teller</cite></blockquote><table compact><tr><td>a</td></tr></table>',
    });
    expect(html.rich_message.blocks).toEqual(blocks);
  });

  it('takes the thinking block in drafts only', async () => {
    const { alice, b, chat } = await conversation('rth');
    const thinking: InputRichBlock = { type: 'thinking', text: 'Thinking…' };
    expect(await b.api.sendRichMessageDraft(alice.id, 3, { blocks: [thinking] })).toBe(true);
    const [draft] = await control().listDrafts({ user: alice.id, chat });
    expect(draft!.rich_message).toEqual({ blocks: [{ type: 'thinking', text: 'Thinking…' }] });
  });

  it('refuses the documented limits and malformed blocks, storing nothing', async () => {
    const { owner, sender, chat } = await scene('rl');
    const before = await listing(owner.id, chat.id);
    const parse = (detail: string) => `Bad Request: can't parse InputRichMessage: ${detail}`;
    const cases: Array<[unknown, string]> = [
      [{ blocks: [{ type: 'heading', text: 'x', size: 7 }] }, parse('Field "size" must be between 1 and 6')],
      [{ blocks: [{ type: 'heading', text: 'x' }] }, parse('Can\'t find field "size"')],
      [{ blocks: [{ type: 'marquee' }] }, parse('Unsupported block type "marquee" specified')],
      [
        { blocks: [{ type: 'paragraph', text: 5 }] },
        parse('Field "text" must be of type String, Array or Object'),
      ],
      [
        { blocks: [{ type: 'paragraph', text: { type: 'blink', text: 'x' } }] },
        parse('Unsupported rich text type "blink" specified'),
      ],
      [{ blocks: 'nope' }, parse('Field "blocks" must be of type Array')],
      [
        { blocks: [], html: '<p>x</p>' },
        parse('Exactly one of the fields "html", "markdown" and "blocks" must be specified'),
      ],
      [{ blocks: [] }, 'Bad Request: message must be non-empty'],
      [
        {
          blocks: [{ type: 'map', location: { latitude: 1, longitude: 2 }, zoom: 25, width: 10, height: 10 }],
        },
        parse('Field "zoom" must be between 0 and 24'),
      ],
      [
        {
          blocks: [
            { type: 'map', location: { latitude: 1, longitude: 2 }, zoom: 5, width: 10001, height: 10 },
          ],
        },
        parse('Fields "width" and "height" must be between 0 and 10000'),
      ],
      [
        {
          blocks: [
            { type: 'map', location: { latitude: 1, longitude: 2 }, zoom: 5, width: 6000, height: 5000 },
          ],
        },
        parse('Map width and height must not exceed 10000 in total'),
      ],
      [
        {
          blocks: [
            { type: 'map', location: { latitude: 1, longitude: 2 }, zoom: 5, width: 2100, height: 100 },
          ],
        },
        parse('Map width and height ratio must be at most 20'),
      ],
      [{ blocks: [{ type: 'list', items: [{ blocks: [], type: 'x' }] }] }, parse('Invalid list type "x"')],
      [
        { blocks: [{ type: 'table', cells: [[{ text: 'a', align: 'middle', valign: 'top' }]] }] },
        parse('Invalid cell alignment'),
      ],
      [
        {
          blocks: [
            { type: 'table', cells: [Array.from({ length: 21 }, () => ({ align: 'left', valign: 'top' }))] },
          ],
        },
        'Bad Request: too many table columns',
      ],
      [
        { blocks: [{ type: 'collage', blocks: [paragraph('x')] }] },
        parse('Block "collage" can contain only photos, videos, animations and audio'),
      ],
      [
        { blocks: [{ type: 'photo', photo: { type: 'video', media: 'https://example.com/x.mp4' } }] },
        parse('Field "photo" must be an InputMedia of type "photo"'),
      ],
      [
        { blocks: [{ type: 'thinking', text: 'hm' }] },
        "Bad Request: can't parse entities: Thinking blocks can be used only in message drafts",
      ],
      [
        { blocks: Array.from({ length: 501 }, () => ({ type: 'divider' })) },
        'Bad Request: rich message has too many blocks',
      ],
      [{ blocks: [nested(17)] }, 'Bad Request: rich message nesting is too deep'],
      [
        { blocks: [{ type: 'paragraph', text: 'x'.repeat(32_769) }] },
        'Bad Request: rich message is too long',
      ],
      [
        {
          blocks: Array.from({ length: 51 }, () => ({
            type: 'photo',
            photo: { type: 'photo', media: 'https://example.com/p.png' },
          })),
        },
        'Bad Request: rich message has too many media',
      ],
    ];
    for (const [input, description] of cases) {
      const { body } = await callBotApi(server, sender.token, 'sendRichMessage', {
        chat_id: chat.id,
        rich_message: JSON.stringify(input),
      });
      expect([JSON.stringify(input).slice(0, 80), body.description]).toEqual([
        JSON.stringify(input).slice(0, 80),
        description,
      ]);
    }
    expect(await listing(owner.id, chat.id)).toEqual(before);
  });
});

/** A blockquote `depth` levels deep. */
function nested(depth: number): Record<string, unknown> {
  return depth === 1 ? paragraph('deep') : { type: 'blockquote', blocks: [nested(depth - 1)] };
}

describe('InputRichMessage.media', () => {
  it('names uploaded files by tg:// links from HTML and Markdown', async () => {
    const { owner, sender, chat } = await scene('rm');
    const html = await sender.api.sendRichMessage(chat.id, {
      html: '<p>Look</p><figure><img src="tg://photo?id=chart"/><figcaption>Chart</figcaption></figure><audio src="tg://audio?id=memo"></audio>',
      media: [
        {
          id: 'chart',
          media: { type: 'photo', media: new InputFile(png(30, 20), 'c.png'), has_spoiler: true },
        },
        {
          id: 'memo',
          media: { type: 'voice_note', media: new InputFile(noise(200, 6), 'm.ogg'), duration: 2 },
        },
        { id: 'unused', media: { type: 'photo', media: 'https://example.com/never.png' } },
      ],
    });
    expect(html.rich_message.blocks).toEqual([
      { type: 'paragraph', text: 'Look' },
      {
        type: 'photo',
        photo: [expect.objectContaining({ width: 30, height: 20 })],
        has_spoiler: true,
        caption: { text: 'Chart' },
      },
      { type: 'voice_note', voice_note: expect.objectContaining({ duration: 2 }) },
    ]);
    const markdown = await sender.api.sendRichMessage(chat.id, {
      markdown: '# Clip\n![a clip](tg://video?id=clip-1)',
      media: [{ id: 'clip-1', media: { type: 'animation', media: new InputFile(gif(12, 10), 'c.gif') } }],
    });
    expect(markdown.rich_message.blocks).toEqual([
      { type: 'heading', text: 'Clip', size: 1 },
      {
        type: 'animation',
        animation: expect.objectContaining({ width: 12, height: 10 }),
        caption: { text: 'a clip' },
      },
    ]);
    const seen = await listing(owner.id, chat.id);
    expect(seen.at(-1)!.rich_message).toMatchObject({ blocks: [{ type: 'heading' }, { type: 'animation' }] });

    const before = await listing(owner.id, chat.id);
    const refused = async (message: InputRichMessage) =>
      (await failure(sender.api.sendRichMessage(chat.id, message))).description;
    expect(await refused({ html: '<img src="tg://photo?id=nope"/>', media: [] })).toBe(
      `Bad Request: can't parse entities: Media "nope" is not specified in the field "media"`,
    );
    expect(
      await refused({
        html: '<img src="tg://video?id=v"/>',
        media: [{ id: 'v', media: { type: 'video', media: 'https://example.com/v.mp4' } }],
      }),
    ).toBe(`Bad Request: can't parse entities: Media link "tg://video?id=v" can't be used in this tag`);
    expect(
      await refused({
        html: '<img src="tg://photo?id=v"/>',
        media: [{ id: 'v', media: { type: 'video', media: 'https://example.com/v.mp4' } }],
      }),
    ).toBe(`Bad Request: can't parse entities: Media "v" must be of a type that fits a tg://photo link`);
    expect(
      await refused({
        markdown: 'x',
        media: [{ id: 'bad id!', media: { type: 'photo', media: 'https://example.com/p.png' } }],
      }),
    ).toBe(`Bad Request: can't parse InputRichMessage: Invalid media identifier "bad id!" specified`);
    expect(
      await refused({
        markdown: 'x',
        media: [{ id: 'x'.repeat(65), media: { type: 'photo', media: 'https://example.com/p.png' } }],
      }),
    ).toBe(
      `Bad Request: can't parse InputRichMessage: Invalid media identifier "${'x'.repeat(65)}" specified`,
    );
    const photo = { type: 'photo', media: 'https://example.com/p.png' } as const;
    expect(
      await refused({
        markdown: 'x',
        media: Array.from({ length: 51 }, (_, i) => ({ id: `m${i}`, media: photo })),
      }),
    ).toBe('Bad Request: rich message has too many media');
    expect(await listing(owner.id, chat.id)).toEqual(before);
  });

  it('takes InputMediaVoiceNote only in rich messages', async () => {
    const { sender, chat } = await scene('rv');
    const api: Api = sender.api;
    const { body } = await callBotApi(server, sender.token, 'sendMediaGroup', {
      chat_id: chat.id,
      media: JSON.stringify([
        { type: 'voice_note', media: 'https://example.com/a.ogg' },
        { type: 'voice_note', media: 'https://example.com/b.ogg' },
      ]),
    });
    expect(body.description).toBe('Bad Request: can\'t parse InputMedia: type "voice_note" is unsupported');
    expect(
      (
        await failure(
          api.sendRichMessage(chat.id, {
            blocks: [{ type: 'voice_note', voice_note: { type: 'voice_note', media: 'not a file' } }],
          }),
        )
      ).description,
    ).toBe('Bad Request: wrong file identifier/HTTP URL specified');
  });
});
