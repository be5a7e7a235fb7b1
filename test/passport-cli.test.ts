/**
 * The Passport commands against a real server (the CLI runs in this process; its requests go over
 * HTTP): `parley passport key` registers a PEM file, `parley passport share` reads an elements file
 * whose scans are "@file" paths, `parley passport errors` shows what the bot set (docs/passport.md).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliRunner } from './helpers/cli-runner.js';
import { first, groupKit } from './helpers/groups.js';
import { startServer, type TestServer } from './helpers/in-process.js';
import { jpegHeader, noise } from './helpers/media-bytes.js';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startServer();
  dir = mkdtempSync(path.join(tmpdir(), 'parley-passport-cli-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const { person, bot } = groupKit(() => server);
const parley = cliRunner(() => server, process.cwd());

describe('parley passport', () => {
  it('registers a key, shares an elements file with @file scans and shows the errors', async () => {
    const alice = await person('Alice');
    const shop = await bot('pcli');
    const username = `@${shop.record.username}`;
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(path.join(dir, 'public.key'), keys.publicKey);
    const front = Buffer.concat([jpegHeader(20, 10), noise(100, 3), Buffer.from([0xff, 0xd9])]);
    writeFileSync(path.join(dir, 'front.jpg'), front);
    writeFileSync(
      path.join(dir, 'elements.json'),
      JSON.stringify([
        { type: 'passport', data: { document_no: 'X1' }, front_side: '@front.jpg' },
        { type: 'email', email: 'alice@example.com' },
      ]),
    );

    const noKey = await parley('passport', 'key', '--bot', username, '--key', path.join(dir, 'missing.key'));
    expect(noKey).toMatchObject({ code: 2 });
    expect(noKey.stderr).toContain('cannot read --key');
    expect(
      await parley('passport', 'key', '--bot', username, '--key', path.join(dir, 'public.key')),
    ).toMatchObject({
      code: 0,
      stdout: 'key registered',
    });

    const shared = await parley(
      'passport',
      'share',
      '--user',
      String(alice.id),
      '--bot',
      username,
      '--nonce',
      'n-1',
      '--elements',
      path.join(dir, 'elements.json'),
      '--json',
    );
    expect(shared.code, shared.stderr).toBe(0);
    const message = JSON.parse(shared.stdout) as { passport_data: { data: Array<Record<string, unknown>> } };
    expect(message.passport_data.data.map((e) => e.type)).toEqual(['passport', 'email']);
    const update = first(await shop.updates(), 'message') as {
      passport_data: { data: Array<{ type: string; front_side?: { file_size: number }; hash: string }> };
    };
    const passport = update.passport_data.data[0]!;
    // The scan was read from the file: its encrypted size is the JPEG's, padded to 16 with 32-255 bytes.
    expect(passport.front_side!.file_size).toBeGreaterThanOrEqual(front.length + 32);
    expect(passport.front_side!.file_size).toBeLessThanOrEqual(front.length + 255);

    expect(await parley('passport', 'errors', '--user', String(alice.id), '--bot', username)).toMatchObject({
      code: 0,
      stdout: '(no errors)',
    });
    await shop.api.setPassportDataErrors(alice.id, [
      { source: 'unspecified', type: 'passport', element_hash: passport.hash, message: 'Expired' },
    ]);
    expect(await parley('passport', 'errors', '--user', String(alice.id), '--bot', username)).toMatchObject({
      code: 0,
      stdout: 'passport unspecified: Expired',
    });
  });
});
