/**
 * Media sending over real HTTP with grammY's Api: audio, video, animation, voice and video notes
 * with their attributes, thumbnails and type folders; files by HTTP URL (with the limits and, in
 * the strict profile, the refusal of private addresses); albums with sendMediaGroup.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api, GrammyError, InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { gif, jpegHeader, noise, png } from './helpers/media-bytes.js';

let server: TestServer;
let api: Api;
let token: string;
let chatId: number;
let phoneNumber: string;
let botName: string;
let files: Server;
let filesUrl: string;

const IMAGE = png(4, 3);
const SONG = noise(3000, 7);

beforeAll(async () => {
  server = await startServer();
  const made = await userAndBot(server, 'media');
  ({ token } = made);
  chatId = made.user.id;
  phoneNumber = made.user.phone_number;
  botName = made.bot.username;
  await server.control.sendMessage({ from: phoneNumber, chat: `@${botName}`, text: 'hi' });
  api = new Api(token, { apiRoot: server.url });
  files = createServer((request, response) => {
    const path = request.url ?? '';
    if (path === '/cat.png') response.writeHead(200, { 'content-type': 'image/png' }).end(IMAGE);
    else if (path === '/song.mp3') response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(SONG);
    else if (path === '/page.html')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    else if (path === '/big.png')
      response.writeHead(200).end(Buffer.concat([IMAGE, Buffer.alloc(5 * 1024 * 1024)]));
    else if (path === '/moved') response.writeHead(302, { location: '/cat.png' }).end();
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => files.close(resolve));
  await server.close();
});

const count = async () =>
  (await server.control.listMessages({ user: phoneNumber, chat: `@${botName}`, limit: 100 })).length;

async function expectRefused(call: Promise<unknown>, description: string) {
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(GrammyError);
  expect((error as GrammyError).description).toBe(description);
}

async function download(filePath: string): Promise<Buffer> {
  const response = await fetch(`${server.url}/file/bot${token}/${filePath}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('audio, video, animation, voice and video notes', () => {
  it('keeps what the sender says about an audio file, also when it is sent again by file_id', async () => {
    const sent = await api.sendAudio(chatId, new InputFile(SONG, 'song.mp3'), {
      duration: 215,
      performer: 'Band',
      title: 'Song',
      caption: 'listen',
      thumbnail: new InputFile(jpegHeader(90, 90), 'cover.jpg'),
    });
    const audio = sent.audio;
    expect(Object.keys(audio)).toEqual([
      'duration',
      'file_name',
      'mime_type',
      'title',
      'performer',
      'thumbnail',
      'thumb',
      'file_id',
      'file_unique_id',
      'file_size',
    ]);
    expect(audio).toMatchObject({
      duration: 215,
      file_name: 'song.mp3',
      mime_type: 'audio/mpeg',
      title: 'Song',
      performer: 'Band',
      file_size: SONG.length,
      thumbnail: { width: 90, height: 90 },
    });
    expect(sent.caption).toBe('listen');
    const file = await api.getFile(audio.file_id);
    expect(file.file_path).toMatch(/^music\/file_\d+\.mp3$/);
    expect((await download(file.file_path!)).equals(SONG)).toBe(true);

    const again = await api.sendAudio(chatId, audio.file_id, { duration: 1, title: 'Other' });
    expect(again.audio).toEqual(audio);
  });

  it('fills stand-ins for what a video leaves out and keeps its own type folder', async () => {
    const plain = await api.sendVideo(chatId, new InputFile(noise(500, 2), 'clip.mp4'));
    expect(plain.video).toMatchObject({ duration: 1, width: 1280, height: 720, mime_type: 'video/mp4' });
    const told = await api.sendVideo(chatId, new InputFile(noise(500, 3), 'clip2.mp4'), {
      duration: 12,
      width: 640,
      height: 480,
      has_spoiler: true,
      caption: 'look',
      show_caption_above_media: true,
    });
    expect(told.video).toMatchObject({ duration: 12, width: 640, height: 480, file_name: 'clip2.mp4' });
    expect(told).toMatchObject({ has_media_spoiler: true, show_caption_above_media: true, caption: 'look' });
    expect((await api.getFile(told.video.file_id)).file_path).toMatch(/^videos\/file_\d+\.mp4$/);
  });

  it('sends an animation with its document, sized from its header', async () => {
    const sent = await api.sendAnimation(chatId, new InputFile(gif(48, 32), 'dance.gif'));
    expect(sent.animation).toMatchObject({ width: 48, height: 32, duration: 1, mime_type: 'image/gif' });
    expect(sent.document).toEqual({
      file_name: 'dance.gif',
      mime_type: 'image/gif',
      file_id: sent.animation.file_id,
      file_unique_id: sent.animation.file_unique_id,
      file_size: sent.animation.file_size,
    });
    expect((await api.getFile(sent.animation.file_id)).file_path).toMatch(/^animations\/file_\d+\.gif$/);
  });

  it('sends voice messages and video notes', async () => {
    const voice = await api.sendVoice(chatId, new InputFile(noise(300, 4), 'note.ogg'), { duration: 3 });
    expect(voice.voice).toEqual({
      duration: 3,
      mime_type: 'audio/ogg',
      file_id: expect.any(String),
      file_unique_id: expect.any(String),
      file_size: 300,
    });
    expect((await api.getFile(voice.voice.file_id)).file_path).toMatch(/^voice\/file_\d+\.oga$/);
    const note = await api.sendVideoNote(chatId, new InputFile(noise(400, 5), 'round.mp4'), { duration: 5 });
    expect(note.video_note).toMatchObject({ duration: 5, length: 240, file_size: 400 });
    expect((await api.getFile(note.video_note.file_id)).file_path).toMatch(/^video_notes\/file_\d+\.mp4$/);
  });

  it('refuses with the reference texts and stores nothing', async () => {
    const photo = await api.sendPhoto(chatId, new InputFile(png(2, 2), 'p.png'));
    const before = await count();
    const missing = await callBotApi(server, token, 'sendAudio', { chat_id: chatId });
    expect(missing.body.description).toBe('Bad Request: there is no audio in the request');
    for (const [method, words] of [
      ['sendVideo', 'video'],
      ['sendAnimation', 'animation'],
      ['sendVoice', 'voice'],
      ['sendVideoNote', 'video note'],
    ] as const) {
      const answer = await callBotApi(server, token, method, { chat_id: chatId });
      expect(answer.body.description).toBe(`Bad Request: there is no ${words} in the request`);
    }
    await expectRefused(api.sendAudio(chatId, photo.photo[0]!.file_id), 'Bad Request: type of file mismatch');
    await expectRefused(
      api.sendVideoNote(chatId, new InputFile(noise(10), 'r.mp4'), { length: 640 }),
      'Bad Request: wrong video note length',
    );
    await expectRefused(
      api.sendVoice(123_456, new InputFile(noise(10), 'v.ogg')),
      'Bad Request: chat not found',
    );
    expect(await count()).toBe(before);
  });
});

describe('files by HTTP URL', () => {
  it('downloads photos, documents and audio that a bot names by URL', async () => {
    const photo = await api.sendPhoto(chatId, `${filesUrl}/moved`);
    expect(photo.photo[0]).toMatchObject({ width: 4, height: 3 });
    const document = await api.sendDocument(chatId, `${filesUrl}/cat.png`);
    expect(document.document).toMatchObject({ file_name: 'cat.png', mime_type: 'image/png' });
    const audio = await api.sendAudio(chatId, `${filesUrl}/song.mp3`, { performer: 'Web' });
    expect(audio.audio).toMatchObject({ file_name: 'song.mp3', performer: 'Web', file_size: SONG.length });
    const file = await api.getFile(audio.audio.file_id);
    expect((await download(file.file_path!)).equals(SONG)).toBe(true);
  });

  it('refuses what cannot be fetched or used, and stores nothing', async () => {
    const before = await count();
    await expectRefused(
      api.sendPhoto(chatId, `${filesUrl}/missing`),
      'Bad Request: failed to get HTTP URL content',
    );
    await expectRefused(
      api.sendPhoto(chatId, `${filesUrl}/big.png`),
      'Bad Request: failed to get HTTP URL content',
    );
    await expectRefused(
      api.sendPhoto(chatId, `${filesUrl}/page.html`),
      'Bad Request: wrong type of the web page content',
    );
    await expectRefused(
      api.sendVideo(chatId, 'http://'),
      'Bad Request: wrong file identifier/HTTP URL specified',
    );
    expect(await count()).toBe(before);
  });

  it('refuses private addresses in the strict profile', async () => {
    const strict = await startServer({ profile: 'strict' });
    try {
      const made = await userAndBot(strict, 'strict');
      await strict.control.sendMessage({
        from: made.user.phone_number,
        chat: `@${made.bot.username}`,
        text: 'hi',
      });
      const strictApi = new Api(made.token, { apiRoot: strict.url });
      await expectRefused(
        strictApi.sendPhoto(made.user.id, `${filesUrl}/cat.png`),
        'Bad Request: failed to get HTTP URL content',
      );
    } finally {
      await strict.close();
    }
  });
});

describe('sendMediaGroup', () => {
  it('sends an album of uploads sharing a media_group_id, ignoring reply_markup', async () => {
    const album = await api.sendMediaGroup(
      chatId,
      [
        {
          type: 'photo',
          media: new InputFile(png(5, 5), 'a.png'),
          caption: '*first*',
          parse_mode: 'MarkdownV2',
        },
        { type: 'video', media: new InputFile(noise(200, 9), 'b.mp4'), width: 320, height: 240 },
      ],
      { reply_markup: { inline_keyboard: [[{ text: 'x', callback_data: 'x' }]] } } as never,
    );
    expect(album).toHaveLength(2);
    const [first, second] = album as unknown as Array<Record<string, unknown>>;
    expect(first!.media_group_id).toMatch(/^\d+$/);
    expect(second!.media_group_id).toBe(first!.media_group_id);
    expect(first).toMatchObject({
      caption: 'first',
      caption_entities: [{ type: 'bold', offset: 0, length: 5 }],
    });
    expect(second!.video).toMatchObject({ width: 320, height: 240 });
    expect(first).not.toHaveProperty('reply_markup');

    const single = await api.sendMediaGroup(chatId, [{ type: 'document', media: `${filesUrl}/cat.png` }]);
    expect(single).toHaveLength(1);
    expect(single[0]).not.toHaveProperty('media_group_id');
  });

  it('refuses bad albums with the reference texts and stores nothing', async () => {
    const before = await count();
    const photo = { type: 'photo' as const, media: new InputFile(png(2, 2), 'p.png') };
    await expectRefused(
      api.sendMediaGroup(
        chatId,
        Array.from({ length: 11 }, () => photo),
      ),
      'Bad Request: too many messages to send as an album',
    );
    await expectRefused(
      api.sendMediaGroup(chatId, [
        photo,
        { type: 'document', media: new InputFile(noise(5), 'd.bin') },
      ] as never),
      "Bad Request: document can't be mixed with other media types",
    );
    await expectRefused(
      api.sendMediaGroup(chatId, [photo, { type: 'animation', media: 'x' }] as never),
      'Bad Request: can\'t parse InputMedia: type "animation" can\'t be used in sendMediaGroup',
    );
    await expectRefused(
      api.sendMediaGroup(chatId, [photo, { type: 'photo', media: 'attach://nothing' }]),
      "Bad Request: can't parse InputMedia: media not found",
    );
    await expectRefused(
      api.sendMediaGroup(chatId, [photo, { type: 'photo', media: 'AgACno-such-file' }]),
      'Bad Request: failed to send message #2 with the error message "Wrong file identifier/HTTP URL specified"',
    );
    const notArray = await callBotApi(server, token, 'sendMediaGroup', { chat_id: chatId, media: {} });
    expect(notArray.body.description).toBe('Bad Request: expected an Array of InputMedia');
    const empty = await callBotApi(server, token, 'sendMediaGroup', { chat_id: chatId, media: [] });
    expect(empty.body.description).toBe('Bad Request: there are no messages to send');
    expect(await count()).toBe(before);
  });
});
