/**
 * editMessageMedia over real HTTP with grammY's Api: a bot replaces the media of its own message
 * by upload (`attach://`), by file_id and by HTTP URL, with caption and keyboard; a text message
 * becomes a media message (Bot API 10.1); albums keep to what an album holds; and every refusal
 * answers the reference's text and leaves the message (and the chat) as it was.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InputFile } from 'grammy';
import type { Message, PhotoSize } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi } from './helpers/in-process.js';
import { gif, png } from './helpers/media-bytes.js';
import { expectRefused, startSendingScene, type SendingScene } from './helpers/sending-scene.js';

let scene: SendingScene;
let files: Server;
let filesUrl: string;
const URL_IMAGE = png(8, 6);

beforeAll(async () => {
  scene = await startSendingScene('editmedia');
  files = createServer((request, response) => {
    if (request.url === '/dog.png') response.writeHead(200, { 'content-type': 'image/png' }).end(URL_IMAGE);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => files.close(resolve));
  await scene.server.close();
});

/** The message as Alice sees it now. */
async function alicesView(messageId: number): Promise<Message> {
  const list = await scene.server.control.listMessages({
    user: scene.alice.phone,
    chat: `@${scene.botName}`,
    limit: 100,
  });
  const found = list.find((message) => message.message_id === messageId);
  if (!found) throw new Error(`Alice does not see message ${messageId}`);
  return found as unknown as Message;
}

