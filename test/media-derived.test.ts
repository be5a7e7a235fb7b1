/**
 * The media items issue 27 left (ADR 0097), through real bot libraries over HTTP: stickers of sets
 * carry the thumbnail Parley makes (getStickerSet, as a sent sticker does), whose file downloads;
 * media sent through inline results and stories get the same sizes and thumbnails as a direct
 * send; a person's photo is encoded once per content; the width and height a bot gives are taken
 * as a pair, as TDLib takes them.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InputFile } from 'grammy';
import type { Message, Update } from 'grammy/types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import type { TestBot } from './helpers/groups.js';
import { getSet, stickerKit } from './helpers/stickers.js';
import { tgs } from './helpers/sticker-bytes.js';
import { locateFfmpeg } from '../src/platform/files/ffmpeg.js';

const ffmpeg = await locateFfmpeg();
if (!ffmpeg)
  console.warn('media-derived: no ffmpeg (npm @ffmpeg-installer or PATH): video thumbnails are skipped');

const CLIP = readFileSync(new URL('./fixtures/media/clip-320x240-3s.mp4', import.meta.url));
/** A photo larger than the reference's largest size (1280), served by URL for inline results. */
const BIG_PHOTO = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#225588' } })
  .jpeg()
  .toBuffer();

let server: TestServer;
let files: Server;
let filesUrl: string;
beforeAll(async () => {
  server = await startServer();
  files = createServer((request, response) => {
    if (request.url === '/big.jpg') response.writeHead(200, { 'content-type': 'image/jpeg' }).end(BIG_PHOTO);
    else if (request.url === '/clip.mp4') response.writeHead(200, { 'content-type': 'video/mp4' }).end(CLIP);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => files.close(resolve));
});

const { ownerAndBot, person, bot } = stickerKit(() => server);

type Thumb = { file_id: string; file_unique_id: string; width: number; height: number };

/** Downloads a file the bot has a file_id of, as a library does: getFile, then /file/bot<token>/<path>. */
async function download(b: TestBot, fileId: string): Promise<Buffer> {
  const file = await b.api.getFile(fileId);
  const response = await fetch(`${server.url}/file/bot${b.token}/${file.file_path}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const image = (width: number, height: number, format: 'png' | 'webp') =>
  sharp({ create: { width, height, channels: 4, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

describe('stickers in sets have thumbnails', () => {
  it('shows a thumbnail for static stickers made, added, replaced and uploaded, that downloads and is at most 320', async () => {
    const { owner, b, setName } = await ownerAndBot('setthumb');
    const uploaded = await b.api.uploadStickerFile(
      owner.id,
      'static',
      new InputFile(await image(512, 512, 'webp'), 'up.webp'),
    );
    await b.api.createNewStickerSet(owner.id, setName, 'Thumbs', [
      { sticker: new InputFile(await image(512, 384, 'png'), 'a.png'), format: 'static', emoji_list: ['😺'] },
      { sticker: uploaded.file_id, format: 'static', emoji_list: ['🐱'] },
    ]);
    await b.api.addStickerToSet(owner.id, setName, {
      sticker: new InputFile(tgs(), 'c.tgs'),
      format: 'animated',
      emoji_list: ['🙀'],
    });
    let set = await getSet(b, setName);
    // The sticker of uploadStickerFile has its thumbnail in the set too (a WEBP within 128).
    const ofUpload = set.stickers[1] as unknown as { file_unique_id: string; thumbnail?: Thumb };
    expect(ofUpload.file_unique_id).toBe(uploaded.file_unique_id);
    expect(ofUpload.thumbnail).toMatchObject({ width: 128, height: 128 });
    await b.api.replaceStickerInSet(owner.id, setName, set.stickers[1]!.file_id, {
      sticker: new InputFile(await image(300, 512, 'png'), 'd.png'),
      format: 'static',
      emoji_list: ['😸'],
    });
    set = await getSet(b, setName);
    const [first, replaced, animated] = set.stickers as unknown as Array<
      Record<string, unknown> & { thumbnail?: Thumb; thumb?: Thumb; file_id: string }
    >;
    for (const sticker of [first!, replaced!]) {
      const thumbnail = sticker.thumbnail!;
      expect(thumbnail).toMatchObject({ file_id: expect.any(String), file_unique_id: expect.any(String) });
      // The legacy name beside it, and before the file's fields, as the reference's JsonSticker.
      expect(sticker.thumb).toEqual(thumbnail);
      expect(Object.keys(sticker).slice(-5)).toEqual([
        'thumbnail',
        'thumb',
        'file_id',
        'file_unique_id',
        'file_size',
      ]);
      expect(Math.max(thumbnail.width, thumbnail.height)).toBeLessThanOrEqual(320);
      const bytes = await download(b, thumbnail.file_id);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([thumbnail.width, thumbnail.height]);
    }
    expect(first!.thumbnail).toMatchObject({ width: 128, height: 96 });
    expect(replaced!.thumbnail).toMatchObject({ width: 75, height: 128 });
    // An animated sticker has none: Parley cannot draw Lottie, and the reference leaves out what it lacks.
    expect(animated!.thumbnail).toBeUndefined();
    expect(animated!.thumb).toBeUndefined();

    // A sticker of the set sent shows the same thumbnail.
    const sent = await b.api.sendSticker(owner.id, first!.file_id);
    expect(sent.sticker?.thumbnail?.file_unique_id).toBe(first!.thumbnail!.file_unique_id);
  });
});

describe('video stickers in sets have thumbnails', () => {
  it.skipIf(!ffmpeg)("draws a WEBM sticker's first frame as its thumbnail in the set", async () => {
    const { owner, b, setName } = await ownerAndBot('videothumb');
    const webm = readFileSync(new URL('./fixtures/media/sticker-512.webm', import.meta.url));
    await b.api.createNewStickerSet(owner.id, setName, 'Moving', [
      { sticker: new InputFile(webm, 'v.webm'), format: 'video', emoji_list: ['🎬'] },
    ]);
    const [sticker] = (await getSet(b, setName)).stickers as unknown as Array<{ thumbnail?: Thumb }>;
    expect(sticker!.thumbnail).toMatchObject({ width: 128, height: 128 });
    const bytes = await download(b, sticker!.thumbnail!.file_id);
    expect((await sharp(bytes).metadata()).format).toBe('webp');
  });
});

describe('the width, height and duration a bot gives', () => {
  it("takes width and height as a pair: both win over the file, one alone is dropped for the file's", async () => {
    const { owner, b } = await ownerAndBot('pairsize');
    // Both given: the video's, though the file is 320x240 (TDLib passes them on as its attributes).
    const both = await b.api.sendVideo(owner.id, new InputFile(CLIP, 'both.mp4'), {
      width: 640,
      height: 480,
    });
    expect(both.video).toMatchObject({ width: 640, height: 480, duration: 3 });
    // One alone: TDLib's get_dimensions makes both 0, so both come from the file.
    const widthOnly = await b.api.sendVideo(owner.id, new InputFile(CLIP, 'w.mp4'), {
      width: 640,
      duration: 7,
    });
    expect(widthOnly.video).toMatchObject({ width: 320, height: 240, duration: 7 });
    const heightOnly = await b.api.sendAnimation(owner.id, new InputFile(CLIP, 'h.mp4'), { height: 100 });
    expect(heightOnly.animation).toMatchObject({ width: 320, height: 240, duration: 3 });
  });
});

describe("a person's photo is encoded once per content", () => {
  it('encodes the same photo sent twice once, and both messages carry the same sizes', async () => {
    const { owner, b } = await ownerAndBot('personphoto');
    const chat = `@${b.record.username}`;
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const { made } = server.parley.platform.files.media;
    const before = made.photos;
    const first = await server.control.sendMedia({ from: owner.id, chat, photo: { data: photo } });
    expect(made.photos).toBe(before + 1);
    const second = await server.control.sendMedia({ from: owner.id, chat, photo: { data: photo } });
    expect(made.photos).toBe(before + 1);
    const ids = (message: typeof first) => message.photo!.map((size) => size.file_unique_id);
    expect(first.photo!.length).toBeGreaterThan(1);
    expect(ids(second)).toEqual(ids(first));
    // The bot sees both under its own file_ids of the same files.
    const updates = (await b.updates()).map((update) => update.message as unknown as typeof first);
    expect(updates.map(ids)).toEqual([ids(first), ids(first)]);
  });
});

describe("inline results' and stories' media are derived as a direct send's", () => {
  /** A person who started a bot of inline mode, and the bot. */
  async function inlineScene(prefix: string) {
    const owner = await person('Ines');
    const b = await bot(prefix, { supports_inline_queries: true });
    await server.control.sendMessage({ from: owner.id, chat: `@${b.record.username}`, text: 'hi' });
    await b.updates();
    return { owner, b };
  }

  /** The bot's next update of `kind`, long-polled (others are passed over). */
  async function next(b: TestBot, kind: 'inline_query' | 'message'): Promise<Update> {
    for (;;) {
      const [update] = await b.api.getUpdates({ timeout: 5, limit: 1 });
      if (!update) continue;
      await b.api.getUpdates({ offset: update.update_id + 1, timeout: 0, limit: 1 });
      if (update[kind]) return update;
    }
  }

  /** A person's inline query answered with `results`, and the result `id` chosen: the bot's message. */
  async function choose(b: TestBot, user: string, results: unknown[], id: string): Promise<Message> {
    const view = server.control.inlineQuery({ user, bot: `@${b.record.username}`, query: id, timeout: 10 });
    const queryId = (await next(b, 'inline_query')).inline_query!.id;
    await b.api.answerInlineQuery(queryId, results as never);
    await view;
    await server.control.chooseInlineResult({ user, query_id: queryId, result_id: id });
    // The message of the private chat reaches the bot, with its own file_ids.
    return (await next(b, 'message')).message!;
  }

  it('gives a photo result by URL the sizes of sendPhoto, and a cached one the whole photo', async () => {
    const { owner, b } = await inlineScene('inlinephoto');
    const made = server.parley.platform.files.media.made;
    const before = made.photos;
    const byUrl = await choose(
      b,
      owner.phone_number,
      [{ type: 'photo', id: 'url', photo_url: `${filesUrl}/big.jpg`, thumbnail_url: `${filesUrl}/big.jpg` }],
      'url',
    );
    expect(byUrl.photo!.map((size) => [size.width, size.height])).toEqual([
      [90, 68],
      [320, 240],
      [800, 600],
      [1280, 960],
    ]);
    // By the file_id of its smallest size, the whole photo, not encoded again.
    const cached = await choose(
      b,
      owner.phone_number,
      [{ type: 'photo', id: 'cached', photo_file_id: byUrl.photo![0]!.file_id }],
      'cached',
    );
    expect(cached.photo!.map((size) => size.file_unique_id)).toEqual(
      byUrl.photo!.map((size) => size.file_unique_id),
    );
    expect(made.photos).toBe(before + 1);
  });

  it.skipIf(!ffmpeg)(
    'gives a video result by URL its duration, size and thumbnail, and a cached one its thumbnail',
    async () => {
      const { owner, b } = await inlineScene('inlinevideo');
      const byUrl = await choose(
        b,
        owner.phone_number,
        [
          {
            type: 'video',
            id: 'v',
            video_url: `${filesUrl}/clip.mp4`,
            mime_type: 'video/mp4',
            thumbnail_url: `${filesUrl}/big.jpg`,
            title: 'Clip',
          },
        ],
        'v',
      );
      expect(byUrl.video).toMatchObject({ width: 320, height: 240, duration: 3 });
      const thumbnail = byUrl.video!.thumbnail!;
      expect(thumbnail).toMatchObject({ width: 320, height: 240 });
      expect((await sharp(await download(b, thumbnail.file_id)).metadata()).format).toBe('jpeg');
      const cached = await choose(
        b,
        owner.phone_number,
        [{ type: 'video', id: 'c', video_file_id: byUrl.video!.file_id, title: 'Again' }],
        'c',
      );
      expect(cached.video!.thumbnail?.file_unique_id).toBe(thumbnail.file_unique_id);
    },
  );

  it.skipIf(!ffmpeg)(
    "gives a story's photo the sizes of sendPhoto and its video a duration, size and thumbnail",
    async () => {
      const { owner, b } = await ownerAndBot('storymedia');
      const connection = await server.control.connectBusinessBot({
        user: owner.id,
        bot: b.record.id,
        rights: { can_manage_stories: true },
      });
      await b.api.postStory(
        connection.id,
        { type: 'photo', photo: new InputFile(BIG_PHOTO, 's.jpg') },
        6 * 3600,
        {},
      );
      await b.api.postStory(
        connection.id,
        { type: 'video', video: new InputFile(CLIP, 's.mp4') },
        6 * 3600,
        {},
      );
      const stories = await server.control.listStories({ owner: owner.id });
      const photo = stories.find((story) => story.id === 1)!.content as unknown as {
        photo: Array<{ width: number; height: number }>;
      };
      expect(photo.photo.map((size) => [size.width, size.height])).toEqual([
        [90, 68],
        [320, 240],
        [800, 600],
        [1280, 960],
      ]);
      const video = stories.find((story) => story.id === 2)!.content as unknown as {
        video: Record<string, unknown> & { thumbnail: Thumb };
      };
      expect(video.video).toMatchObject({
        width: 320,
        height: 240,
        duration: 3,
        thumbnail: { width: 320, height: 240 },
      });
    },
  );
});
