// `npm run screenshot`: the pictures of the web client that README.md and docs/web-client.md show,
// taken from the demo world of test/helpers/demo-world.ts (fixed names, ids, time and photo; ADR
// 0103) in Debian's Chromium (/usr/bin/chromium, or PARLEY_CHROMIUM) at 1280x800: a bot's chat with
// inline buttons and a photo (docs/images/web-client-chat.png) and the sign-in page
// (docs/images/web-client-sign-in.png). The same screens at 390 px are the references of
// test/web/web-client-screenshots.test.ts. Runs under tsx (`node --import tsx`), after the build
// (`npm run screenshot` builds what is stale first).
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, launchBrowser } from '../test/helpers/chromium.ts';
import { startDemoWorld, takeDemoScreens } from '../test/helpers/demo-world.ts';

/** Which screen goes to which file. */
const PICTURES = {
  'chat-1280': 'docs/images/web-client-chat.png',
  'sign-in-1280': 'docs/images/web-client-sign-in.png',
};

if (!existsSync(CHROMIUM)) {
  console.error(`no Chromium at ${CHROMIUM}: apt-get install chromium, or set PARLEY_CHROMIUM`);
  process.exit(1);
}
const world = await startDemoWorld();
const browser = await launchBrowser();
try {
  await takeDemoScreens(browser, world, async (name, png) => {
    const file = PICTURES[name];
    if (!file) return;
    writeFileSync(fileURLToPath(new URL(`../${file}`, import.meta.url)), png);
    console.log(`wrote ${file}`);
  });
} finally {
  await browser.close();
  await world.close();
}
