/**
 * sendLivePhoto over real HTTP with grammY (ADR 0048): an MPEG-4 video of at most 10 seconds with
 * its static photo, uploaded or by file_id; the person receives live_photo (and photo), both
 * downloadable; videos that are too long, not MP4, or given by URL are refused before anything is
 * stored.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';
import { noise, png } from './helpers/media-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A minimal MP4: ftyp, moov (mvhd with the duration, one trak whose tkhd has the size), mdat. */
function mp4(milliseconds: number, width: number, height: number): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(milliseconds, 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\0\0isomiso2mp41', 'latin1')),
    box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd))),
    box('mdat', noise(300, 7)),
  ]);
}

describe('live photos', () => {
  it('are sent from uploads and by file_id, and received and downloaded by the person', async () => {
    const alice = await person('Alice');
    const b = await bot('live');
    const chat = `@${b.record.username}`;
    await control().sendMessage({ from: alice.id, chat, text: 'hi' });
    const video = mp4(2500, 640, 480);
    const sent = await b.api.sendLivePhoto(
      alice.id,
      new InputFile(video, 'live.mp4'),
      new InputFile(png(64, 48), 'still.png'),
      {
        caption: 'Live *now*',
        parse_mode: 'Markdown',
        has_spoiler: true,
      },
    );
    expect(sent).toMatchObject({
      live_photo: {
        photo: [{ width: 64, height: 48, file_size: png(64, 48).length }],
        width: 640,
        height: 480,
        duration: 3,
        mime_type: 'video/mp4',
        file_size: video.length,
      },
      photo: [{ width: 64, height: 48 }],
      caption: 'Live now',
      caption_entities: [{ type: 'bold', offset: 5, length: 3 }],
      has_media_spoiler: true,
    });
    const live = sent.live_photo;
    // The spec keeps `photo` beside `live_photo` (grammY's type leaves it out).
    const photoOf = (message: object) =>
      (message as { photo: Array<{ file_id: string; file_unique_id: string }> }).photo;
    expect(photoOf(sent)[0]!.file_id).toBe(live.photo![0]!.file_id);
    expect((await b.api.getFile(live.file_id)).file_size).toBe(video.length);

    const [seen] = await control().listMessages({ user: alice.id, chat, limit: 1 });
    const theirs = seen!.live_photo as { file_id: string; file_unique_id: string };
    expect(theirs.file_unique_id).toBe(live.file_unique_id);
    expect(theirs.file_id).not.toBe(live.file_id);
    const downloaded = await control().downloadFile({ user: alice.id, file_id: theirs.file_id });
    expect(Buffer.from(downloaded.data).equals(video)).toBe(true);

    // Again by file_ids: the same files, the duration read again from the video.
    const again = await b.api.sendLivePhoto(alice.id, live.file_id, live.photo![0]!.file_id);
    expect(again.live_photo).toMatchObject({ file_unique_id: live.file_unique_id, duration: 3, width: 640 });
    expect(photoOf(again)[0]!.file_unique_id).toBe(live.photo![0]!.file_unique_id);
  });

  it('refuses long, non-MP4, URL and missing media, storing nothing', async () => {
    const alice = await person('Alice');
    const b = await bot('liveno');
    await control().sendMessage({ from: alice.id, chat: `@${b.record.username}`, text: 'hi' });
    const still = () => new InputFile(png(10, 10), 's.png');
    expect(
      (await failure(b.api.sendLivePhoto(alice.id, new InputFile(mp4(10_500, 10, 10), 'v.mp4'), still())))
        .description,
    ).toBe('Bad Request: live photo video must be no longer than 10 seconds');
    expect(
      (await failure(b.api.sendLivePhoto(alice.id, new InputFile(noise(100), 'v.mp4'), still()))).description,
    ).toBe('Bad Request: live photo video must be an MPEG-4 video');
    expect(
      (await failure(b.api.sendLivePhoto(alice.id, 'https://example.com/v.mp4', still()))).description,
    ).toBe('Bad Request: wrong file identifier/HTTP URL specified');
    expect(
      (
        await failure(
          b.api.sendLivePhoto(
            alice.id,
            new InputFile(mp4(1000, 10, 10), 'v.mp4'),
            new InputFile(noise(50), 'x.png'),
          ),
        )
      ).description,
    ).toBe('Bad Request: IMAGE_PROCESS_FAILED');
    expect(
      (await failure(b.api.raw.sendLivePhoto({ chat_id: alice.id, photo: 'x' } as never))).description,
    ).toBe('Bad Request: there is no live photo in the request');
    const [last] = await control().listMessages({ user: alice.id, chat: `@${b.record.username}`, limit: 1 });
    expect(last).toMatchObject({ text: 'hi' });
  });
});
