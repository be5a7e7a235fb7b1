/**
 * sendRichMessage and sendRichMessageDraft over real HTTP with grammY (ADR 0051): HTML and Markdown
 * become Message.rich_message, which the person sees in the control API's message listing; media
 * blocks need the bot's right to send that media; drafts stream rich content; malformed input is
 * refused with the parser's texts and leaves nothing behind.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
// Files the server downloads for media blocks given by URL (the local profile allows loopback).
let files: Server;
let filesUrl: string;
beforeAll(async () => {
  server = await startServer();
  files = createServer((request, response) => {
    if (request.url === '/chart.png') response.end(png(64, 48));
    else if (request.url === '/song.mp3') response.end(Buffer.alloc(2048, 7));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => files.close(resolve));
});

const { person, bot, conversation } = groupKit(() => server);
const control = () => server.control;

describe('sendRichMessage', () => {
  it('sends HTML and Markdown as rich_message, seen by the person', async () => {
    const { alice, b, chat } = await conversation('rich');
    const sent = await b.api.sendRichMessage(alice.id, {
      html:
        '<h1>Report</h1><p>Growth is <b>up</b>, ask <a href="tg://user?id=' +
        alice.id +
        '">Alice</a></p>' +
        '<ul><li>one</li><li>two</li></ul>',
    });
    const expected = {
      blocks: [
        { type: 'heading', text: 'Report', size: 1 },
        {
          type: 'paragraph',
          text: [
            'Growth is ',
            { type: 'bold', text: 'up' },
            ', ask ',
            {
              type: 'text_mention',
              text: 'Alice',
              user: { id: alice.id, is_bot: false, first_name: 'Alice' },
            },
          ],
        },
        {
          type: 'list',
          items: [
            { label: '•', blocks: [{ type: 'paragraph', text: 'one' }] },
            { label: '•', blocks: [{ type: 'paragraph', text: 'two' }] },
          ],
        },
      ],
    };
    expect(sent.rich_message).toMatchObject(expected);
    expect(sent).not.toHaveProperty('text');
    const [seen] = await control().listMessages({ user: alice.id, chat, limit: 1 });
    expect(seen).toMatchObject({ message_id: sent.message_id, rich_message: expected });

    const md = await b.api.sendRichMessage(alice.id, {
      markdown: '## Done\n- [x] **ship** it\n\nsee #release',
      is_rtl: true,
    });
    expect(md.rich_message).toEqual({
      blocks: [
        { type: 'heading', text: 'Done', size: 2 },
        {
          type: 'list',
          items: [
            {
              label: '•',
              blocks: [{ type: 'paragraph', text: [{ type: 'bold', text: 'ship' }, ' it'] }],
              has_checkbox: true,
              is_checked: true,
            },
          ],
        },
        { type: 'paragraph', text: ['see ', { type: 'hashtag', text: '#release', hashtag: 'release' }] },
      ],
      is_rtl: true,
    });
  });

  it('reads ordinary Markdown as text: dollar prices and a lone backtick (ADR 0082)', async () => {
    const { alice, b } = await conversation('prices');
    const sent = await b.api.sendRichMessage(alice.id, {
      markdown: 'Was $2,800. New total: **$2,450**.\n\nIt`s done',
    });
    expect(sent.rich_message.blocks).toEqual([
      { type: 'paragraph', text: ['Was $2,800. New total: ', { type: 'bold', text: '$2,450' }, '.'] },
      { type: 'paragraph', text: 'It`s done' },
    ]);
  });

  it('carries media blocks by file_id and by URL, the person seeing the same files', async () => {
    const { alice, b, chat } = await conversation('media');
    const photo = await b.api.sendPhoto(alice.id, new InputFile(png(40, 30), 'a.png'));
    const size = photo.photo.at(-1)!;
    const sent = await b.api.sendRichMessage(alice.id, {
      html: `<figure><img src="${size.file_id}" tg-spoiler/><figcaption>Chart<cite>me</cite></figcaption></figure>`,
    });
    expect(sent.rich_message!.blocks).toEqual([
      {
        type: 'photo',
        photo: [
          {
            file_id: size.file_id,
            file_unique_id: size.file_unique_id,
            width: 40,
            height: 30,
            file_size: size.file_size,
          },
        ],
        has_spoiler: true,
        caption: { text: 'Chart', credit: 'me' },
      },
    ]);
    const [seen] = await control().listMessages({ user: alice.id, chat, limit: 1 });
    const block = (seen!.rich_message as { blocks: Array<{ photo: Array<{ file_unique_id: string }> }> })
      .blocks[0]!;
    expect(block.photo[0]!.file_unique_id).toBe(size.file_unique_id);

    // By URL: the server downloads the files; a Markdown image is a photo, <audio> an audio.
    const byUrl = await b.api.sendRichMessage(alice.id, {
      html: `<tg-slideshow><img src="${filesUrl}/chart.png"/><audio src="${filesUrl}/song.mp3"></audio></tg-slideshow>`,
    });
    type File = { file_id: string; file_unique_id: string };
    type Media = { type: string; photo: Array<{ width: number }>; audio: File };
    const [slideshow] = byUrl.rich_message!.blocks as Array<{ type: string; blocks: Media[] }>;
    expect(slideshow!.type).toBe('slideshow');
    expect(slideshow!.blocks.map((m) => m.type)).toEqual(['photo', 'audio']);
    expect(slideshow!.blocks[0]!.photo[0]).toMatchObject({ width: 64, height: 48 });
    expect(slideshow!.blocks[1]!.audio).toMatchObject({ file_id: expect.any(String), file_size: 2048 });
    // The downloaded audio is the bot's file now: sendAudio takes its file_id.
    const again = await b.api.sendAudio(alice.id, slideshow!.blocks[1]!.audio.file_id);
    expect(again.audio.file_unique_id).toBe(slideshow!.blocks[1]!.audio.file_unique_id);
    const markdown = await b.api.sendRichMessage(alice.id, { markdown: `![a chart](${filesUrl}/chart.png)` });
    expect(markdown.rich_message!.blocks).toEqual([
      {
        type: 'photo',
        photo: [expect.objectContaining({ width: 64, height: 48 })],
        caption: { text: 'a chart' },
      },
    ]);

    // A multipart part named by attach:// (as InputMedia names its files).
    const form = new FormData();
    form.append('chat_id', String(alice.id));
    form.append('rich_message', JSON.stringify({ html: '<p>upload</p><img src="attach://pic"/>' }));
    form.append('pic', new Blob([png(20, 10)]), 'pic.png');
    const response = await fetch(`${server.url}/bot${b.token}/sendRichMessage`, {
      method: 'POST',
      body: form,
    });
    const uploaded = (await response.json()) as {
      ok: boolean;
      result: { rich_message: { blocks: unknown[] } };
    };
    expect(uploaded.ok).toBe(true);
    expect(uploaded.result.rich_message.blocks).toEqual([
      { type: 'paragraph', text: 'upload' },
      { type: 'photo', photo: [expect.objectContaining({ width: 20, height: 10 })] },
    ]);

    expect(
      (await failure(b.api.sendRichMessage(alice.id, { html: '<img src="nonsense"/>' }))).description,
    ).toBe('Bad Request: wrong file identifier/HTTP URL specified');
    expect(
      (await failure(b.api.sendRichMessage(alice.id, { html: `<video src="${size.file_id}"></video>` })))
        .description,
    ).toBe('Bad Request: type of file mismatch');
  });

  it('needs the right to send the media of its blocks', async () => {
    const owner = await person('Owner');
    const admin = await bot('radm');
    const member = await bot('rmem');
    const group = await control().createChat({ owner: owner.id, title: 'Rich', type: 'supergroup' });
    await control().promoteChatMember({
      by: owner.id,
      chat: group.id,
      user: admin.record.id,
      rights: { can_manage_chat: true, can_restrict_members: true },
    });
    await control().addChatMember({ by: owner.id, chat: group.id, user: member.record.id });
    await admin.api.restrictChatMember(group.id, member.record.id, {
      can_send_messages: true,
      can_send_photos: false,
    });
    const { alice } = await conversation('rphoto');
    await control().sendMessage({ from: alice.id, chat: `@${member.record.username}`, text: 'hi' });
    const photo = await member.api.sendPhoto(alice.id, new InputFile(png(8, 8), 'p.png'));
    const fileId = photo.photo[0]!.file_id;

    const before = await control().listMessages({ user: owner.id, chat: group.id, limit: 10 });
    expect(
      await failure(member.api.sendRichMessage(group.id, { html: `<p>look</p><img src="${fileId}"/>` })),
    ).toMatchObject({ code: 400, description: 'Bad Request: not enough rights to send photos to the chat' });
    expect(await control().listMessages({ user: owner.id, chat: group.id, limit: 10 })).toEqual(before);

    const text = await member.api.sendRichMessage(group.id, { html: '<p>words only</p>' });
    expect(text.rich_message!.blocks).toEqual([{ type: 'paragraph', text: 'words only' }]);
  });

  it('refuses malformed input with the reference texts and sends nothing', async () => {
    const { alice, b, chat } = await conversation('bad');
    const cases: Array<[unknown, string]> = [
      [
        { html: '<p><b>open</p>' },
        `Bad Request: can't parse entities: Unmatched end tag at byte offset 10, expected "</b>", found "</p>"`,
      ],
      [
        { html: '<marquee>x</marquee>' },
        `Bad Request: can't parse entities: Unsupported start tag "marquee" at byte offset 0`,
      ],
      [
        { markdown: 'a **b' },
        "Bad Request: can't parse entities: Can't find end of Bold entity at byte offset 2",
      ],
      [
        { html: '<tg-thinking>hm</tg-thinking>' },
        "Bad Request: can't parse entities: Thinking blocks can be used only in message drafts",
      ],
      [
        { html: '<p>a</p>', markdown: 'a' },
        'Bad Request: can\'t parse InputRichMessage: Exactly one of the fields "html", "markdown" and "blocks" must be specified',
      ],
      [
        {},
        'Bad Request: can\'t parse InputRichMessage: Exactly one of the fields "html", "markdown" and "blocks" must be specified',
      ],
      [{ html: 5 }, 'Bad Request: can\'t parse InputRichMessage: Field "html" must be of type String'],
      [{ html: '   ' }, 'Bad Request: message must be non-empty'],
    ];
    for (const [input, description] of cases) {
      expect(
        (await failure(b.api.raw.sendRichMessage({ chat_id: alice.id, rich_message: input as never })))
          .description,
      ).toBe(description);
    }
    expect((await failure(b.api.raw.sendRichMessage({ chat_id: alice.id } as never))).description).toBe(
      'Bad Request: parameter "rich_message" is required',
    );
    const history = await control().listMessages({ user: alice.id, chat, limit: 5 });
    expect(history.map((m) => m.text)).toEqual(['hello']);
  });
});

describe('sendRichMessageDraft', () => {
  it('streams rich drafts the person sees, replaced by the final rich message', async () => {
    const { alice, b, chat } = await conversation('rdraft');
    expect(
      await b.api.sendRichMessageDraft(alice.id, 5, { html: '<tg-thinking>Thinking about it</tg-thinking>' }),
    ).toBe(true);
    const [thinking] = await control().listDrafts({ user: alice.id, chat });
    expect(thinking).toMatchObject({
      draft_id: 5,
      rich_message: { blocks: [{ type: 'thinking', text: 'Thinking about it' }] },
      expires_at: thinking!.date + 30,
    });
    expect(thinking).not.toHaveProperty('text');

    await b.api.sendRichMessageDraft(alice.id, 5, { markdown: '# Answer\nIt is **42**' });
    const drafts = await control().listDrafts({ user: alice.id, chat });
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.rich_message).toEqual({
      blocks: [
        { type: 'heading', text: 'Answer', size: 1 },
        { type: 'paragraph', text: ['It is ', { type: 'bold', text: '42' }] },
      ],
    });

    await control().advanceClock(25);
    expect(await control().listDrafts({ user: alice.id, chat })).toHaveLength(1);
    const final = await b.api.sendRichMessage(alice.id, { markdown: '# Answer\nIt is **42**.' });
    expect(await control().listDrafts({ user: alice.id, chat })).toEqual([]);
    const [message] = await control().listMessages({ user: alice.id, chat, limit: 1 });
    expect(message).toMatchObject({
      message_id: final.message_id,
      rich_message: { blocks: expect.any(Array) },
    });
  });

  it('ends 30 seconds after its last version, and refuses as sendMessageDraft does', async () => {
    const { alice, b, chat } = await conversation('rdexp');
    await b.api.sendRichMessageDraft(alice.id, 1, { html: '<p>partial</p>' });
    await control().advanceClock(25);
    expect(await control().listDrafts({ user: alice.id, chat })).toHaveLength(1);
    await control().advanceClock(6);
    expect(await control().listDrafts({ user: alice.id, chat })).toEqual([]);

    expect((await failure(b.api.sendRichMessageDraft(alice.id, 0, { html: '<p>x</p>' }))).description).toBe(
      'Bad Request: draft_id must be non-zero',
    );
    expect((await failure(b.api.sendRichMessageDraft(alice.id, 1, { html: '<p>x' }))).description).toBe(
      `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "p"`,
    );
    const stranger = await person('Stranger');
    expect(
      (await failure(b.api.sendRichMessageDraft(stranger.id, 1, { html: '<p>x</p>' }))).description,
    ).toBe('Bad Request: chat not found');
    await control().blockBot({ user: alice.id, bot: b.record.id });
    expect(await failure(b.api.sendRichMessageDraft(alice.id, 1, { html: '<p>x</p>' }))).toMatchObject({
      code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    expect(await control().listDrafts({ user: alice.id, chat })).toEqual([]);
  });
});
