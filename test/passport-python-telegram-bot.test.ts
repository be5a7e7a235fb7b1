/**
 * python-telegram-bot 13 (unmodified, Debian's package) decrypts Parley's passport_data with the
 * bot's private key (`private_key=`), downloads and decrypts a Passport file, and calls
 * set_passport_data_errors with hashes from the decrypted credentials, which the person then sees
 * (docs/passport.md, ADR 0054). Skipped where the package is missing, except when
 * PARLEY_REQUIRE_PTB=1 (helpers/python-bot.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { jpegHeader, noise } from './helpers/media-bytes.js';
import { describeWithPtb, expectNoTraceback, startPythonBot, type PythonBot } from './helpers/python-bot.js';

describeWithPtb('python-telegram-bot: Passport', () => {
  let server: TestServer;
  let bot: PythonBot | undefined;
  let dir: string;
  beforeAll(async () => {
    server = await startServer();
    dir = mkdtempSync(path.join(tmpdir(), 'parley-passport-'));
  });
  afterAll(async () => {
    await bot?.stop();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('decrypts passport_data with private_key= and sets errors the person sees', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'ptbpass');
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const keyFile = path.join(dir, 'private.pem');
    writeFileSync(keyFile, keys.privateKey, { mode: 0o600 });
    const chat = `@${record.username}`;
    await server.control.setBotPassportKey({ bot: chat, public_key: keys.publicKey });
    bot = await startPythonBot('passport_bot.py', {
      env: { PARLEY_URL: server.url, BOT_TOKEN: token, PASSPORT_KEY_FILE: keyFile },
    });

    const front = Buffer.concat([jpegHeader(20, 10), noise(200, 5), Buffer.from([0xff, 0xd9])]);
    await server.control.sharePassportData({
      user: user.id,
      bot: chat,
      nonce: 'ptb-nonce',
      elements: [
        {
          type: 'personal_details',
          data: {
            first_name: 'Ada',
            last_name: 'Lovelace',
            birth_date: '10.12.1815',
            gender: 'female',
            country_code: 'GB',
            residence_country_code: 'GB',
          },
        },
        { type: 'passport', data: { document_no: 'P-77' }, front_side: front.toString('base64') },
        { type: 'email', email: 'ada@example.com' },
      ],
    });
    const reply = await server.control
      .waitForMessage({ user: user.id, chat, timeout: 20 })
      .catch((error: Error) => {
        throw new Error(`${error.message}; the bot printed:\n${bot?.output()}`, { cause: error });
      });
    expect(JSON.parse(reply.text!)).toEqual({
      nonce: 'ptb-nonce',
      first_name: 'Ada',
      last_name: 'Lovelace',
      document_no: 'P-77',
      front_side: front.toString('hex'),
      email: 'ada@example.com',
      errors_set: true,
    });
    const seen = await server.control.getPassportErrors({ user: user.id, bot: chat });
    expect(seen.errors.map((e) => [e.source, e.type, e.message])).toEqual([
      ['data', 'personal_details', 'Check the spelling'],
      ['front_side', 'passport', 'Too dark'],
    ]);
    await bot.stop();
    expectNoTraceback(bot);
  });
});
