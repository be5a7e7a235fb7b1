/**
 * An unmodified node-telegram-bot-api 2.x bot (the current major, a rewrite that `npm install
 * node-telegram-bot-api` gives today) against Parley, in the form the README shows: `new Bot(token,
 * { apiRoot })`, a middleware that answers, `startPolling()`. The bot answers a person's text with an
 * uploaded photo and an echo; the test downloads the photo by getFile and the file URL and compares
 * the bytes. The classic 0.x line is tested in node-telegram-bot-api.test.ts.
 */
import { Bot, InputFile } from 'node-telegram-bot-api-2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('node-telegram-bot-api 2.x', () => {
  it('runs the README echo bot, uploads a photo, and the photo downloads intact', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'ntbatwo');
    const image = png(5, 3);
    const errors: unknown[] = [];
    // As in the README.
    const bot = new Bot(token, { apiRoot: server.url });
    bot.catch((error) => errors.push(error));
    let sentPhotoId!: (fileId: string) => void;
    const photoId = new Promise<string>((resolve) => (sentPhotoId = resolve));
    bot.on('message', async (ctx) => {
      const sent = await ctx.api.sendPhoto({
        chat_id: ctx.chatId!,
        photo: new InputFile(new Uint8Array(image), { filename: 'tiny.png', contentType: 'image/png' }),
        caption: 'a tiny picture',
      });
      sentPhotoId(sent.photo!.at(-1)!.file_id);
      await ctx.reply(`echo: ${ctx.message!.text}`);
    });
    const polling = bot.startPolling();
    try {
      await server.control.sendMessage({
        from: user.phone_number,
        chat: `@${record.username}`,
        text: 'hello',
      });
      const photo = await server.control.waitForMessage({
        user: user.phone_number,
        chat: `@${record.username}`,
        timeout: 15,
      });
      expect(photo.caption).toBe('a tiny picture');
      expect((photo.photo as Array<{ width: number; height: number }>)[0]).toMatchObject({
        width: 5,
        height: 3,
      });

      const file = await bot.api.getFile({ file_id: await photoId });
      const download = await fetch(`${server.url}/file/bot${token}/${file.file_path}`);
      expect(download.status).toBe(200);
      // Stored as the reference stores photos, re-encoded as JPEG (ADR 0081).
      const served = Buffer.from(await download.arrayBuffer());
      expect(served.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(served.length).toBe(file.file_size);

      const reply = await server.control.waitForMessage({
        user: user.phone_number,
        chat: `@${record.username}`,
        timeout: 15,
      });
      expect(reply.text).toBe('echo: hello');
      expect(reply.from?.id).toBe(record.id);
      expect(errors).toEqual([]);
    } finally {
      bot.stop();
      await polling;
    }
  });
});
