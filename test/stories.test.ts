/**
 * Stories of business accounts with grammY: the connected bot posts (photo and video, caption,
 * areas), edits, reposts and deletes stories; they expire on the virtual clock unless kept on the
 * chat page; people see them and reply, and the reply reaches the bot with reply_to_story. ADR 0049.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit } from './helpers/groups.js';
import { controlFailure } from './helpers/cli-runner.js';
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

async function storyScene(rights: Record<string, boolean> = { can_manage_stories: true }) {
  const owner = await person('Studio');
  const poster = await bot('storyteller');
  const connection = await control().connectBusinessBot({ user: owner.id, bot: poster.record.id, rights });
  await poster.updates();
  return { owner, poster, connection };
}

const AREA = {
  position: {
    x_percentage: 50,
    y_percentage: 50,
    width_percentage: 20,
    height_percentage: 10,
    rotation_angle: 0,
    corner_radius_percentage: 4,
  },
  type: { type: 'link', url: 'https://example.com/sale' },
};

describe('stories', () => {
  it('posts, edits and deletes a story; people see it while it is active', async () => {
    const { owner, poster, connection } = await storyScene();
    const story = await poster.api.postStory(
      connection.id,
      { type: 'photo', photo: new InputFile(png(1080, 1920), 'story.png') },
      6 * 3600,
      { caption: '<b>Sale</b> today', parse_mode: 'HTML', areas: [AREA] as never },
    );
    expect(story).toEqual({ chat: { id: owner.id, type: 'private', first_name: 'Studio' }, id: 1 });

    const [listed] = await control().listStories({ owner: owner.id });
    expect(listed).toMatchObject({
      id: 1,
      is_active: true,
      caption: 'Sale today',
      caption_entities: [{ type: 'bold', offset: 0, length: 4 }],
      areas: [AREA],
      // The photo's sizes, as sendPhoto's (ADR 0097): the largest within 1280.
      content: {
        type: 'photo',
        photo: expect.arrayContaining([expect.objectContaining({ width: 720, height: 1280 })]),
      },
    });
    expect(listed!.expiration_date - listed!.date).toBe(6 * 3600);

    const edited = await poster.api.editStory(
      connection.id,
      1,
      { type: 'video', video: new InputFile(noise(2048), 'clip.mp4') },
      { caption: 'Now a video' },
    );
    expect(edited).toEqual(story);
    expect((await control().listStories({ owner: owner.id }))[0]).toMatchObject({
      caption: 'Now a video',
      content: { type: 'video', video: { file_size: 2048 } },
    });
    expect((await control().listStories({ owner: owner.id }))[0]).not.toHaveProperty('areas');

    expect(await poster.api.deleteStory(connection.id, 1)).toBe(true);
    expect(await control().listStories({ owner: owner.id })).toEqual([]);
    expect(await failure(poster.api.deleteStory(connection.id, 1))).toMatchObject({
      code: 400,
      description: 'Bad Request: story not found',
    });
    // A new story does not take the deleted one's id.
    const next = await poster.api.postStory(
      connection.id,
      { type: 'photo', photo: new InputFile(png(1080, 1920), 's.png') },
      86400,
      {},
    );
    expect(next.id).toBe(2);
  });

  it('expires on the virtual clock; kept on the chat page it stays listed, inactive', async () => {
    const { owner, poster, connection } = await storyScene();
    const photo = () => ({ type: 'photo' as const, photo: new InputFile(png(1080, 1920), 'p.png') });
    await poster.api.postStory(connection.id, photo(), 6 * 3600, {});
    await poster.api.postStory(connection.id, photo(), 6 * 3600, { post_to_chat_page: true });
    await poster.api.postStory(connection.id, photo(), 2 * 86400, {});
    expect((await control().listStories({ owner: owner.id })).map((s) => s.id)).toEqual([3, 2, 1]);

    await control().advanceClock(6 * 3600);
    const after = await control().listStories({ owner: owner.id });
    expect(after.map((s) => [s.id, s.is_active])).toEqual([
      [3, true],
      [2, false],
    ]);
    // A person can no longer reply to the expired story.
    const fan = await person('Fan');
    expect(
      await controlFailure(
        control().replyToStory({ from: fan.id, owner: owner.id, story_id: 1, text: 'hi' }),
      ),
    ).toMatchObject({ status: 404, code: 'STORY_NOT_FOUND' });
  });

  it('a person replies to a story: the bot gets business_message with reply_to_story', async () => {
    const { owner, poster, connection } = await storyScene({ can_manage_stories: true, can_reply: true });
    const story = await poster.api.postStory(
      connection.id,
      { type: 'photo', photo: new InputFile(png(1080, 1920), 'p.png') },
      86400,
      {},
    );
    const fan = await person('Fan');
    const reply = await control().replyToStory({
      from: fan.id,
      owner: owner.id,
      story_id: story.id,
      text: 'Love it',
    });
    expect(reply).toMatchObject({ text: 'Love it', reply_to_story: story });
    const message = first(await poster.updates(), 'business_message');
    expect(message).toMatchObject({
      business_connection_id: connection.id,
      from: { id: fan.id },
      text: 'Love it',
      reply_to_story: story,
    });
    // The bot may answer: the fan wrote to the account.
    await poster.api.sendMessage(fan.id, 'Thanks!', { business_connection_id: connection.id });
  });

  it('reposts a story between two accounts of the bot', async () => {
    const { owner, poster, connection } = await storyScene();
    const second = await person('Studio Two');
    const other = await control().connectBusinessBot({
      user: second.id,
      bot: poster.record.id,
      rights: { can_manage_stories: true },
    });
    const original = await poster.api.postStory(
      connection.id,
      { type: 'photo', photo: new InputFile(png(1080, 1920), 'p.png') },
      86400,
      { caption: 'Original' },
    );
    const repost = await poster.api.repostStory(other.id, owner.id, original.id, 12 * 3600, {});
    expect(repost).toEqual({ chat: { id: second.id, type: 'private', first_name: 'Studio Two' }, id: 1 });
    expect((await control().listStories({ owner: second.id }))[0]).toMatchObject({
      caption: 'Original',
      repost_of: { chat_id: owner.id, story_id: original.id },
    });
    expect(await failure(poster.api.repostStory(other.id, owner.id, 99, 12 * 3600, {}))).toMatchObject({
      description: 'Bad Request: story not found',
    });
  });

  it('refuses without can_manage_stories, a wrong active period, and content that is not a new upload', async () => {
    const { owner, poster, connection } = await storyScene({ can_reply: true });
    const content = () => ({ type: 'photo' as const, photo: new InputFile(png(1080, 1920), 'p.png') });
    expect(await failure(poster.api.postStory(connection.id, content(), 6 * 3600, {}))).toMatchObject({
      description: 'Bad Request: BOT_ACCESS_FORBIDDEN',
    });
    expect(await failure(poster.api.postStory(connection.id, content(), 3600, {}))).toMatchObject({
      description: 'Bad Request: invalid active_period specified',
    });
    expect(
      await failure(
        poster.api.postStory(connection.id, { type: 'photo', photo: 'AgADBAAD' } as never, 86400, {}),
      ),
    ).toMatchObject({
      description: "Bad Request: can't parse InputStoryContent: Can't use photo as a new upload",
    });
    expect(await failure(poster.api.postStory('nope', content(), 86400, {}))).toMatchObject({
      description: 'Bad Request: business connection not found',
    });
    expect(await control().listStories({ owner: owner.id })).toEqual([]);
  });
});
