/**
 * Debian's Chromium (/usr/bin/chromium, or PARLEY_CHROMIUM) launched by playwright-core, for the
 * browser tests (browser.ts) and the scripts that drive the web client (scripts/screenshot.js).
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.PARLEY_CHROMIUM ?? '/usr/bin/chromium';

/** Headless Chromium with the flags this machine's closed network needs (no background fetches). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
