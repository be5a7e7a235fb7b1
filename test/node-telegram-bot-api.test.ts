/**
 * An unmodified node-telegram-bot-api bot (the classic 0.x line) against Parley, by long polling:
 * a person writes, the bot answers with an uploaded photo (a real PNG built here) and a text; the
 * test downloads the photo with the library's own getFileLink / getFileStream / downloadFile and
 * compares the bytes.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type TelegramBotType from 'node-telegram-bot-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
let TelegramBot: typeof TelegramBotType;

beforeAll(async () => {
  // The library's own switches that turn off its deprecation notices (documented in its README):
  // file content types are given explicitly, and promise cancellation is not used.
  process.env.NTBA_FIX_319 = '1';
  process.env.NTBA_FIX_350 = '1';
  ({ default: TelegramBot } = await import('node-telegram-bot-api'));
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('node-telegram-bot-api', () => {
  it('answers a person with a photo upload and a text, and the photo downloads intact', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'ntba');
    const image = png(6, 4);
    const pollingErrors: Error[] = [];
    const bot = new TelegramBot(token, { polling: true, baseApiUrl: server.url });
    bot.on('polling_error', (error) => pollingErrors.push(error));
    // The bot's own view of the photo it sent: file_ids are per viewer (ADR 0040).
    let photoSent!: (message: TelegramBotType.Message) => void;
    const sentPhoto = new Promise<TelegramBotType.Message>((resolve) => (photoSent = resolve));
    bot.on('message', (message) => {
      void (async () => {
        const sent = await bot.sendPhoto(
          message.chat.id,
          image,
          { caption: 'a tiny picture' },
          { filename: 'tiny.png', contentType: 'image/png' },
        );
        photoSent(sent);
        await bot.sendMessage(message.chat.id, `You said: ${message.text}`);
      })();
    });
    const dir = await mkdtemp(path.join(tmpdir(), 'parley-ntba-'));
    try {
      // The person writes first; the bot sees the person's id as the chat id.
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
      const sizes = photo.photo as Array<{ file_id: string; width: number; height: number }>;
      expect(sizes[0]).toMatchObject({ width: 6, height: 4 });
      const fileId = (await sentPhoto).photo!.at(-1)!.file_id;
      expect(sizes[0]!.file_id).not.toBe(fileId);

      // The photo is stored as the reference stores photos, re-encoded as JPEG (ADR 0081); the
      // library's three ways to fetch it give the same bytes as the file URL.
      const link = await bot.getFileLink(fileId);
      expect(link).toMatch(new RegExp(`^${server.url}/file/bot${token}/photos/file_\\d+\\.jpg$`));
      const served = Buffer.from(await (await fetch(link)).arrayBuffer());
      expect(served.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(served.length).toBe((await sentPhoto).photo!.at(-1)!.file_size);
      const chunks: Buffer[] = [];
      for await (const chunk of bot.getFileStream(fileId)) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(served)).toBe(true);
      const saved = await bot.downloadFile(fileId, dir);
      expect((await readFile(saved)).equals(served)).toBe(true);

      const reply = await server.control.waitForMessage({
        user: user.phone_number,
        chat: `@${record.username}`,
        timeout: 15,
      });
      expect(reply.text).toBe('You said: hello');
      expect(reply.from?.id).toBe(record.id);
      expect(pollingErrors).toEqual([]);
    } finally {
      await bot.stopPolling({ cancel: true });
      await rm(dir, { recursive: true, force: true });
    }
  });
});
