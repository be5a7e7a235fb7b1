/**
 * A fixed demo world for pictures of the web client (ADR 0103): the screenshot test compares its
 * screens with committed references (test/web/web-client-screenshots.test.ts) and `npm run
 * screenshot` takes the README's pictures from it (scripts/screenshot.js). Everything that shows is
 * the same every run: the names, the ids (a seeded Random: avatars take their colour from the id),
 * the time (the virtual clock moved to DEMO_TIME, the browser's clock fixed a minute later, UTC, en-US),
 * the photo (drawn here, not random).
 *
 * No vitest here: the script runs it under plain Node.js (with tsx).
 */
import { Api, InlineKeyboard, InputFile } from 'grammy';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { Random } from '../../src/platform/core/random.js';
import { startServer, type TestServer } from './in-process.js';

/** 16 June 2036, 10:30 UTC: the virtual time of the demo's messages (it must lie ahead of the real clock). */
export const DEMO_TIME = Date.UTC(2036, 5, 16, 10, 30, 0) / 1000;
/** The clock control moves at most this far in one call (src/wire/control-schema/clock.ts). */
const MAX_ADVANCE = 10 * 365 * 86_400;

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const WIDE_VIEWPORT = { width: 1280, height: 800 };

/** A small deterministic Random (mulberry32): the same sequence for the same seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  // 53 random bits as a fraction of 1.
  const fraction = () => (next() * 2 ** 21 + (next() >>> 11)) / 2 ** 53;
  return {
    int: (min, max) => min + Math.floor(fraction() * (max - min)),
    bytes: (length) => Buffer.from(Array.from({ length }, () => next() & 0xff)),
    token: (length) => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[next() & 63];
      return out;
    },
  };
}

/** A photo of a pizza-coloured sunset, drawn from a formula so that it is the same every run. */
export async function demoPhoto(): Promise<Buffer> {
  const width = 480;
  const height = 320;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const sun = Math.hypot(x - 300, y - 190) < 60;
      const ground = y > 220;
      pixels[i] = ground ? 70 : sun ? 255 : 240 - Math.round(y / 3);
      pixels[i + 1] = ground ? 110 : sun ? 214 : 140 - Math.round(y / 4);
      pixels[i + 2] = ground ? 60 : sun ? 90 : 90 + Math.round(x / 6);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export interface DemoWorld {
  server: TestServer;
  /** The person the pictures show signed in. */
  alice: { id: number; phone_number: string };
  close(): Promise<void>;
}

/**
 * Starts a server (in memory, seeded) and builds the demo world: Alice and Bob, a pizza bot whose
 * chat has inline buttons and a photo, a weather bot, and a group where Bob wrote.
 */
export async function startDemoWorld(): Promise<DemoWorld> {
  const server = await startServer({}, { random: seededRandom(20_360_616) });
  const { control } = server;
  // People and bots first, one at a time: their ids are the seeded sequence's first draws.
  const alice = await control.createUser({
    phone_number: '+15550100',
    first_name: 'Alice',
    last_name: 'Martin',
  });
  const bob = await control.createUser({ phone_number: '+15550101', first_name: 'Bob', last_name: 'Stone' });
  const pizza = await control.createBot({ username: 'pizza_planet_bot', first_name: 'Pizza Planet' });
  const weather = await control.createBot({ username: 'weather_demo_bot', first_name: 'Weather' });

  let { now } = await control.getClock();
  if (now > DEMO_TIME)
    throw new Error('the real clock has passed DEMO_TIME: move it ahead in test/helpers/demo-world.ts');
  while (now < DEMO_TIME) now = (await control.advanceClock(Math.min(DEMO_TIME - now, MAX_ADVANCE))).now;

  const group = await control.createChat({
    owner: alice.id,
    title: 'Book club',
    type: 'group',
    members: [bob.id],
  });
  await control.sendMessage({
    from: bob.id,
    chat: String(group.id),
    text: 'See you on Thursday! Chapter 7 this time.',
  });

  const weatherApi = new Api(weather.token, { apiRoot: server.url });
  await control.sendMessage({ from: alice.id, chat: '@weather_demo_bot', text: '/start' });
  await weatherApi.sendMessage(alice.id, 'Lisbon today: sunny, 24 °C, a light breeze from the west.');

  const pizzaApi = new Api(pizza.token, { apiRoot: server.url });
  await control.sendMessage({ from: alice.id, chat: '@pizza_planet_bot', text: '/start' });
  await pizzaApi.sendMessage(alice.id, 'Welcome to <b>Pizza Planet</b>! What would you like today?', {
    parse_mode: 'HTML',
    reply_markup: new InlineKeyboard()
      .text('Margherita', 'margherita')
      .text('Pepperoni', 'pepperoni')
      .row()
      .text('Show the menu', 'menu'),
  });
  await control.sendMessage({ from: alice.id, chat: '@pizza_planet_bot', text: 'A Margherita, please' });
  await pizzaApi.sendPhoto(alice.id, new InputFile(await demoPhoto(), 'margherita.png'), {
    caption: 'Your Margherita is in the oven. Ready in 15 minutes.',
    reply_markup: new InlineKeyboard().text('Track my order', 'track'),
  });
  return {
    server,
    alice: { id: alice.id, phone_number: alice.phone_number! },
    close: () => server.close(),
  };
}

/**
 * A new page of its own context at `viewport`, pixel for pixel (device scale factor 1), in UTC and
 * en-US, its clock fixed a minute after DEMO_TIME ("today" is the demo's day).
 */
export async function demoPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date((DEMO_TIME + 60) * 1000));
  return page;
}

