/**
 * The test kit from the outside (ADR 0057): the project is packed as the README says to (`npm run
 * pack:tarball`, which builds it and leaves its scripts out of the tarball), installed from the tarball into a fresh project with the npm
 * registry for its dependencies, and that project runs a small node:test suite that imports
 * `parley-server/testkit`, type-checks a TypeScript use of it against the packed declarations, and
 * runs the `parley-server` command.
 *
 * It needs the registry and takes a few minutes (better-sqlite3 is compiled when no prebuilt binary
 * can be fetched), so it runs only with PARLEY_TEST_PACK=1. The build happens in a copy of the
 * sources, never in this checkout's dist/.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const enabled = process.env.PARLEY_TEST_PACK === '1';
const work = enabled ? mkdtempSync(path.join(tmpdir(), 'parley-pack-')) : '';

/** The environment of the child commands: npm's own variables of an `npm test` run stay out. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('npm_') && !key.startsWith('PARLEY_') && !key.startsWith('VITEST')) env[key] = value;
  }
  return { ...env, NODE_ENV: '' };
}

function run(command: string, args: string[], cwd: string, timeoutMs: number) {
  return new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, env: childEnv(), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`));
        else resolve({ stdout, stderr });
      },
    );
  });
}

/** The consumer's suite: the example and a few more calls, by node:test. */
const SUITE = `
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createParley, ControlApiError } from 'parley-server/testkit';

/** A trivial bot without a library: long polling with fetch, answering "echo: <text>". */
function startEchoBot(apiRoot, token) {
  let running = true;
  let offset = 0;
  const call = async (method, params) => {
    const response = await fetch(\`\${apiRoot}/bot\${token}/\${method}\`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    return (await response.json()).result;
  };
  const loop = (async () => {
    while (running) {
      for (const update of await call('getUpdates', { offset, timeout: 1 })) {
        offset = update.update_id + 1;
        const text = update.message?.text;
        if (text !== undefined) await call('sendMessage', { chat_id: update.message.chat.id, text: 'echo: ' + text });
      }
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

test("the issue's example", async () => {
  const parley = await createParley();
  try {
    const bot = await parley.createBot({ username: 'echo_bot' });
    assert.match(bot.token, /^\\d+:/);
    assert.equal(bot.username, 'echo_bot');
    assert.equal(typeof bot.id, 'number');
    const stop = startEchoBot(parley.apiRoot, bot.token);
    try {
      const alice = await parley.createUser({ phone: '+15550001' });
      await alice.send('@echo_bot', 'hi');
      const reply = await alice.waitForMessage('@echo_bot', { timeout: 5000 });
      assert.equal(reply.text, 'echo: hi');
      await alice.send('@echo_bot', 'a');
      await alice.send('@echo_bot', 'b');
      const b = await alice.waitForMessage('@echo_bot', { match: (m) => m.text === 'echo: b', timeout: 5000 });
      assert.equal(b.text, 'echo: b');
    } finally {
      await stop();
    }
  } finally {
    await parley.close();
  }
});

test('a wait that times out, and the clock', async () => {
  const parley = await createParley();
  try {
    const bob = await parley.createUser({ phone: '+15550002' });
    await assert.rejects(
      bob.waitForMessage('@nobody_bot', { timeout: 1000 }),
      (error) => error instanceof ControlApiError && error.status === 404,
    );
    await parley.createBot({ username: 'silent_bot' });
    await assert.rejects(
      bob.waitForMessage('@silent_bot', { timeout: 1000 }),
      (error) => error instanceof ControlApiError && error.error === 'WAIT_TIMEOUT',
    );
    const before = await parley.clock.now();
    const after = await parley.clock.advance(3600);
    assert.ok(after.now - before.now >= 3600);
  } finally {
    await parley.close();
  }
});
`;

/** A TypeScript use of the kit, type-checked against the packed declarations (with a deliberate error). */
const TYPED = `
import { createParley, type Parley, type Person, type Message } from 'parley-server/testkit';
const parley: Parley = await createParley();
const alice: Person = await parley.createUser({ phone: '+15550001', first_name: 'Alice' });
const reply: Message = await alice.waitForMessage('@echo_bot', { timeout: 5000, match: (m) => m.text !== undefined });
const token: string = (await parley.createBot({ username: 'echo_bot' })).token;
console.log(reply.message_id, token, parley.apiRoot);
// @ts-expect-error: the timeout is a number of milliseconds
await alice.waitForMessage('@echo_bot', { timeout: '5s' });
await parley.close();
`;

