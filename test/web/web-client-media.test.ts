/**
 * Media in the web client at the platform's sizes (issue 29's chat view, issue 27's media, ADR 0098
 * addendum): a photo shows as its largest PhotoSize (a 2000x1500 upload downsized to 1280x960, not
 * the upload), and a video, a video note and an animation show the thumbnail the platform made from
 * their first frame at the clip's size, with their kind and duration; Play loads the clip itself.
 * An audio file and a voice message show their name and duration, and Play loads a player. At 390
 * px, nothing scrolls sideways. A document, a place and a contact have inline SVG icons, no emoji
 * (which draw as empty boxes where no emoji font is installed). The thumbnails need an ffmpeg (as
 * test/media-processing); without one, those checks are skipped with a message.
 */
import { readFileSync } from 'node:fs';
import { Api, InputFile } from 'grammy';
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { userAndBot } from '../helpers/in-process.js';
import { describeWithBrowser, sidewaysScroll, browserWorld } from '../helpers/browser.js';
import { png } from '../helpers/media-bytes.js';
import { tgs } from '../helpers/sticker-bytes.js';
import { locateFfmpeg } from '../../src/platform/files/ffmpeg.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url));
const ffmpeg = await locateFfmpeg();
if (!ffmpeg) console.warn('web-client-media: no ffmpeg: the clips’ thumbnails are not checked');

/** What an image shows: its attributes' size and the size of the picture it loaded. */
/** How many bytes the player's source (the object URL the page made) holds. */
const playedBytes = (player: Locator) =>
  player.evaluate(async (element) => {
    const src = (element as unknown as { src: string }).src;
    return (await (await fetch(src)).arrayBuffer()).byteLength;
  });

const imageSize = (image: Locator) =>
  image.evaluate((element) => {
    const img = element as unknown as {
      complete: boolean;
      naturalWidth: number;
      naturalHeight: number;
      getAttribute(name: string): string | null;
    };
    return {
      loaded: img.complete ? [img.naturalWidth, img.naturalHeight] : null,
      attributes: [Number(img.getAttribute('width')), Number(img.getAttribute('height'))],
    };
  });