async function download(filePath: string): Promise<Buffer> {
  const response = await fetch(`${scene.server.url}/file/bot${scene.token}/${filePath}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('editMessageMedia', () => {
  it('replaces a photo by an uploaded document, then by file_id and by URL, with caption and keyboard', async () => {
    const { api, alice } = scene;
    const first = png(3, 2);
    const sent = await api.sendPhoto(alice.id, new InputFile(first, 'first.png'), { caption: 'old' });
    const photoId = sent.photo![0]!.file_id;

    const notes = Buffer.from('new notes\n');
    const keyboard = { inline_keyboard: [[{ text: 'Open', callback_data: 'open' }]] };
    const edited = await api.editMessageMedia(
      alice.id,
      sent.message_id,
      {
        type: 'document',
        media: new InputFile(notes, 'notes.txt'),
        caption: '<b>New</b> notes',
        parse_mode: 'HTML',
      },
      { reply_markup: keyboard },
    );
    if (edited === true) throw new Error('expected the edited Message');
    expect(edited.message_id).toBe(sent.message_id);
    expect(edited.photo).toBeUndefined();
    expect(edited.document).toMatchObject({ file_name: 'notes.txt', mime_type: 'text/plain', file_size: 10 });
    expect(edited.caption).toBe('New notes');
    expect(edited.caption_entities).toEqual([{ type: 'bold', offset: 0, length: 3 }]);
    expect(edited.reply_markup).toEqual(keyboard);
    expect(edited.edit_date).toBeGreaterThanOrEqual(sent.date);
    const file = await api.getFile(edited.document!.file_id);
    expect((await download(file.file_path!)).equals(notes)).toBe(true);

    // Alice sees the edit, with her own file_id of the document.
    const seen = await alicesView(sent.message_id);
    expect(seen.document).toMatchObject({
      file_name: 'notes.txt',
      file_unique_id: edited.document!.file_unique_id,
    });
    expect(seen.document!.file_id).not.toBe(edited.document!.file_id);
    expect(seen.edit_date).toBe(edited.edit_date);

    // Back to the first photo by file_id; no reply_markup removes the keyboard; no caption removes it.
    const back = await api.editMessageMedia(alice.id, sent.message_id, { type: 'photo', media: photoId });
    if (back === true) throw new Error('expected the edited Message');
    expect(back.photo![0]).toMatchObject({ file_id: photoId, width: 3, height: 2 });
    expect(back.document).toBeUndefined();
    expect(back.caption).toBeUndefined();
    expect(back.reply_markup).toBeUndefined();

    // By URL, with a caption above the media and a spoiler.
    const byUrl = await api.editMessageMedia(alice.id, sent.message_id, {
      type: 'photo',
      media: `${filesUrl}/dog.png`,
      caption: 'a dog',
      show_caption_above_media: true,
      has_spoiler: true,
    });
    if (byUrl === true) throw new Error('expected the edited Message');
    expect(byUrl.photo![0]).toMatchObject({ width: 8, height: 6 });
    expect(byUrl).toMatchObject({
      caption: 'a dog',
      show_caption_above_media: true,
      has_media_spoiler: true,
    });
    const dog = await api.getFile(byUrl.photo![0]!.file_id);
    // Re-encoded as a JPEG (ADR 0081).
    expect((await download(dog.file_path!)).subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);

    // An animation brings its document too.
    const anim = await api.editMessageMedia(alice.id, sent.message_id, {
      type: 'animation',
      media: new InputFile(gif(10, 20), 'loop.gif'),
      duration: 3,
    });
    if (anim === true) throw new Error('expected the edited Message');
    expect(anim.animation).toMatchObject({ width: 10, height: 20, duration: 3, file_name: 'loop.gif' });
    expect(anim.document).toMatchObject({ file_id: anim.animation!.file_id, file_name: 'loop.gif' });
    expect(anim.photo).toBeUndefined();
    expect(anim.caption).toBeUndefined();
  });

  it('turns a text message into a media message', async () => {
    const { api, alice } = scene;
    const text = await api.sendMessage(alice.id, 'just *text*', { parse_mode: 'Markdown' });
    const edited = await api.editMessageMedia(alice.id, text.message_id, {
      type: 'photo',
      media: new InputFile(png(4, 4), 'p.png'),
      caption: 'now a photo',
    });
    if (edited === true) throw new Error('expected the edited Message');
    expect(edited.text).toBeUndefined();
    expect(edited.entities).toBeUndefined();
    expect(edited.photo![0]).toMatchObject({ width: 4, height: 4 });
    expect(edited.caption).toBe('now a photo');
    expect((await alicesView(text.message_id)).text).toBeUndefined();
  });

  it('keeps an album to photos and videos, or documents only', async () => {
    const { api, alice } = scene;
    const album = await api.sendMediaGroup(alice.id, [
      { type: 'photo', media: new InputFile(png(2, 3), 'a.png') },
      { type: 'photo', media: new InputFile(png(3, 3), 'b.png') },
    ]);
    const id = album[0]!.message_id;
    await scene.storesNothing(async () => {
      await expectRefused(
        api.editMessageMedia(alice.id, id, {
          type: 'document',
          media: new InputFile(Buffer.from('d'), 'd.txt'),
        }),
        "Bad Request: can't change media type in the album",
      );
      await expectRefused(
        api.editMessageMedia(alice.id, id, { type: 'animation', media: new InputFile(gif(2, 2), 'g.gif') }),
        "Bad Request: message content type can't be used in an album",
      );
    });
    const video = await api.editMessageMedia(alice.id, id, {
      type: 'video',
      media: new InputFile(Buffer.from('not really a video'), 'v.mp4'),
    });
    if (video === true) throw new Error('expected the edited Message');
    expect(video.video).toMatchObject({ file_name: 'v.mp4', mime_type: 'video/mp4' });
    expect(video.media_group_id).toBe((album[0] as Message).media_group_id);
  });

  it("answers the reference's texts and changes nothing when refused", async () => {
    const { api, alice, token, server } = scene;
    const photo = await api.sendPhoto(alice.id, new InputFile(png(5, 5), 'five.png'), { caption: 'keep' });
    const before = await alicesView(photo.message_id);
    const fromAlice = await scene.say(alice, 'mine');
    const dice = await api.sendDice(alice.id, '🎲');
    const raw = (params: Record<string, unknown>) =>
      callBotApi(server, token, 'editMessageMedia', {
        chat_id: alice.id,
        message_id: photo.message_id,
        ...params,
      });
    const description = async (params: Record<string, unknown>) => (await raw(params)).body.description;

    await scene.storesNothing(async () => {
      expect(await description({})).toBe('Bad Request: parameter "media" is required');
      expect(await description({ media: '{"type":' })).toBe(
        "Bad Request: can't parse InputMedia JSON object",
      );
      expect(await description({ media: JSON.stringify({ type: 'photo', media: 'attach://nothing' }) })).toBe(
        "Bad Request: can't parse InputMedia: media not found",
      );
      expect(await description({ media: JSON.stringify({ type: 'sticker', media: 'x' }) })).toBe(
        'Bad Request: can\'t parse InputMedia: type "sticker" is unsupported',
      );
      expect(
        await description({
          reply_markup: '{"keyboard":[[{"text":"a"}]]}',
          media: '{"type":"photo","media":"x"}',
        }),
      ).toBe('Bad Request: inline keyboard expected');
      expect(
        await description({
          message_id: 999_999,
          media: JSON.stringify({ type: 'photo', media: 'AgACnope' }),
        }),
      ).toBe('Bad Request: message to edit not found');
      const media = { type: 'photo' as const, media: new InputFile(png(6, 6), 'six.png') };
      await expectRefused(
        api.editMessageMedia(alice.id, fromAlice, media),
        "Bad Request: message can't be edited",
      );
      await expectRefused(
        api.editMessageMedia(alice.id, dice.message_id, media),
        'Bad Request: there is no media in the message to edit',
      );
      await expectRefused(
        api.editMessageMedia(alice.id, photo.message_id, { type: 'photo', media: 'AgACnot-a-file-id' }),
        'Bad Request: wrong file identifier/HTTP URL specified',
      );
      await expectRefused(
        api.editMessageMedia(alice.id, photo.message_id, { type: 'audio', media: photo.photo![0]!.file_id }),
        'Bad Request: type of file mismatch',
      );
      await expectRefused(
        api.editMessageMedia(alice.id, photo.message_id, {
          type: 'photo',
          media: new InputFile(Buffer.from('not an image'), 'x.png'),
        }),
        'Bad Request: IMAGE_PROCESS_FAILED',
      );
      // The same file and caption again: nothing to change.
      await expectRefused(
        api.editMessageMedia(alice.id, photo.message_id, {
          type: 'photo',
          media: photo.photo![0]!.file_id,
          caption: 'keep',
        }),
        'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
    });
    expect(await alicesView(photo.message_id)).toEqual(before);
    expect((await alicesView(dice.message_id)).dice).toBeDefined();
    const photos = (before.photo as PhotoSize[]).map((size) => size.file_unique_id);
    expect(photos).toEqual([photo.photo![0]!.file_unique_id]);
  });
});