describe.skipIf(!enabled)('the packed test kit in a fresh project (PARLEY_TEST_PACK=1)', () => {
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it(
    'installs from the tarball and runs a suite that imports parley-server/testkit',
    { timeout: 600_000 },
    async () => {
      const started = Date.now();
      const lap = (what: string) =>
        console.log(`testkit-pack: ${what} after ${Math.round((Date.now() - started) / 1000)} s`);

      // 1. A copy of the sources, built and packed.
      const stage = path.join(work, 'stage');
      mkdirSync(stage);
      for (const entry of [
        'package.json',
        'README.md',
        'bin',
        'docs',
        'scripts',
        'src',
        'web',
        'tsconfig.json',
        'tsconfig.build.json',
      ]) {
        if (existsSync(path.join(root, entry)))
          cpSync(path.join(root, entry), path.join(stage, entry), { recursive: true });
      }
      symlinkSync(path.join(root, 'node_modules'), path.join(stage, 'node_modules'), 'dir');
      // As the README says to: `npm run pack:tarball` (scripts/pack.js: build, then a tarball whose
      // package.json has no scripts).
      const packed = await run('node', ['scripts/pack.js'], stage, 300_000);
      const tarball = packed.stdout.trim().split('\n').at(-1)!;
      const info = { filename: path.basename(tarball) };
      cpSync(tarball, path.join(work, info.filename));
      const files = (await run('tar', ['-tzf', tarball], stage, 60_000)).stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => line.replace(/^package\//, ''));
      expect(files).toEqual(
        expect.arrayContaining([
          'dist/testkit/index.js',
          'dist/testkit/index.d.ts',
          'dist/testkit/parley.d.ts',
          'dist/server/in-process.js',
          'bin/parley.js',
        ]),
      );
      expect(files.filter((f) => f.startsWith('src/'))).toEqual([]);
      lap('packed');

      // 2. A fresh project that depends on the tarball.
      const app = path.join(work, 'app');
      mkdirSync(app);
      writeFileSync(
        path.join(app, 'package.json'),
        JSON.stringify(
          {
            name: 'kit-user',
            private: true,
            type: 'module',
            dependencies: { 'parley-server': `file:../${info.filename}` },
          },
          null,
          2,
        ),
      );
      const install = await run(
        'npm',
        ['install', '--ignore-scripts=false', '--no-audit', '--no-fund'],
        app,
        480_000,
      );
      lap('installed');
      // No warning about Parley: no engine it refuses (cookie 2 wanted Node 22), no install script of
      // its own for npm's allowScripts notice to name (better-sqlite3's is its own).
      const warnings = `${install.stdout}\n${install.stderr}`
        .split('\n')
        .filter((line) => /warn/i.test(line));
      expect(warnings.filter((line) => /parley-server|EBADENGINE/.test(line))).toEqual([]);
      const installed = JSON.parse(
        readFileSync(path.join(app, 'node_modules/parley-server/package.json'), 'utf8'),
      ) as { name: string };
      expect(installed.name).toBe('parley-server');

      // 3. The suite, by node:test.
      writeFileSync(path.join(app, 'kit.test.mjs'), SUITE);
      const suite = await run(process.execPath, ['--test', 'kit.test.mjs'], app, 120_000);
      expect(suite.stdout).toMatch(/# pass 2/);
      expect(suite.stdout).toMatch(/# fail 0/);
      lap('suite ran');

      // 4. The declarations: a TypeScript user's code checks, and a wrong type is refused.
      writeFileSync(path.join(app, 'typed.ts'), TYPED);
      writeFileSync(
        path.join(app, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: ['node'],
            typeRoots: [path.join(root, 'node_modules/@types')],
          },
          files: ['typed.ts'],
        }),
      );
      await run(
        process.execPath,
        [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'],
        app,
        120_000,
      );
      lap('type-checked');

      // 5. The command, under both names.
      const help = await run(path.join(app, 'node_modules/.bin/parley-server'), ['--help'], app, 60_000);
      expect(help.stdout).toMatch(/parley/);
      await run(path.join(app, 'node_modules/.bin/parley'), ['--help'], app, 60_000);
      lap('done');
    },
  );
});
