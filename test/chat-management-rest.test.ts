/**
 * The rest of chat management and profiles over real HTTP with grammY (ADR 0048): the bot's own
 * profile photo (setMyProfilePhoto / removeMyProfilePhoto, seen through getUserProfilePhotos), a
 * person's profile audios (getUserProfileAudios), a person's emoji status set by a bot they allowed
 * (setUserEmojiStatus, seen through getChat), and members' tags (setChatMemberTag, seen through
 * getChatMember). Refused calls change nothing; the state survives a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';
import { noise, png } from './helpers/media-bytes.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'parley-chat-rest-'));
  server = await startServer({ data: dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

describe("the bot's profile photo", () => {
  it('is set from an upload, seen by itself and other bots, and removed', async () => {
    const me = await bot('face');
    const other = await bot('viewer');
    expect(await me.api.getUserProfilePhotos(me.record.id)).toEqual({ total_count: 0, photos: [] });

    expect(
      await me.api.setMyProfilePhoto({ type: 'static', photo: new InputFile(png(80, 60), 'me.png') }),
    ).toBe(true);
    const mine = await me.api.getUserProfilePhotos(me.record.id);
    expect(mine.total_count).toBe(1);
    expect(mine.photos).toEqual([
      [
        {
          file_id: expect.any(String),
          file_unique_id: expect.any(String),
          file_size: png(80, 60).length,
          width: 80,
          height: 60,
        },
      ],
    ]);
    const photo = mine.photos[0]![0]!;
    // The bot downloads it with its own file_id; another bot sees the same file under its own id.
    expect((await me.api.getFile(photo.file_id)).file_size).toBe(png(80, 60).length);
    const seen = await other.api.getUserProfilePhotos(me.record.id);
    expect(seen.photos[0]![0]!.file_unique_id).toBe(photo.file_unique_id);
    expect(seen.photos[0]![0]!.file_id).not.toBe(photo.file_id);

    // A second photo replaces the first (a bot has one).
    await me.api.setMyProfilePhoto({ type: 'static', photo: new InputFile(png(30, 30), 'new.png') });
    const replaced = await me.api.getUserProfilePhotos(me.record.id, { offset: 0, limit: 5 });
    expect(replaced.total_count).toBe(1);
    expect(replaced.photos[0]![0]).toMatchObject({ width: 30, height: 30 });
    expect((await me.api.getUserProfilePhotos(me.record.id, { offset: 1 })).photos).toEqual([]);

    expect(await me.api.removeMyProfilePhoto()).toBe(true);
    expect(await me.api.getUserProfilePhotos(me.record.id)).toEqual({ total_count: 0, photos: [] });
    // Removing again is no error.
    expect(await me.api.removeMyProfilePhoto()).toBe(true);
  });

  it('refuses what is not a new static photo, changing nothing', async () => {
    const me = await bot('refuse');
    const call = (photo: unknown) =>
      failure(me.api.raw.setMyProfilePhoto({ photo } as Parameters<typeof me.api.raw.setMyProfilePhoto>[0]));
    expect(await call({ type: 'static', photo: 'AgACAgIAAxkBAAIBfake' })).toMatchObject({
      code: 400,
      description: 'Bad Request: there is no photo in the request',
    });
    expect((await call({ type: 'round', photo: 'x' })).description).toBe(
      "Bad Request: can't parse InputProfilePhoto: unsupported type specified",
    );
    expect((await call({ photo: 'x' })).description).toBe(
      'Bad Request: can\'t parse InputProfilePhoto: Can\'t find field "type"',
    );
    const animated = await failure(
      me.api.setMyProfilePhoto({ type: 'animated', animation: new InputFile(noise(100), 'a.mp4') }),
    );
    expect(animated.description).toBe(
      "Bad Request: can't parse InputProfilePhoto: animated profile photos are not supported",
    );
    const notImage = await failure(
      me.api.setMyProfilePhoto({ type: 'static', photo: new InputFile(noise(100), 'x.jpg') }),
    );
    expect(notImage.description).toBe('Bad Request: IMAGE_PROCESS_FAILED');
    expect((await me.api.getUserProfilePhotos(me.record.id)).total_count).toBe(0);
  });
});

describe("a person's profile audios", () => {
  it('are the audios the person added from messages, the newest first, with each bot its own file_id', async () => {
    const alice = await person('Alice');
    const b = await bot('tunes');
    const chat = `@${b.record.username}`;
    const first = await control().sendMedia({
      from: alice.id,
      chat,
      audio: { data: noise(400, 3), filename: 'one.mp3', duration: 61, performer: 'Band', title: 'One' },
    });
    const second = await control().sendMedia({
      from: alice.id,
      chat,
      audio: { data: noise(300, 4), filename: 'two.mp3', duration: 62, title: 'Two' },
    });
    expect(await b.api.getUserProfileAudios(alice.id)).toEqual({ total_count: 0, audios: [] });

    await control().addProfileAudio({ user: alice.id, chat, message_id: first.message_id });
    const own = await control().addProfileAudio({ user: alice.id, chat, message_id: second.message_id });
    expect(own.total_count).toBe(2);
    expect(own.audios.map((audio) => audio.title)).toEqual(['Two', 'One']);

    const updates = await b.updates();
    const received = updates.map(
      (u) => (u.message as { audio: { file_id: string; file_unique_id: string } }).audio,
    );
    const audios = await b.api.getUserProfileAudios(alice.id);
    expect(audios.total_count).toBe(2);
    expect(audios.audios[0]).toEqual({
      file_id: received[1]!.file_id,
      file_unique_id: received[1]!.file_unique_id,
      duration: 62,
      file_name: 'two.mp3',
      mime_type: 'audio/mpeg',
      title: 'Two',
      file_size: 300,
    });
    expect(audios.audios[1]).toMatchObject({ title: 'One', performer: 'Band', duration: 61 });
    // The bot downloads it with the file_id it was given.
    expect((await b.api.getFile(audios.audios[1]!.file_id)).file_size).toBe(400);
    const page = await b.api.getUserProfileAudios(alice.id, { offset: 1, limit: 1 });
    expect(page.total_count).toBe(2);
    expect(page.audios.map((audio) => audio.title)).toEqual(['One']);

    // A message without an audio is refused.
    const text = await control().sendMessage({ from: alice.id, chat, text: 'no audio here' });
    await expect(
      control().addProfileAudio({ user: alice.id, chat, message_id: text.message_id }),
    ).rejects.toMatchObject({ error: 'BAD_REQUEST' });
    expect((await failure(b.api.getUserProfileAudios(0))).description).toBe(
      'Bad Request: invalid user_id specified',
    );
    expect((await failure(b.api.getUserProfileAudios(alice.id, { offset: -1 }))).description).toBe(
      'Bad Request: offset must be non-negative',
    );
  });
});

describe("a person's emoji status", () => {
  it('is set by a bot the person allowed, shown by getChat, and expires on the virtual clock', async () => {
    const alice = await person('Alice');
    const b = await bot('status');
    const stranger = await bot('stranger');
    await control().sendMessage({ from: alice.id, chat: `@${b.record.username}`, text: '/start' });
    await control().sendMessage({ from: alice.id, chat: `@${stranger.record.username}`, text: '/start' });

    const refused = await failure(
      b.api.setUserEmojiStatus(alice.id, { emoji_status_custom_emoji_id: '5368324170671202286' }),
    );
    expect(refused).toMatchObject({ code: 400, description: 'Bad Request: USER_PERMISSION_DENIED' });
    expect(await b.api.getChat(alice.id)).not.toHaveProperty('emoji_status_custom_emoji_id');

    await control().allowEmojiStatus({ user: alice.id, bot: `@${b.record.username}` });
    const { now } = await control().getClock();
    expect(
      await b.api.setUserEmojiStatus(alice.id, {
        emoji_status_custom_emoji_id: '5368324170671202286',
        emoji_status_expiration_date: now + 3600,
      }),
    ).toBe(true);
    expect(await b.api.getChat(alice.id)).toMatchObject({
      emoji_status_custom_emoji_id: '5368324170671202286',
      emoji_status_expiration_date: now + 3600,
    });
    // Every bot sees it; another bot still may not change it.
    expect((await stranger.api.getChat(alice.id)).emoji_status_custom_emoji_id).toBe('5368324170671202286');
    expect((await failure(stranger.api.setUserEmojiStatus(alice.id, {}))).description).toBe(
      'Bad Request: USER_PERMISSION_DENIED',
    );
    expect(
      (await failure(b.api.setUserEmojiStatus(alice.id, { emoji_status_custom_emoji_id: 'smile' })))
        .description,
    ).toBe('Bad Request: invalid custom emoji identifier specified');
    expect((await failure(b.api.setUserEmojiStatus(b.record.id, {}))).description).toBe(
      'Bad Request: user not found',
    );

    await control().advanceClock(3601);
    expect(await b.api.getChat(alice.id)).not.toHaveProperty('emoji_status_custom_emoji_id');

    // Without an expiration it stays; an empty id removes it.
    await b.api.setUserEmojiStatus(alice.id, { emoji_status_custom_emoji_id: '42' });
    expect(await b.api.getChat(alice.id)).toMatchObject({ emoji_status_custom_emoji_id: '42' });
    expect(await b.api.getChat(alice.id)).not.toHaveProperty('emoji_status_expiration_date');
    await b.api.setUserEmojiStatus(alice.id, { emoji_status_custom_emoji_id: '' });
    expect(await b.api.getChat(alice.id)).not.toHaveProperty('emoji_status_custom_emoji_id');

    // Withdrawn access refuses again.
    await control().allowEmojiStatus({ user: alice.id, bot: `@${b.record.username}`, allowed: false });
    expect((await failure(b.api.setUserEmojiStatus(alice.id, {}))).description).toBe(
      'Bad Request: USER_PERMISSION_DENIED',
    );
  });
});

describe("a person's personal channel", () => {
  it('shows its last posts to bots (getUserPersonalChatMessages) and in getChat', async () => {
    const alice = await person('Alice');
    const b = await bot('personal');
    await control().sendMessage({ from: alice.id, chat: `@${b.record.username}`, text: 'hi' });
    const channel = await control().createChat({
      owner: alice.id,
      title: 'Alice writes',
      type: 'channel',
      username: `alice_writes_${alice.id}`,
    });
    for (const text of ['one', 'two', 'three'])
      await control().sendMessage({ from: alice.id, chat: channel.id, text });
    expect(await b.api.getUserPersonalChatMessages(alice.id, 5)).toEqual([]);
    expect(await b.api.getChat(alice.id)).not.toHaveProperty('personal_chat');

    await control().setPersonalChat({ user: alice.id, chat: channel.id });
    const posts = await b.api.getUserPersonalChatMessages(alice.id, 2);
    expect(posts.map((post) => post.text)).toEqual(['two', 'three']);
    expect(posts[0]).toMatchObject({
      chat: { id: channel.id, type: 'channel', title: 'Alice writes' },
      sender_chat: { id: channel.id },
    });
    // The channel's service message (channel_chat_created) is among its messages too.
    const all = await b.api.getUserPersonalChatMessages(alice.id, 20);
    expect(all.map((post) => post.text ?? 'service')).toEqual(['service', 'one', 'two', 'three']);
    expect((await b.api.getChat(alice.id)).personal_chat).toMatchObject({ id: channel.id, type: 'channel' });

    for (const limit of [0, 21]) {
      expect((await failure(b.api.getUserPersonalChatMessages(alice.id, limit))).description).toBe(
        'Bad Request: limit must be between 1 and 20',
      );
    }
    expect((await failure(b.api.getUserPersonalChatMessages(b.record.id, 1))).description).toBe(
      'Bad Request: user not found',
    );
    // Only a public channel the person created; none removes it.
    const bob = await person('Bob');
    await expect(control().setPersonalChat({ user: bob.id, chat: channel.id })).rejects.toMatchObject({
      error: 'BAD_REQUEST',
    });
    const secret = await control().createChat({ owner: alice.id, title: 'Private', type: 'channel' });
    await expect(control().setPersonalChat({ user: alice.id, chat: secret.id })).rejects.toMatchObject({
      error: 'BAD_REQUEST',
    });
    await control().setPersonalChat({ user: alice.id });
    expect(await b.api.getUserPersonalChatMessages(alice.id, 5)).toEqual([]);
  });
});

describe("members' tags", () => {
  async function supergroup(rights: Record<string, boolean>) {
    const owner = await person('Olga');
    const member = await person('Max');
    const admin = await bot('tags');
    const chat = await control().createChat({
      owner: owner.id,
      title: 'Tagged',
      type: 'supergroup',
      members: [member.id],
    });
    await control().addChatMember({ by: owner.id, chat: chat.id, user: admin.record.id });
    await control().promoteChatMember({ by: owner.id, chat: chat.id, user: admin.record.id, rights });
    return { owner, member, admin, chat };
  }

  it('sets, shows and removes the tag of a regular member with can_manage_tags', async () => {
    const { owner, member, admin, chat } = await supergroup({ can_manage_tags: true });
    expect(await admin.api.getChatMember(chat.id, member.id)).not.toHaveProperty('tag');
    expect(await admin.api.setChatMemberTag(chat.id, member.id, '  designer  ')).toBe(true);
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({
      status: 'member',
      tag: 'designer',
    });
    // More than the documented 16 characters is refused, not cut (ADR 0071).
    expect(
      (await failure(admin.api.setChatMemberTag(chat.id, member.id, 'a very long tag for max'))).description,
    ).toBe('Bad Request: tag is too long');
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({ tag: 'designer' });
    await admin.api.setChatMemberTag(chat.id, member.id, 'a very long tag');
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({ tag: 'a very long tag' });

    // A restricted member keeps the tag.
    await control().restrictChatMember({ by: owner.id, chat: chat.id, user: member.id, permissions: {} });
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({
      status: 'restricted',
      tag: 'a very long tag',
    });

    const emoji = await failure(admin.api.setChatMemberTag(chat.id, member.id, 'star ⭐'));
    expect(emoji.description).toBe('Bad Request: TAG_EMOJI_NOT_ALLOWED');
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({ tag: 'a very long tag' });
    const ofOwner = await failure(admin.api.setChatMemberTag(chat.id, owner.id, 'boss'));
    expect(ofOwner.description).toBe('Bad Request: user is an administrator of the chat');
    const stranger = await person('Nobody');
    expect((await failure(admin.api.setChatMemberTag(chat.id, stranger.id, 'x'))).description).toBe(
      'Bad Request: USER_NOT_PARTICIPANT',
    );

    await admin.api.setChatMemberTag(chat.id, member.id, '');
    expect(await admin.api.getChatMember(chat.id, member.id)).not.toHaveProperty('tag');
  });

  it('needs can_manage_tags, and a group or supergroup', async () => {
    const { member, admin, chat } = await supergroup({ can_invite_users: true });
    expect((await failure(admin.api.setChatMemberTag(chat.id, member.id, 'x'))).description).toBe(
      'Bad Request: not enough rights',
    );
    expect(await admin.api.getChatMember(chat.id, member.id)).not.toHaveProperty('tag');
    const alice = await person('Alice');
    await control().sendMessage({ from: alice.id, chat: `@${admin.record.username}`, text: 'hi' });
    expect((await failure(admin.api.setChatMemberTag(alice.id, alice.id, 'x'))).description).toBe(
      'Bad Request: method is available for group and supergroup chats only',
    );
  });
});

describe('after a restart', () => {
  it("keeps the bot's profile photo, profile audios, emoji statuses and tags", async () => {
    const alice = await person('Alice');
    const admin = await bot('keep');
    const chat = await control().createChat({ owner: alice.id, title: 'Kept', type: 'group' });
    const member = await person('Max');
    await control().addChatMember({ by: alice.id, chat: chat.id, user: member.id });
    await control().addChatMember({ by: alice.id, chat: chat.id, user: admin.record.id });
    await control().promoteChatMember({
      by: alice.id,
      chat: chat.id,
      user: admin.record.id,
      rights: { can_manage_tags: true },
    });
    await admin.api.setChatMemberTag(chat.id, member.id, 'kept');
    await admin.api.setMyProfilePhoto({ type: 'static', photo: new InputFile(png(20, 20), 'k.png') });
    const song = await control().sendMedia({
      from: alice.id,
      chat: `@${admin.record.username}`,
      audio: { data: noise(200, 9), filename: 'k.mp3', duration: 5 },
    });
    await control().addProfileAudio({
      user: alice.id,
      chat: `@${admin.record.username}`,
      message_id: song.message_id,
    });
    await control().allowEmojiStatus({ user: alice.id, bot: admin.record.id });
    await admin.api.setUserEmojiStatus(alice.id, { emoji_status_custom_emoji_id: '77' });
    const photos = await admin.api.getUserProfilePhotos(admin.record.id);

    await server.close();
    server = await startServer({ data: dataDir });
    const api = new (await import('grammy')).Api(admin.token, { apiRoot: server.url });
    expect(await api.getUserProfilePhotos(admin.record.id)).toEqual(photos);
    expect((await api.getUserProfileAudios(alice.id)).total_count).toBe(1);
    expect((await api.getChat(alice.id)).emoji_status_custom_emoji_id).toBe('77');
    expect(await api.getChatMember(chat.id, member.id)).toMatchObject({ tag: 'kept' });
  });
});
