/**
 * People send voice messages, audio, video and video notes (control API and `parley send`), which
 * bots receive with their own file_ids and download; and people download the files bots send them
 * (`GET /control/files`, `ControlClient.downloadFile`, `parley download`), by message or by the
 * file_id they see, and only files they were shown. Over real HTTP with grammY's Api as the bot.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InputFile } from 'grammy';
import type { PhotoSize } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botInbox } from './helpers/bot-inbox.js';
import { groupKit, type TestBot } from './helpers/groups.js';
import { ADMIN_TOKEN, startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';
import { jpegHeader, noise, png } from './helpers/media-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);

/** The bot gets the file by its file_id and downloads the bytes; answers the file_path. */
async function botDownloads(b: TestBot, fileId: string, expected: Buffer, folder: string, ext: string) {
  const file = await b.api.getFile(fileId);
  expect(file.file_path).toMatch(new RegExp(`^${folder}/file_\\d+\\.${ext}$`));
  const response = await fetch(`${server.url}/file/bot${b.token}/${file.file_path}`);
  expect(response.status).toBe(200);
  expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
  return file.file_path!;
}

describe("a person's voice, audio, video and video note", () => {
  it('reach the bot shaped as the Bot API shapes them, with file_ids that download', async () => {
    const alice = await person('Alice');
    const b = await bot('pfiles');
    const inbox = botInbox(b.api, b.record.username);
    const chat = `@${b.record.username}`;

    const voiceBytes = noise(300, 1);
    const voice = await server.control.sendMedia({
      from: alice.id,
      chat,
      voice: { data: voiceBytes, duration: 4 },
      caption: 'listen /now',
    });
    const gotVoice = await inbox.next();
    expect(gotVoice.message_id).toBe(voice.message_id);
    expect(gotVoice.caption).toBe('listen /now');
    expect(gotVoice.caption_entities).toEqual([{ type: 'bot_command', offset: 7, length: 4 }]);
    expect(Object.keys(gotVoice.voice!)).toEqual([
      'duration',
      'mime_type',
      'file_id',
      'file_unique_id',
      'file_size',
    ]);
    expect(gotVoice.voice).toMatchObject({ duration: 4, mime_type: 'audio/ogg', file_size: 300 });
    expect(gotVoice.voice!.file_id).toMatch(/^AwAC/);
    // The person sees the file by an id of their own, which the bot cannot use.
    const personVoiceId = (voice.voice as { file_id: string }).file_id;
    expect(personVoiceId).not.toBe(gotVoice.voice!.file_id);
    await botDownloads(b, gotVoice.voice!.file_id, voiceBytes, 'voice', 'oga');

    const audioBytes = noise(500, 2);
    await server.control.sendMedia({
      from: alice.id,
      chat,
      audio: {
        data: audioBytes,
        filename: 'song.mp3',
        duration: 185,
        performer: 'The Band',
        title: 'The Song',
      },
    });
    const audio = (await inbox.next()).audio!;
    expect(Object.keys(audio)).toEqual([
      'duration',
      'file_name',
      'mime_type',
      'title',
      'performer',
      'file_id',
      'file_unique_id',
      'file_size',
    ]);
    expect(audio).toMatchObject({
      duration: 185,
      file_name: 'song.mp3',
      mime_type: 'audio/mpeg',
      title: 'The Song',
      performer: 'The Band',
    });
    await botDownloads(b, audio.file_id, audioBytes, 'music', 'mp3');

    const videoBytes = noise(700, 3);
    await server.control.sendMedia({
      from: alice.id,
      chat,
      video: { data: videoBytes, filename: 'clip.mp4', duration: 12, width: 640, height: 360 },
    });
    const video = (await inbox.next()).video!;
    expect(Object.keys(video)).toEqual([
      'duration',
      'width',
      'height',
      'file_name',
      'mime_type',
      'file_id',
      'file_unique_id',
      'file_size',
    ]);
    expect(video).toMatchObject({ duration: 12, width: 640, height: 360, mime_type: 'video/mp4' });
    const videoPath = await botDownloads(b, video.file_id, videoBytes, 'videos', 'mp4');
    // The bot can send it again by its file_id, and sees the same attributes.
    const again = await b.api.sendVideo(alice.id, video.file_id);
    expect(again.video).toMatchObject({ duration: 12, width: 640, height: 360, file_id: video.file_id });
    expect((await b.api.getFile(video.file_id)).file_path).toBe(videoPath);

    // Stand-ins for what the client did not report, as for a bot's send.
    const noteBytes = noise(400, 4);
    await server.control.sendMedia({ from: alice.id, chat, video_note: { data: noteBytes } });
    const note = (await inbox.next()).video_note!;
    expect(Object.keys(note)).toEqual(['duration', 'length', 'file_id', 'file_unique_id', 'file_size']);
    expect(note).toMatchObject({ duration: 1, length: 240, file_size: 400 });
    await botDownloads(b, note.file_id, noteBytes, 'video_notes', 'mp4');
  });

  it('are refused when malformed or not allowed, storing nothing', async () => {
    const alice = await person('Alice');
    const b = await bot('pfilesbad');
    const chat = `@${b.record.username}`;
    await server.control.sendMessage({ from: alice.id, chat, text: 'hi' });
    const count = async () => (await server.control.listMessages({ user: alice.id, chat })).length;
    const before = await count();
    const data = noise(10);

    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat, voice: { data }, audio: { data } }),
      ),
    ).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'give exactly one of photo, document, voice, audio, video, video_note',
    });
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat, video_note: { data }, caption: 'x' }),
      ),
    ).toMatchObject({ status: 400, message: 'a video note has no caption' });
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat, video_note: { data, length: 640 } }),
      ),
    ).toMatchObject({ status: 400, message: 'length must be an integer from 0 to 639' });
    expect(
      await controlFailure(server.control.sendMedia({ from: alice.id, chat, voice: { data, duration: -1 } })),
    ).toMatchObject({ status: 400, message: 'duration must be an integer from 0 to 86400' });
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat, voice: { data, width: 10 } as never }),
      ),
    ).toMatchObject({ status: 400, message: 'a voice has no width' });
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat, audio: { data: Buffer.alloc(0) } }),
      ),
    ).toMatchObject({ status: 400, message: 'the audio is empty' });
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat, video: { data, mime_type: 'not a type' } }),
      ),
    ).toMatchObject({ status: 400, message: 'mime_type must look like type/subtype' });
    expect(await count()).toBe(before);

    // In a supergroup, each kind needs its own permission.
    const owner = await person('Owner');
    const watcher = await bot('pfilesgrp', { can_read_all_group_messages: true });
    const group = await server.control.createChat({
      owner: owner.id,
      title: 'No voice',
      type: 'supergroup',
      members: [alice.id, watcher.record.id],
    });
    await server.control.restrictChatMember({
      by: owner.id,
      chat: group.id,
      user: alice.id,
      permissions: { can_send_messages: true, can_send_audios: true },
      use_independent_chat_permissions: true,
    });
    const inbox = botInbox(watcher.api);
    await inbox.drain();
    const inGroup = async () =>
      (await server.control.listMessages({ user: owner.id, chat: String(group.id) })).length;
    const groupBefore = await inGroup();
    for (const [params, noun] of [
      [{ voice: { data } }, 'voice notes'],
      [{ video: { data } }, 'videos'],
      [{ video_note: { data } }, 'video notes'],
    ] as const) {
      expect(
        await controlFailure(server.control.sendMedia({ from: alice.id, chat: String(group.id), ...params })),
      ).toEqual({
        status: 403,
        code: 'CHAT_WRITE_FORBIDDEN',
        message: `you may not send ${noun} in this chat`,
      });
    }
    expect(await inGroup()).toBe(groupBefore);
    expect(await inbox.drain()).toEqual([]);
    await server.control.sendMedia({ from: alice.id, chat: String(group.id), audio: { data } });
    expect((await inbox.next()).audio).toMatchObject({ file_size: 10 });
  });
});

