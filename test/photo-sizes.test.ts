/**
 * Photos as the reference stores them (ADR 0081), seen through grammY and the control API: the set
 * of JPEG PhotoSizes (90, 320, 800, 1280, only those below the original, the original downsized to
 * at most 1280), each its own file that getFile names and the download route serves; and a PNG
 * thumbnail of a document converted to a JPEG instead of dropped.
 */
import { Bot, InputFile } from 'grammy';
import type { Message, PhotoSize } from 'grammy/types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
let token: string;
let chatId: number;
let phoneNumber: string;
let botName: string;
let bot: Bot;

beforeAll(async () => {
  server = await startServer();
  const made = await userAndBot(server, 'photosizes');
  token = made.token;
  chatId = made.user.id;
  phoneNumber = made.user.phone_number;
  botName = made.bot.username;
  await server.control.sendMessage({ from: phoneNumber, chat: `@${botName}`, text: 'hi' });
  bot = new Bot(token, { client: { apiRoot: server.url } });
});
afterAll(async () => {
  await server.close();
});

const dims = (sizes: PhotoSize[]) => sizes.map(({ width, height }) => [width, height]);

/** Each size is its own file: getFile names it, and its bytes are a JPEG of that size. */
async function expectDownloadableJpegs(sizes: PhotoSize[]) {
  expect(new Set(sizes.map((size) => size.file_unique_id)).size).toBe(sizes.length);
  for (const size of sizes) {
    const file = await bot.api.getFile(size.file_id);
    expect(file.file_path).toMatch(/^photos\/file_\d+\.jpg$/);
    const response = await fetch(`${server.url}/file/bot${token}/${file.file_path}`);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(size.file_size);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', size.width, size.height]);
  }
}

describe('sendPhoto', () => {
  let large: Message.PhotoMessage;

  it('stores a 2000x1500 PNG as four JPEG sizes, the thumbnail first and the original downsized to 1280', async () => {
    large = await bot.api.sendPhoto(chatId, new InputFile(png(2000, 1500), 'big.png'));
    expect(dims(large.photo)).toEqual([
      [90, 68],
      [320, 240],
      [800, 600],
      [1280, 960],
    ]);
    await expectDownloadableJpegs(large.photo);
  });

  it('stores a 200x150 photo as the thumbnail and the original only', async () => {
    const sent = await bot.api.sendPhoto(chatId, new InputFile(png(200, 150), 'small.png'));
    expect(dims(sent.photo)).toEqual([
      [90, 68],
      [200, 150],
    ]);
    await expectDownloadableJpegs(sent.photo);
  });

  it('sends the same set again by the file_id of its largest size', async () => {
    const again = await bot.api.sendPhoto(chatId, large.photo[3]!.file_id);
    expect(again.photo.map((size) => size.file_unique_id)).toEqual(
      large.photo.map((size) => size.file_unique_id),
    );
  });
});

describe("a person's photo through the control API", () => {
  it('gets the same set of sizes, each downloadable by the bot', async () => {
    const sent = await server.control.sendMedia({
      from: phoneNumber,
      chat: `@${botName}`,
      photo: { data: png(2000, 1500) },
    });
    expect(dims(sent.photo as PhotoSize[])).toEqual([
      [90, 68],
      [320, 240],
      [800, 600],
      [1280, 960],
    ]);
    const updates = await bot.api.getUpdates({ timeout: 0 });
    const got = updates.map((update) => update.message).find((m) => m?.message_id === sent.message_id);
    expect(dims(got!.photo!)).toEqual(dims(sent.photo as PhotoSize[]));
    await expectDownloadableJpegs(got!.photo!);
  });
});

describe('thumbnails', () => {
  it('converts a PNG thumbnail of a document to a JPEG of at most 320', async () => {
    const sent = await bot.api.sendDocument(chatId, new InputFile(Buffer.from('some text'), 'a.txt'), {
      thumbnail: new InputFile(png(640, 480), 'thumb.png'),
    });
    const thumbnail = sent.document.thumbnail!;
    expect([thumbnail.width, thumbnail.height]).toEqual([320, 240]);
    await expectDownloadableJpegsOf(thumbnail, 'thumbnails');
  });
});

async function expectDownloadableJpegsOf(size: PhotoSize, folder: string) {
  const file = await bot.api.getFile(size.file_id);
  expect(file.file_path).toMatch(new RegExp(`^${folder}/file_\\d+\\.jpg$`));
  const response = await fetch(`${server.url}/file/bot${token}/${file.file_path}`);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', size.width, size.height]);
}