/** Signs `phoneNumber` in on the page (local profile) and waits for the chat list. */
async function signIn(page: Page, phoneNumber: string): Promise<void> {
  await page.getByLabel('Phone number').fill(phoneNumber);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 15_000 });
}

/** Opens the pizza bot's chat and waits for its photo and buttons to show. */
async function openPizzaChat(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Chats' })
    .getByRole('button', { name: /Pizza Planet/ })
    .click();
  const photo = page
    .getByRole('article')
    .filter({ hasText: 'Your Margherita is in the oven' })
    .locator('img');
  await photo.waitFor({ timeout: 15_000 });
  await page.waitForFunction(
    (image) =>
      (image as unknown as { complete: boolean; naturalWidth: number }).complete &&
      (image as unknown as { naturalWidth: number }).naturalWidth > 0,
    await photo.elementHandle(),
    { timeout: 15_000 },
  );
  await page.getByRole('button', { name: 'Track my order' }).waitFor({ timeout: 15_000 });
}

/** The screens the pictures show, in the order they are taken (the chats read before count). */
export const DEMO_SCREENS = ['sign-in-390', 'sign-in-1280', 'chats-390', 'chat-390', 'chat-1280'] as const;
export type DemoScreen = (typeof DEMO_SCREENS)[number];

/**
 * Takes each of DEMO_SCREENS of the demo world and hands it to `shot` as a PNG: the sign-in page,
 * the chat list and the pizza bot's chat (inline buttons, a photo) at 390x844 and 1280x800.
 */
export async function takeDemoScreens(
  browser: Browser,
  world: DemoWorld,
  shot: (name: DemoScreen, png: Buffer) => Promise<void>,
): Promise<void> {
  const url = world.server.url + '/web/';
  for (const [name, viewport] of [
    ['sign-in-390', PHONE_VIEWPORT],
    ['sign-in-1280', WIDE_VIEWPORT],
  ] as const) {
    const page = await demoPage(browser, viewport);
    await page.goto(url);
    await page.getByRole('button', { name: /Bob Stone/ }).waitFor({ timeout: 15_000 });
    await shot(name, await settled(page));
    await page.context().close();
  }
  const phone = await demoPage(browser, PHONE_VIEWPORT);
  await phone.goto(url);
  await signIn(phone, world.alice.phone_number);
  await phone.getByRole('button', { name: /Book club/ }).waitFor({ timeout: 15_000 });
  await shot('chats-390', await settled(phone));
  await openPizzaChat(phone);
  await shot('chat-390', await settled(phone));
  await phone.context().close();

  const wide = await demoPage(browser, WIDE_VIEWPORT);
  await wide.goto(url);
  await signIn(wide, world.alice.phone_number);
  await openPizzaChat(wide);
  await shot('chat-1280', await settled(wide));
  await wide.context().close();
}

/**
 * Waits until the page is still: fonts loaded, every image decoded, no caret, no animation or
 * transition; then the screenshot of the viewport is the same every time.
 */
export async function settled(page: Page): Promise<Buffer> {
  await page.addStyleTag({
    content:
      '*, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }',
  });
  await page.evaluate(async () => {
    const { document } = globalThis as unknown as {
      document: { fonts: { ready: Promise<unknown> }; images: ArrayLike<{ decode(): Promise<void> }> };
    };
    await document.fonts.ready;
    await Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined)));
  });
  return page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
}
