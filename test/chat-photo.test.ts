/**
 * setChatPhoto and deleteChatPhoto over real HTTP with grammY: a bot with can_change_info sets the
 * photo from a multipart upload, getChat answers ChatPhoto, members see new_chat_photo and
 * delete_chat_photo, and refused calls change nothing. The photo survives a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'parley-chat-photo-'));
  server = await startServer({ data: dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

async function supergroupWithAdminBot() {
  const owner = await person('Olga');
  const admin = await bot('photo');
  const chat = await control().createChat({ owner: owner.id, title: 'Pictures', type: 'supergroup' });
  await control().addChatMember({ by: owner.id, chat: chat.id, user: admin.record.id });
  await control().promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: admin.record.id,
    rights: { can_change_info: true },
  });
  await admin.updates();
  return { owner, admin, chat };
}

describe('chat photos', () => {
  it('sets the photo from an upload: getChat photo, new_chat_photo to people and bots', async () => {
    const { owner, admin, chat } = await supergroupWithAdminBot();
    const plain = await bot('watch');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: plain.record.id });
    await plain.updates();
    await admin.updates();

    expect(await admin.api.getChat(chat.id)).not.toHaveProperty('photo');
    expect(await admin.api.setChatPhoto(chat.id, new InputFile(png(64, 64), 'face.png'))).toBe(true);

    const info = await admin.api.getChat(chat.id);
    expect(info.photo).toEqual({
      small_file_id: expect.any(String),
      small_file_unique_id: expect.any(String),
      big_file_id: expect.any(String),
      big_file_unique_id: expect.any(String),
    });
    const [service] = (await admin.updates()).map((u) => u.message as Record<string, unknown>);
    expect(service).toMatchObject({
      from: { id: admin.record.id },
      new_chat_photo: [{ width: 64, height: 64, file_unique_id: info.photo!.big_file_unique_id }],
    });
    const sizes = service!.new_chat_photo as Array<{ file_id: string }>;
    expect(sizes[0]!.file_id).toBe(info.photo!.big_file_id);
    // The photo can be downloaded with the file_id getChat gave.
    const file = await admin.api.getFile(info.photo!.small_file_id);
    expect(file.file_size).toBe(png(64, 64).length);

    // Another bot of the chat gets the service message with its own file_id.
    const [seen] = (await plain.updates()).map((u) => u.message as Record<string, unknown>);
    const theirs = (seen!.new_chat_photo as Array<{ file_id: string; file_unique_id: string }>)[0]!;
    expect(theirs.file_unique_id).toBe(info.photo!.big_file_unique_id);
    expect(theirs.file_id).not.toBe(info.photo!.big_file_id);
    expect((await plain.api.getChat(chat.id)).photo?.big_file_id).toBe(theirs.file_id);

    // A person sees it through the control API.
    const messages = await control().listMessages({ user: owner.id, chat: chat.id });
    expect(messages.at(-1)).toMatchObject({
      new_chat_photo: [{ width: 64, height: 64, file_unique_id: info.photo!.big_file_unique_id }],
    });

    expect(await admin.api.deleteChatPhoto(chat.id)).toBe(true);
    expect(await admin.api.getChat(chat.id)).not.toHaveProperty('photo');
    expect((await admin.updates()).map((u) => u.message)).toMatchObject([
      { delete_chat_photo: true, from: { id: admin.record.id } },
    ]);
    expect((await control().listMessages({ user: owner.id, chat: chat.id })).at(-1)).toMatchObject({
      delete_chat_photo: true,
    });
    expect(await failure(admin.api.deleteChatPhoto(chat.id))).toMatchObject({
      code: 400,
      description: 'Bad Request: CHAT_NOT_MODIFIED',
    });
  });

  it('refuses bots without rights, private chats, and a photo that is not uploaded', async () => {
    const { owner, admin, chat } = await supergroupWithAdminBot();
    const plain = await bot('plain');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: plain.record.id });
    // Members may change info only while the permissions allow it.
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: admin.record.id,
      rights: { can_change_info: true, can_restrict_members: true },
    });
    await admin.api.setChatPermissions(chat.id, { can_send_messages: true });
    expect(await failure(plain.api.setChatPhoto(chat.id, new InputFile(png(8, 8), 'a.png')))).toMatchObject({
      code: 400,
      description: 'Bad Request: not enough rights to change chat photo',
    });
    expect(await failure(plain.api.deleteChatPhoto(chat.id))).toMatchObject({
      description: 'Bad Request: not enough rights to change chat photo',
    });
    expect(await admin.api.getChat(chat.id)).not.toHaveProperty('photo');

    // A file_id or URL is not an upload (the reference's process_set_chat_photo_query).
    const sent = await admin.api.sendPhoto(chat.id, new InputFile(png(8, 8), 'b.png'));
    expect(await failure(admin.api.setChatPhoto(chat.id, sent.photo[0]!.file_id as never))).toMatchObject({
      description: 'Bad Request: photo must be uploaded as an InputFile',
    });
    expect(
      await failure(admin.api.setChatPhoto(chat.id, 'https://example.com/a.png' as never)),
    ).toMatchObject({ description: 'Bad Request: photo must be uploaded as an InputFile' });
    // No photo at all.
    expect(await failure(admin.api.raw.setChatPhoto({ chat_id: chat.id } as never))).toMatchObject({
      description: 'Bad Request: there is no photo in the request',
    });
    // Bytes that are not an image.
    expect(
      await failure(admin.api.setChatPhoto(chat.id, new InputFile(Buffer.from('not an image'), 'x.png'))),
    ).toMatchObject({ code: 400 });

    const user = await person('Priv');
    await control().sendMessage({ from: user.id, chat: `@${admin.record.username}`, text: 'hi' });
    expect(await failure(admin.api.setChatPhoto(user.id, new InputFile(png(8, 8), 'c.png')))).toMatchObject({
      description: "Bad Request: can't change private chat photo",
    });
    expect(await failure(admin.api.deleteChatPhoto(user.id))).toMatchObject({
      description: "Bad Request: can't change private chat photo",
    });
  });

  it('keeps the photo across a restart', async () => {
    const { admin, chat } = await supergroupWithAdminBot();
    await admin.api.setChatPhoto(chat.id, new InputFile(png(32, 32), 'keep.png'));
    const before = (await admin.api.getChat(chat.id)).photo;
    expect(before).toBeDefined();
    await server.close();
    server = await startServer({ data: dataDir });
    const api = new (await import('grammy')).Api(admin.token, { apiRoot: server.url });
    expect((await api.getChat(chat.id)).photo).toEqual(before);
  });
});