describe('a person downloading a file a bot sent', () => {
  it('gets the same bytes by message or by their file_id, through the test kit', async () => {
    const alice = await person('Alice');
    const b = await bot('dl');
    const chat = `@${b.record.username}`;
    await server.control.sendMessage({ from: alice.id, chat, text: 'send me things' });
    const image = png(9, 6);
    const photo = await b.api.sendPhoto(alice.id, new InputFile(image, 'pic.png'), {
      thumbnail: new InputFile(jpegHeader(20, 20), 't.jpg'),
    } as never);
    const notes = Buffer.from('{"meeting": "notes"}\n');
    const doc = await b.api.sendDocument(alice.id, new InputFile(notes, 'notes é.json'), {
      thumbnail: new InputFile(jpegHeader(32, 32), 'thumb.jpg'),
    });

    const byMessage = await server.control.downloadFile({
      user: alice.id,
      chat,
      message_id: photo.message_id,
    });
    // Photos are stored re-encoded as JPEG sizes (ADR 0081).
    expect(
      Buffer.from(byMessage.data)
        .subarray(0, 2)
        .equals(Buffer.from([0xff, 0xd8])),
    ).toBe(true);
    expect(byMessage.mime_type).toBe('image/jpeg');
    expect(byMessage.file_name).toBeUndefined();
    const [seen] = await server.control.listMessages({ user: alice.id, chat, limit: 2 });
    const personPhotoId = (seen!.photo as PhotoSize[]).at(-1)!.file_id;
    // The file_id is the person's own, as their messages show it, not the bot's.
    expect(byMessage.file_id).toBe(personPhotoId);
    expect(byMessage.file_id).not.toBe(photo.photo.at(-1)!.file_id);
    expect(byMessage.file_unique_id).toBe(photo.photo.at(-1)!.file_unique_id);

    const byId = await server.control.downloadFile({ user: alice.id, file_id: personPhotoId });
    expect(Buffer.from(byId.data).equals(Buffer.from(byMessage.data))).toBe(true);

    // A document: JSON bytes stay bytes, with the file's type and name.
    const document = await server.control.downloadFile({ user: alice.id, chat, message_id: doc.message_id });
    expect(Buffer.from(document.data).equals(notes)).toBe(true);
    // (The name as the bot's upload stored it.)
    expect(doc.document.file_name).toBe('notesé.json');
    expect(document).toMatchObject({ mime_type: 'application/json', file_name: 'notesé.json' });
    // With a file_id, one of the message's other files: here the document's thumbnail.
    const [listedDoc] = await server.control.listMessages({ user: alice.id, chat, limit: 1 });
    const thumbId = (listedDoc!.document as { thumbnail: PhotoSize }).thumbnail.file_id;
    const thumb = await server.control.downloadFile({
      user: alice.id,
      chat,
      message_id: doc.message_id,
      file_id: thumbId,
    });
    expect(Buffer.from(thumb.data).equals(jpegHeader(32, 32))).toBe(true);
    expect(thumb.mime_type).toBe('image/jpeg');

    // Over plain HTTP: the bytes with their Content-Type, and the person's file_id in a header.
    const response = await fetch(
      `${server.url}/control/files?user=${alice.id}&chat=${encodeURIComponent(chat)}&message_id=${doc.message_id}`,
      { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-length')).toBe(String(notes.length));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="notes_.json"; filename*=UTF-8''notes%C3%A9.json`,
    );
    expect(response.headers.get('x-parley-file-id')).toBe(document.file_id);
    expect(Buffer.from(await response.arrayBuffer()).equals(notes)).toBe(true);
  });

  it('answers FILE_NOT_FOUND, CHAT_NOT_FOUND or MESSAGE_NOT_FOUND for what the person cannot see', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    const b = await bot('dlerr', { can_read_all_group_messages: true });
    const chat = `@${b.record.username}`;
    await server.control.sendMessage({ from: alice.id, chat, text: 'hi' });
    const image = png(4, 4);
    const photo = await b.api.sendPhoto(alice.id, new InputFile(image, 'x.png'));
    const text = await b.api.sendMessage(alice.id, 'no file here');
    const botFileId = photo.photo[0]!.file_id;

    // The bot's own file_id is not the person's; nor is another person's.
    expect(await controlFailure(server.control.downloadFile({ user: alice.id, file_id: botFileId }))).toEqual(
      {
        status: 404,
        code: 'FILE_NOT_FOUND',
        message:
          "no file with that file_id: it is not one the person was shown (each viewer's file_ids are its own)",
      },
    );
    const aliceFileId = (
      await server.control.downloadFile({ user: alice.id, chat, message_id: photo.message_id })
    ).file_id;
    expect(
      await controlFailure(server.control.downloadFile({ user: bob.id, file_id: aliceFileId })),
    ).toMatchObject({
      status: 404,
      code: 'FILE_NOT_FOUND',
    });
    expect(
      await controlFailure(server.control.downloadFile({ user: alice.id, file_id: 'nonsense' })),
    ).toMatchObject({
      status: 404,
      code: 'FILE_NOT_FOUND',
    });
    expect(
      await controlFailure(
        server.control.downloadFile({ user: alice.id, chat, message_id: text.message_id }),
      ),
    ).toEqual({ status: 404, code: 'FILE_NOT_FOUND', message: 'the message has no file' });
    expect(
      await controlFailure(
        server.control.downloadFile({
          user: alice.id,
          chat,
          message_id: photo.message_id,
          file_id: botFileId,
        }),
      ),
    ).toMatchObject({ status: 404, code: 'FILE_NOT_FOUND' });
    expect(
      await controlFailure(server.control.downloadFile({ user: alice.id, chat, message_id: 999_999 })),
    ).toMatchObject({ status: 404, code: 'MESSAGE_NOT_FOUND' });
    // Bob has no chat with the bot: the message is not his to see.
    expect(
      await controlFailure(server.control.downloadFile({ user: bob.id, chat, message_id: photo.message_id })),
    ).toMatchObject({ status: 404, code: 'CHAT_NOT_FOUND' });
    expect(
      await controlFailure(server.control.downloadFile({ user: alice.id, chat } as never)),
    ).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'chat and message_id go together' });

    // In a group, only while a member.
    const group = await server.control.createChat({
      owner: alice.id,
      title: 'Files',
      type: 'supergroup',
      members: [bob.id, b.record.id],
    });
    const posted = await b.api.sendDocument(group.id, new InputFile(Buffer.from('shared'), 'shared.txt'));
    const inGroup = { chat: group.id, message_id: posted.message_id };
    expect(
      Buffer.from((await server.control.downloadFile({ user: bob.id, ...inGroup })).data).toString(),
    ).toBe('shared');
    await server.control.leaveChat({ user: bob.id, chat: group.id });
    expect(await controlFailure(server.control.downloadFile({ user: bob.id, ...inGroup }))).toMatchObject({
      status: 404,
      code: 'CHAT_NOT_FOUND',
    });
  });

  it('saves the same bytes with parley download', async () => {
    const alice = await person('Alice');
    const b = await bot('dlcli');
    const chat = `@${b.record.username}`;
    await server.control.sendMessage({ from: alice.id, chat, text: 'hi' });
    const image = png(5, 3);
    const photo = await b.api.sendPhoto(alice.id, new InputFile(image, 'x.png'));
    const report = Buffer.from('a,b\n1,2\n');
    const doc = await b.api.sendDocument(alice.id, new InputFile(report, 'report.csv'));
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-download-'));
    try {
      const parley = cliRunner(() => server, dir);
      const of = (id: number) => [
        'download',
        '--user',
        String(alice.id),
        '--chat',
        chat,
        '--message',
        String(id),
      ];

      // A document keeps its name in the current folder.
      const saved = await parley(...of(doc.message_id));
      expect(saved).toMatchObject({ code: 0, stderr: '' });
      expect(saved.stdout).toBe(`saved ${report.length} bytes (text/csv) to ${path.join(dir, 'report.csv')}`);
      expect(readFileSync(path.join(dir, 'report.csv')).equals(report)).toBe(true);

      // A photo goes where --out says, and --json says what was saved.
      const json = await parley(...of(photo.message_id), '--out', 'pic.png', '--json');
      expect(json.code).toBe(0);
      const result = JSON.parse(json.stdout);
      expect(result).toMatchObject({
        path: path.join(dir, 'pic.png'),
        mime_type: 'image/jpeg',
      });
      const savedBytes = readFileSync(path.join(dir, 'pic.png'));
      expect([savedBytes.length, savedBytes[0], savedBytes[1]]).toEqual([result.size, 0xff, 0xd8]);

      // By the person's file_id; a file without a name is saved under its file_unique_id.
      const byId = await parley('download', '--user', String(alice.id), '--file-id', result.file_id);
      expect(byId.code).toBe(0);
      const named = path.join(dir, `${photo.photo[0]!.file_unique_id}.jpg`);
      expect(readFileSync(named).equals(savedBytes)).toBe(true);

      expect(await parley('download', '--user', String(alice.id), '--chat', chat)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--chat and --message go together'),
      });
      expect(
        await parley('download', '--user', String(alice.id), '--file-id', photo.photo[0]!.file_id),
      ).toMatchObject({ code: 1, stderr: expect.stringContaining('(FILE_NOT_FOUND)') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parley send with voice, audio, video and video notes', () => {
  it('reads the file and sends what the client would report', async () => {
    const alice = await person('Alice');
    const b = await bot('clifiles');
    const inbox = botInbox(b.api);
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-send-files-'));
    try {
      writeFileSync(path.join(dir, 'memo.ogg'), noise(50, 5));
      writeFileSync(path.join(dir, 'track.mp3'), noise(60, 6));
      writeFileSync(path.join(dir, 'movie.mp4'), noise(70, 7));
      const parley = cliRunner(() => server, dir);
      const to = ['send', '--from', String(alice.id), '--to', `@${b.record.username}`];

      const voice = await parley(...to, '--voice', 'memo.ogg', '--duration', '3', '--caption', 'hi');
      expect(voice).toMatchObject({ code: 0, stderr: '' });
      expect(voice.stdout).toMatch(/^\[#\d+ from Alice\] <voice> hi$/);
      expect((await inbox.next()).voice).toMatchObject({
        duration: 3,
        mime_type: 'audio/ogg',
        file_size: 50,
      });

      expect(await parley(...to, '--audio', 'track.mp3', '--performer', 'P', '--title', 'T')).toMatchObject({
        code: 0,
      });
      expect((await inbox.next()).audio).toMatchObject({
        file_name: 'track.mp3',
        performer: 'P',
        title: 'T',
      });

      expect(
        await parley(...to, '--video', 'movie.mp4', '--width', '320', '--height', '240', '--duration', '9'),
      ).toMatchObject({ code: 0 });
      expect((await inbox.next()).video).toMatchObject({ width: 320, height: 240, duration: 9 });

      expect(await parley(...to, '--video-note', 'movie.mp4', '--length', '300')).toMatchObject({ code: 0 });
      const note = (await inbox.next()).video_note!;
      expect(note).toMatchObject({ length: 300, file_size: 70 });

      expect(await parley(...to, '--video-note', 'movie.mp4', '--caption', 'x')).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--caption goes with --photo, --document, --voice, --audio, --video'),
      });
      expect(await parley(...to, '--voice', 'memo.ogg', '--width', '3')).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--width goes with --video'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