describeWithBrowser('media in the web client', () => {
  const world = browserWorld();

  /** A person and a bot of their own that the person started, with the bot's grammY Api. */
  async function startedBot(name: string) {
    const { user, bot, token } = await userAndBot(world.server, name);
    await world.server.control.sendMessage({ from: user.id, chat: `@${bot.username}`, text: '/start' });
    return { user, bot, api: new Api(token, { apiRoot: world.server.url }) };
  }

  /** The person signed in on a 390 px phone, with the bot's chat open. */
  async function botChatOpen(phoneNumber: string, botUsername: string) {
    const opened = await world.signedIn({ width: 390, height: 844 }, phoneNumber);
    await opened.page.getByRole('button', { name: new RegExp(botUsername) }).click();
    return opened;
  }

  it('shows a photo as its largest size and clips by their thumbnails, kind and duration', async () => {
    const { user, bot, api } = await startedBot('webmedia');
    const photo = await api.sendPhoto(user.id, new InputFile(png(2000, 1500), 'big.png'), {
      caption: 'a big photo',
    });
    expect(photo.photo!.at(-1)).toMatchObject({ width: 1280, height: 960 });
    await api.sendVideo(user.id, new InputFile(fixture('clip-320x240-3s.mp4'), 'clip.mp4'), {
      caption: 'a video',
    });
    await api.sendVideoNote(user.id, new InputFile(fixture('note-240-2s.mp4'), 'note.mp4'));
    await api.sendAnimation(user.id, new InputFile(fixture('clip-320x240-3s.mp4'), 'loop.mp4'), {
      caption: 'an animation',
    });

    const { context, page } = await botChatOpen(user.phone_number, bot.username);

    // The photo: the platform's largest size, not the upload.
    const image = page.getByRole('article').filter({ hasText: 'a big photo' }).locator('img');
    await expect.poll(async () => (await imageSize(image)).loaded, { timeout: 15_000 }).toEqual([1280, 960]);
    expect((await imageSize(image)).attributes).toEqual([1280, 960]);

    // The clips: kind and duration, the thumbnail at the clip's size.
    const video = page.getByRole('article').filter({ hasText: 'a video' }).locator('figure');
    await expect
      .poll(() => video.locator('figcaption').textContent(), { timeout: 15_000 })
      .toBe('Video, 0:03Play');
    const note = page.locator('figure.media-video_note');
    expect(await note.locator('figcaption').textContent()).toBe('Video message, 0:02Play');
    const animation = page.getByRole('article').filter({ hasText: 'an animation' }).locator('figure');
    expect(await animation.locator('figcaption').textContent()).toMatch(/^GIF, 0:0\dPlay$/);
    if (ffmpeg) {
      const frame = video.getByRole('img', { name: 'Video, 0:03' });
      await expect.poll(async () => (await imageSize(frame)).loaded, { timeout: 15_000 }).toEqual([320, 240]);
      expect((await imageSize(frame)).attributes).toEqual([320, 240]);
      const noteFrame = note.getByRole('img', { name: 'Video message, 0:02' });
      await expect
        .poll(async () => (await imageSize(noteFrame)).loaded, { timeout: 15_000 })
        .toEqual([240, 240]);
      await expect
        .poll(async () => (await imageSize(animation.locator('img'))).loaded, { timeout: 15_000 })
        .toEqual([320, 240]);
    }
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // Play: the clip itself, fetched with the session, in place of its thumbnail.
    await video.getByRole('button', { name: 'Play' }).click();
    const player = video.locator('video');
    await expect.poll(() => player.getAttribute('src'), { timeout: 15_000 }).toMatch(/^blob:/);
    expect(await video.locator('img').count()).toBe(0);
    expect(await video.getByRole('button', { name: 'Play' }).count()).toBe(0);
    expect(await playedBytes(player)).toBe(fixture('clip-320x240-3s.mp4').length);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('plays a video sticker at its size, and shows an animated one by its thumbnail or its emoji', async () => {
    const { user, bot, api } = await startedBot('webstickers');
    const video = await api.sendSticker(user.id, new InputFile(fixture('sticker-512.webm'), 'v.webm'), {
      emoji: '🎬',
    });
    expect(video.sticker).toMatchObject({ is_video: true, width: 512, height: 512 });
    const animated = await api.sendSticker(user.id, new InputFile(tgs(), 'a.tgs'), { emoji: '🌀' });
    expect(animated.sticker).toMatchObject({ is_animated: true });
    const { context, page } = await botChatOpen(user.phone_number, bot.username);

    // The video sticker plays its own WEBM, muted and looped, at the sticker's size.
    const player = page.locator('.media-sticker video');
    await expect.poll(() => player.getAttribute('src'), { timeout: 15_000 }).toMatch(/^blob:/);
    expect(await player.getAttribute('aria-label')).toBe('Sticker 🎬');
    expect(
      await player.evaluate((element) => {
        const v = element as unknown as { muted: boolean; loop: boolean; width: number; height: number };
        return [v.muted, v.loop, v.width, v.height];
      }),
    ).toEqual([true, true, 512, 512]);
    expect(await playedBytes(player)).toBe(fixture('sticker-512.webm').length);

    // The animated one: its thumbnail where the platform keeps one, else its emoji (never a blank).
    const moving = page.locator('.media-sticker').filter({ hasNot: page.locator('video') });
    await expect.poll(() => moving.count(), { timeout: 15_000 }).toBe(1);
    if (animated.sticker!.thumbnail) {
      await expect
        .poll(() => moving.locator('img').getAttribute('alt'), { timeout: 15_000 })
        .toBe('Sticker 🌀');
    } else {
      expect(await moving.textContent()).toBe('[🌀]');
    }
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('shows an audio file and a voice message by name and duration, and plays them on demand', async () => {
    const { user, bot, api } = await startedBot('webaudio');
    await api.sendAudio(user.id, new InputFile(fixture('tone-4s.mp3'), 'tone.mp3'), {
      title: 'Tone',
      performer: 'Parley',
    });
    await api.sendVoice(user.id, new InputFile(fixture('voice-3s.ogg'), 'voice.ogg'));
    const { context, page } = await botChatOpen(user.phone_number, bot.username);
    const audio = page.locator('figure.media-audio');
    const voice = page.locator('figure.media-voice');
    await expect
      .poll(() => audio.locator('figcaption').textContent(), { timeout: 15_000 })
      .toBe('Parley – Tone, 0:04Play');
    await expect
      .poll(() => voice.locator('figcaption').textContent(), { timeout: 15_000 })
      .toBe('Voice message, 0:03Play');
    expect(await voice.locator('audio').count()).toBe(0);
    await voice.getByRole('button', { name: 'Play' }).click();
    const player = voice.locator('audio');
    await expect.poll(() => player.getAttribute('src'), { timeout: 15_000 }).toMatch(/^blob:/);
    expect(await playedBytes(player)).toBe(fixture('voice-3s.ogg').length);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('draws a document, a place and a contact with inline SVG icons, not emoji', async () => {
    const { user, bot, api } = await startedBot('webicons');
    await api.sendDocument(user.id, new InputFile(Buffer.from('notes'), 'notes.txt'));
    await api.sendLocation(user.id, 52.52, 13.405);
    await api.sendVenue(user.id, 48.8584, 2.2945, 'Tower', 'Champ de Mars');
    await api.sendContact(user.id, '+15550009999', 'Zoe');
    const { context, page } = await botChatOpen(user.phone_number, bot.username);
    for (const [kind, text] of [
      ['document', 'notes.txt'],
      ['location', '52.52000, 13.40500'],
      ['venue', 'Tower, Champ de Mars'],
      ['contact', 'Zoe +15550009999'],
    ]) {
      const media = page.locator(`.media-${kind}`);
      await expect.poll(() => media.textContent(), { timeout: 15_000 }).toContain(text);
      expect(await media.locator('svg.icon').count(), kind).toBe(1);
      expect(await media.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    }
    await context.close();
  });
});
