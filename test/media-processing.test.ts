/**
 * Media as the platform treats them (issue 27, ADR 0086), through real bot libraries over HTTP:
 * durations and sizes read from the files, a non-square video note sent as a video, thumbnails
 * made for image documents and stickers, a photo's sizes stored once and sent whole again by the
 * file_id of any size; with an ffmpeg, the first frame of videos, animations and video notes as
 * their thumbnail and a GIF sent as an animation converted to MP4 (skipped, with a message, where
 * no ffmpeg is installed: the fallback is covered by src/platform/files/media-derivation.test.ts).
 *
 * The clips are tiny files made with ffmpeg and committed under test/fixtures/media/.
 */
import { readFileSync } from 'node:fs';
import { Api, InputFile } from 'grammy';
import type { Message } from 'grammy/types';
import { Bot, InputFile as BotInputFile } from 'node-telegram-bot-api-2';
import sharp from 'sharp';
import { Telegraf } from 'telegraf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { locateFfmpeg } from '../src/platform/files/ffmpeg.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/media/${name}`, import.meta.url));
const CLIP = fixture('clip-320x240-3s.mp4');
const SQUARE_NOTE = fixture('note-240-2s.mp4');
const WIDE_NOTE = fixture('note-240x176-2s.mp4');
const VOICE = fixture('voice-3s.ogg');
const TONE = fixture('tone-4s.mp3');
const GIF = fixture('spin-64x48.gif');
const VIDEO_STICKER = fixture('sticker-512.webm');

const ffmpeg = await locateFfmpeg();
if (!ffmpeg)
  console.warn('media-processing: no ffmpeg (npm @ffmpeg-installer or PATH): its tests are skipped');

let server: TestServer;
let api: Api;
let token: string;
let chatId: number;

beforeAll(async () => {
  server = await startServer();
  const made = await userAndBot(server, 'mediaproc');
  ({ token } = made);
  chatId = made.user.id;
  await server.control.sendMessage({
    from: made.user.phone_number,
    chat: `@${made.bot.username}`,
    text: 'hi',
  });
  api = new Api(token, { apiRoot: server.url });
});
afterAll(async () => {
  await server.close();
});

async function download(fileId: string): Promise<{ bytes: Buffer; size: number | undefined }> {
  const file = await api.getFile(fileId);
  const response = await fetch(`${server.url}/file/bot${token}/${file.file_path}`);
  expect(response.status).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), size: file.file_size };
}

describe('durations and sizes read from the file', () => {
  it('takes an audio file, a voice message and a video their duration and size from their bytes', async () => {
    const audio = await api.sendAudio(chatId, new InputFile(TONE, 'tone.mp3'));
    expect(audio.audio).toMatchObject({ duration: 4, file_name: 'tone.mp3', mime_type: 'audio/mpeg' });
    const voice = await api.sendVoice(chatId, new InputFile(VOICE, 'voice.ogg'));
    expect(voice.voice).toMatchObject({ duration: 3 });
    const video = await api.sendVideo(chatId, new InputFile(CLIP, 'clip.mp4'));
    expect(video.video).toMatchObject({ duration: 3, width: 320, height: 240, mime_type: 'video/mp4' });
  });

  it('keeps what the bot says over what the file says, and both again for the same file_id', async () => {
    const video = await api.sendVideo(chatId, new InputFile(CLIP, 'told.mp4'), {
      duration: 9,
      width: 640,
      height: 480,
    });
    expect(video.video).toMatchObject({ duration: 9, width: 640, height: 480 });
    const again = await api.sendVideo(chatId, video.video!.file_id);
    expect(again.video).toMatchObject({ duration: 9, width: 640, height: 480 });
  });

  it('sends a square clip as a video note of its side, and a clip that is not square as a video', async () => {
    const note = await api.sendVideoNote(chatId, new InputFile(SQUARE_NOTE, 'note.mp4'));
    expect(note.video_note).toMatchObject({ duration: 2, length: 240 });
    const wide: Message = await api.sendVideoNote(chatId, new InputFile(WIDE_NOTE, 'wide.mp4'));
    expect(wide.video_note).toBeUndefined();
    expect(wide.video).toMatchObject({ duration: 2, width: 240, height: 176 });
    // The video is a video: sent again by its file_id as one.
    const again = await api.sendVideo(chatId, wide.video!.file_id);
    expect(again.video?.file_unique_id).toBe(wide.video!.file_unique_id);
  });
});

describe("a person's media (control API)", () => {
  it('reaches the bot with the duration and size of the file, and an image document with a thumbnail', async () => {
    const person = await server.control.createUser({ phone_number: '+15550199001', first_name: 'Pat' });
    const made = await userAndBot(server, 'mediaperson');
    const bot = new Api(made.token, { apiRoot: server.url });
    const chat = `@${made.bot.username}`;
    const sent = await server.control.sendMedia({
      from: person.id,
      chat,
      video: { data: CLIP, filename: 'clip.mp4' },
    });
    expect(sent.video).toMatchObject({ duration: 3, width: 320, height: 240 });
    const voice = await server.control.sendMedia({ from: person.id, chat, voice: { data: VOICE } });
    expect(voice.voice).toMatchObject({ duration: 3 });
    const image = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    await server.control.sendMedia({
      from: person.id,
      chat,
      document: { data: image, filename: 'square.png' },
    });
    const updates = await bot.getUpdates();
    const [video, , document] = updates.map((update) => update.message!);
    expect(video!.video).toMatchObject({ duration: 3, width: 320, height: 240 });
    expect(document!.document!.thumbnail).toMatchObject({ width: 320, height: 320 });
    const file = await bot.getFile(document!.document!.thumbnail!.file_id);
    const response = await fetch(`${server.url}/file/bot${made.token}/${file.file_path}`);
    expect(response.status).toBe(200);
  });
});

describe('thumbnails made by Parley', () => {
  it('gives an image sent as a document a JPEG thumbnail of at most 320, downloadable (telegraf)', async () => {
    const image = await sharp({
      create: { width: 1000, height: 500, channels: 3, background: { r: 200, g: 30, b: 90 } },
    })
      .png()
      .toBuffer();
    const telegraf = new Telegraf(token, { telegram: { apiRoot: server.url } });
    const sent = await telegraf.telegram.sendDocument(chatId, { source: image, filename: 'wide.png' });
    const thumbnail = sent.document.thumbnail!;
    expect(thumbnail).toMatchObject({ width: 320, height: 160 });
    expect((sent.document as { thumb?: unknown }).thumb).toEqual(thumbnail);
    expect(thumbnail.file_unique_id).not.toBe(sent.document.file_unique_id);
    const { bytes, size } = await download(thumbnail.file_id);
    expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(bytes.length).toBe(size);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 320, height: 160, format: 'jpeg' });
    // A document that is no image has none.
    const text = await telegraf.telegram.sendDocument(chatId, {
      source: Buffer.from('plain text'),
      filename: 'notes.txt',
    });
    expect(text.document.thumbnail).toBeUndefined();
  });

  it('gives a sent sticker a WEBP thumbnail of at most 128 (node-telegram-bot-api 2.x)', async () => {
    const image = await sharp({
      create: { width: 512, height: 256, channels: 4, background: { r: 10, g: 120, b: 240, alpha: 0.5 } },
    })
      .webp()
      .toBuffer();
    const bot = new Bot(token, { apiRoot: server.url });
    const sent = await bot.api.sendSticker({
      chat_id: chatId,
      sticker: new BotInputFile(new Uint8Array(image), {
        filename: 'sticker.webp',
        contentType: 'image/webp',
      }),
    });
    const thumbnail = sent.sticker!.thumbnail!;
    expect(thumbnail).toMatchObject({ width: 128, height: 64 });
    const file = await bot.api.getFile({ file_id: thumbnail.file_id });
    const response = await fetch(`${server.url}/file/bot${token}/${file.file_path}`);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 128,
    });
  });
});

describe('a photo stored once', () => {
  it('sends the whole photo again by the file_id of any of its sizes, and finds the same bytes again', async () => {
    const image = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const first = await api.sendPhoto(chatId, new InputFile(image, 'big.png'));
    const uniqueIds = first.photo!.map((size) => size.file_unique_id);
    expect(first.photo!.map((size) => size.width)).toEqual([90, 320, 800, 1280]);
    // By the thumbnail's file_id: the photo it is a size of, all of it (before ADR 0086, one size).
    const bySmallest = await api.sendPhoto(chatId, first.photo![0]!.file_id);
    expect(bySmallest.photo!.map((size) => size.file_unique_id)).toEqual(uniqueIds);
    const byMiddle = await api.sendPhoto(chatId, first.photo![2]!.file_id);
    expect(byMiddle.photo!.map((size) => size.file_unique_id)).toEqual(uniqueIds);
    // The same bytes uploaded again are the same photo.
    const again = await api.sendPhoto(chatId, new InputFile(image, 'again.png'));
    expect(again.photo!.map((size) => size.file_unique_id)).toEqual(uniqueIds);
  });
});

describe.skipIf(!ffmpeg)('with an ffmpeg: first frames and GIFs', () => {
  it('gives a video, a video note and an animation the first frame as thumbnail, downloadable', async () => {
    const video = await api.sendVideo(chatId, new InputFile(CLIP, 'framed.mp4'));
    const thumbnail = video.video!.thumbnail!;
    expect(thumbnail).toMatchObject({ width: 320, height: 240 });
    const { bytes, size } = await download(thumbnail.file_id);
    expect(bytes.length).toBe(size);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });

    const note = await api.sendVideoNote(chatId, new InputFile(SQUARE_NOTE, 'framed-note.mp4'));
    expect(note.video_note!.thumbnail).toMatchObject({ width: 240, height: 240 });
    const animation = await api.sendAnimation(chatId, new InputFile(CLIP, 'loop.mp4'));
    expect(animation.animation!.thumbnail).toMatchObject({ width: 320, height: 240 });
    expect(animation.document!.thumbnail).toEqual(animation.animation!.thumbnail);
    const asDocument = await api.sendDocument(chatId, new InputFile(CLIP, 'as-document.mp4'));
    expect(asDocument.document!.thumbnail).toMatchObject({ width: 320, height: 240 });

    // Sent again by file_id, the video keeps its thumbnail: the same file.
    const again = await api.sendVideo(chatId, video.video!.file_id);
    expect(again.video!.thumbnail!.file_unique_id).toBe(thumbnail.file_unique_id);
    // A thumbnail the bot uploads wins over the first frame.
    const told = await api.sendVideo(chatId, new InputFile(CLIP, 'told-thumb.mp4'), {
      thumbnail: new InputFile(
        await sharp({ create: { width: 90, height: 60, channels: 3, background: '#0f0' } })
          .jpeg()
          .toBuffer(),
        'cover.jpg',
      ),
    });
    expect(told.video!.thumbnail).toMatchObject({ width: 90, height: 60 });
  });

  it('converts a GIF sent as an animation to MP4, once, sized and timed from the file', async () => {
    const sent = await api.sendAnimation(chatId, new InputFile(GIF, 'spin.gif'));
    expect(sent.animation).toMatchObject({
      file_name: 'spin.gif.mp4',
      mime_type: 'video/mp4',
      width: 64,
      height: 48,
      duration: 2,
    });
    expect(sent.animation!.thumbnail).toMatchObject({ width: 64, height: 48 });
    const { bytes } = await download(sent.animation!.file_id);
    expect(bytes.toString('latin1', 4, 8)).toBe('ftyp');
    const again = await api.sendAnimation(chatId, new InputFile(GIF, 'spin.gif'));
    expect(again.animation!.file_unique_id).toBe(sent.animation!.file_unique_id);
  });

  it('gives a video sticker a WEBP thumbnail from its first frame', async () => {
    const sent = await api.sendSticker(chatId, new InputFile(VIDEO_STICKER, 'sticker.webm'));
    expect(sent.sticker).toMatchObject({ is_video: true });
    expect(sent.sticker!.thumbnail).toMatchObject({ width: 128, height: 128 });
    const { bytes } = await download(sent.sticker!.thumbnail!.file_id);
    expect((await sharp(bytes).metadata()).format).toBe('webp');
  });
});
