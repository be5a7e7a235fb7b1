/**
 * The sticker methods in the forms the reference server still accepts and writes (ADR 0072), through
 * node-telegram-bot-api 0.x, whose sticker methods send them unmodified (`png_sticker` with `emojis`,
 * `tgs_sticker`/`webm_sticker`, setStickerSetThumbnail without `format`), and raw HTTP for the old
 * name setStickerSetThumb and the legacy `contains_masks`. getStickerSet answers `contains_masks`.
 */
import type TelegramBotType from 'node-telegram-bot-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { png } from './helpers/media-bytes.js';
import { getSet, stickerKit } from './helpers/stickers.js';
import { tgs, webm } from './helpers/sticker-bytes.js';

let server: TestServer;
let TelegramBot: typeof TelegramBotType;
beforeAll(async () => {
  // The library's own switches that turn off its deprecation notices (documented in its README).
  process.env.NTBA_FIX_319 = '1';
  process.env.NTBA_FIX_350 = '1';
  ({ default: TelegramBot } = await import('node-telegram-bot-api'));
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { ownerAndBot } = stickerKit(() => server);

type FileOptions = { filename: string; contentType: string };
/** The library's sticker methods (its JavaScript has them; its published typings do not). */
interface LegacyStickerMethods {
  createNewStickerSet(
    userId: number,
    name: string,
    title: string,
    pngSticker: Buffer,
    emojis: string,
    options: object,
    fileOptions: FileOptions,
  ): Promise<boolean>;
  addStickerToSet(
    userId: number,
    name: string,
    sticker: Buffer,
    emojis: string,
    stickerType: 'png_sticker' | 'tgs_sticker' | 'webm_sticker',
    options: object,
    fileOptions: FileOptions,
  ): Promise<boolean>;
  setStickerSetThumbnail(
    userId: number,
    name: string,
    thumbnail: Buffer,
    options: object,
    fileOptions: FileOptions,
  ): Promise<boolean>;
}

/** A multipart call with one file part, as a library uploads it. */
async function upload(
  token: string,
  method: string,
  fields: Record<string, string | number>,
  file: { name: string; data: Buffer; filename: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
  form.set(file.name, new Blob([file.data]), file.filename);
  const response = await fetch(`${server.url}/bot${token}/${method}`, { method: 'POST', body: form });
  return (await response.json()) as { ok: boolean; result?: unknown; description?: string };
}

describe('sticker sets in the reference legacy forms', () => {
  it('makes and fills a set with node-telegram-bot-api 0.x: png_sticker, tgs_sticker, webm_sticker, emojis', async () => {
    const { owner, b, setName } = await ownerAndBot('legacy');
    const bot = new TelegramBot(b.token, { baseApiUrl: server.url }) as unknown as LegacyStickerMethods;
    const fileOptions = { filename: 'a.png', contentType: 'image/png' };
    expect(
      await bot.createNewStickerSet(owner.id, setName, 'Old cats', png(512, 512), '😺😸', {}, fileOptions),
    ).toBe(true);
    await bot.addStickerToSet(
      owner.id,
      setName,
      tgs(),
      '🙀',
      'tgs_sticker',
      {},
      {
        filename: 'b.tgs',
        contentType: 'application/x-tgsticker',
      },
    );
    await bot.addStickerToSet(
      owner.id,
      setName,
      webm(),
      '🎥',
      'webm_sticker',
      {},
      {
        filename: 'c.webm',
        contentType: 'video/webm',
      },
    );
    const set = await getSet(b, setName);
    expect(set).toMatchObject({
      name: setName,
      title: 'Old cats',
      sticker_type: 'regular',
      contains_masks: false,
    });
    expect(set.stickers.map((s) => [s.emoji, s.is_animated, s.is_video])).toEqual([
      ['😺', false, false],
      ['🙀', true, false],
      ['🎥', false, true],
    ]);
    // The library's setStickerSetThumbnail names no format: the file's own is taken.
    await bot.setStickerSetThumbnail(
      owner.id,
      setName,
      png(100, 100),
      {},
      {
        filename: 't.png',
        contentType: 'image/png',
      },
    );
    expect((await getSet(b, setName)).thumbnail).toMatchObject({ width: 100, height: 100 });
  });

  it('answers setStickerSetThumb as setStickerSetThumbnail, refuses bad emojis, and makes mask sets by contains_masks', async () => {
    const { owner, b, setName } = await ownerAndBot('legthumb');
    const created = await upload(
      b.token,
      'createNewStickerSet',
      { user_id: owner.id, name: setName, title: 'Tgs', emojis: '🙀' },
      { name: 'tgs_sticker', data: tgs(), filename: 'a.tgs' },
    );
    expect(created).toEqual({ ok: true, result: true });
    const thumb = await upload(
      b.token,
      'setStickerSetThumb',
      { user_id: owner.id, name: setName },
      { name: 'thumb', data: tgs({ w: 100, h: 100 }), filename: 't.tgs' },
    );
    expect(thumb).toEqual({ ok: true, result: true });
    const thumbnail = (await getSet(b, setName)).thumbnail as { file_id: string } | undefined;
    expect(thumbnail).toBeDefined();
    expect((await b.api.getFile(thumbnail!.file_id)).file_path).toMatch(/\.tgs$/);

    const before = (await getSet(b, setName)).stickers.length;
    const badEmoji = await upload(
      b.token,
      'addStickerToSet',
      { user_id: owner.id, name: setName, emojis: 'cat' },
      { name: 'png_sticker', data: png(512, 512), filename: 'x.png' },
    );
    expect(badEmoji).toMatchObject({ ok: false, description: 'Bad Request: invalid sticker emojis' });
    expect((await getSet(b, setName)).stickers).toHaveLength(before);

    const maskName = `masks_by_${b.record.username}`;
    const masks = await upload(
      b.token,
      'createNewStickerSet',
      {
        user_id: owner.id,
        name: maskName,
        title: 'Masks',
        emojis: '🎭',
        contains_masks: 'true',
        mask_position: JSON.stringify({ point: 'eyes', x_shift: 0, y_shift: 0, scale: 1 }),
      },
      { name: 'png_sticker', data: png(512, 512), filename: 'm.png' },
    );
    expect(masks).toEqual({ ok: true, result: true });
    const maskSet = await callBotApi(server, b.token, 'getStickerSet', { name: maskName });
    expect(maskSet.body.result).toMatchObject({ sticker_type: 'mask', contains_masks: true });
  });

  it('refuses a call with no sticker file as the reference does, storing nothing', async () => {
    const { owner, b, setName } = await ownerAndBot('legnone');
    const fields = { user_id: owner.id, name: setName, title: 'None', emojis: '🙂' };
    const none = await callBotApi(server, b.token, 'createNewStickerSet', fields);
    expect(none.body).toMatchObject({
      ok: false,
      description: 'Bad Request: there is no sticker file in the request',
    });
    // tgs_sticker and webm_sticker are read as uploads only; a string names none.
    const tgsString = await callBotApi(server, b.token, 'createNewStickerSet', {
      ...fields,
      tgs_sticker: 'https://example.com/a.tgs',
    });
    expect(tgsString.body).toMatchObject({
      description: 'Bad Request: animated sticker must be uploaded as an InputFile',
    });
    const webmString = await callBotApi(server, b.token, 'createNewStickerSet', {
      ...fields,
      webm_sticker: 'https://example.com/a.webm',
    });
    expect(webmString.body).toMatchObject({
      description: 'Bad Request: video sticker must be uploaded as an InputFile',
    });
    expect((await callBotApi(server, b.token, 'getStickerSet', { name: setName })).body.ok).toBe(false);

    const created = await upload(b.token, 'createNewStickerSet', fields, {
      name: 'png_sticker',
      data: png(512, 512),
      filename: 'a.png',
    });
    expect(created).toEqual({ ok: true, result: true });
    const added = await callBotApi(server, b.token, 'addStickerToSet', {
      user_id: owner.id,
      name: setName,
      emojis: '🙂',
    });
    expect(added.body).toMatchObject({ description: 'Bad Request: there is no sticker file in the request' });
    expect((await getSet(b, setName)).stickers).toHaveLength(1);
  });
});
