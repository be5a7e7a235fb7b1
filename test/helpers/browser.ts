/**
 * Browser tests of the web client (ADR 0055): playwright-core driving Debian's Chromium
 * (/usr/bin/chromium, or PARLEY_CHROMIUM). Where it is missing the tests are skipped, except when
 * PARLEY_REQUIRE_BROWSER=1 (set by .ci/run, which installs it): then its absence fails.
 *
 * The page is built from web/ when its build (dist/web-client/) is missing or older than a source.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartFlags } from '../../src/config/config.js';
import { CHROMIUM, launchBrowser } from './chromium.js';
import { startServer, type TestServer } from './in-process.js';

export { CHROMIUM, launchBrowser } from './chromium.js';

const available = existsSync(CHROMIUM);
const required = process.env.PARLEY_REQUIRE_BROWSER === '1';

const root = fileURLToPath(new URL('../..', import.meta.url));
const built = path.join(root, 'dist/web-client/index.html');

function newestSource(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    newest = Math.max(newest, stat.isDirectory() ? newestSource(file) : stat.mtimeMs);
  }
  return newest;
}

/** Builds the page unless its build is newer than every file of web/. */
export async function ensurePageBuilt(): Promise<void> {
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource(path.join(root, 'web'))) return;
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'web/vite.config.ts'), logLevel: 'error' });
}

/** Declares a check that fails when Chromium is required but missing, and `body`, skipped without it. */
export function describeWithBrowser(name: string, body: () => void): void {
  it('Chromium is installed where it is required', () => {
    if (required) expect(available, `no Chromium at ${CHROMIUM}`).toBe(true);
  });
  describe.skipIf(!available)(name, body);
}

/** Where screenshots for docs/web-client.md go when PARLEY_SCREENSHOTS=1, else undefined. */
export function screenshotPath(name: string): string | undefined {
  return process.env.PARLEY_SCREENSHOTS === '1' ? path.join(root, 'docs/images', `${name}.png`) : undefined;
}

/**
 * Opens `url` (a server's root or a page under a prefix) in a new tab of `context` and signs in there
 * by phone number (local profile); resolves once the page shows **Sign out**.
 */
export async function signInPage(context: BrowserContext, url: string, phoneNumber: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Phone number').fill(phoneNumber);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect
    .poll(() => page.getByRole('button', { name: 'Sign out' }).count(), { timeout: 15_000 })
    .toBe(1);
  return page;
}

/** A new context at `viewport`, signed in at `url` by phone number (signInPage). */
export async function signedInAt(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  phoneNumber: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  return { context, page: await signInPage(context, url, phoneNumber) };
}

/** How far the page scrolls sideways (0: not at all). */
export const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const { document, innerWidth } = globalThis as unknown as {
      document: { scrollingElement: { scrollWidth: number } };
      innerWidth: number;
    };
    return document.scrollingElement.scrollWidth - innerWidth;
  });

/** What a browser test file shares: the page built, one in-process server and one browser. */
export interface BrowserWorld {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A new context at `viewport`, signed in to the server's web client by phone number. */
  signedIn(
    viewport: { width: number; height: number },
    phoneNumber: string,
  ): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * A browser test file's world (call it in the file's `describe` body): the page built, a server
 * (`flags`, in-process) and a browser, started in a `beforeAll` registered here, so before the
 * file's own (which may create its bots on `server`), and closed in an `afterAll` that runs after
 * the file's own (vitest runs after-hooks in reverse order), so a file's bots stop first.
 */
export function browserWorld(flags: StartFlags = {}): BrowserWorld {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    await ensurePageBuilt();
    server = await startServer(flags);
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the browser world is used before its beforeAll ran');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    signedIn: (viewport, phoneNumber) =>
      signedInAt(started(browser), started(server).url + '/web/', viewport, phoneNumber),
  };
}
