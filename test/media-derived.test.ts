/**
 * The media items issue 27 left (ADR 0097), through real bot libraries over HTTP: stickers of sets
 * carry the thumbnail Parley makes (getStickerSet, as a sent sticker does), whose file downloads;
 * media sent through inline results and stories get the same sizes and thumbnails as a direct
 * send; a person's photo is encoded once per content; the width and height a bot gives are taken
 * as a pair, as TDLib takes them.
 */
import { readFileSync } from 'node:fs';
import { InputFile } from 'grammy';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import type { TestBot } from './helpers/groups.js';
import { getSet, stickerKit } from './helpers/stickers.js';
import { tgs } from './helpers/sticker-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { ownerAndBot } = stickerKit(() => server);

type Thumb = { file_id: string; file_unique_id: string; width: number; height: number };

/** Downloads a file the bot has a file_id of, as a library does: getFile, then /file/bot<token>/<path>. */
async function download(b: TestBot, fileId: string): Promise<Buffer> {
  const file = await b.api.getFile(fileId);
  const response = await fetch(`${server.url}/file/bot${b.token}/${file.file_path}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const CLIP = readFileSync(new URL('./fixtures/media/clip-320x240-3s.mp4', import.meta.url));

const image = (width: number, height: number, format: 'png' | 'webp') =>
  sharp({ create: { width, height, channels: 4, background: '#3366cc' } })[format]().toBuffer();

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
      expect(Object.keys(sticker).slice(-5)).toEqual(['thumbnail', 'thumb', 'file_id', 'file_unique_id', 'file_size']);
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

describe('the width, height and duration a bot gives', () => {
  it('takes width and height as a pair: both win over the file, one alone is dropped for the file\'s', async () => {
    const { owner, b } = await ownerAndBot('pairsize');
    // Both given: the video's, though the file is 320x240 (TDLib passes them on as its attributes).
    const both = await b.api.sendVideo(owner.id, new InputFile(CLIP, 'both.mp4'), { width: 640, height: 480 });
    expect(both.video).toMatchObject({ width: 640, height: 480, duration: 3 });
    // One alone: TDLib's get_dimensions makes both 0, so both come from the file.
    const widthOnly = await b.api.sendVideo(owner.id, new InputFile(CLIP, 'w.mp4'), { width: 640, duration: 7 });
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
