import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from './cli-error.js';
import { resolveServer } from './resolve-server.js';

let cwd: string;

beforeEach(async () => {
  cwd = await mkdtemp(path.join(os.tmpdir(), 'parley-resolve-'));
});

afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

async function writeToken(dir: string, text: string): Promise<string> {
  await mkdir(path.join(cwd, dir), { recursive: true });
  const file = path.join(cwd, dir, 'admin-token');
  await writeFile(file, text);
  return file;
}

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe('resolveServer: URL', () => {
  const token = { 'admin-token': 'flag-token' };

  it('defaults to the local server', async () => {
    await expect(resolveServer(token, {}, cwd)).resolves.toMatchObject({ url: 'http://127.0.0.1:8081' });
  });

  it('takes PARLEY_URL, and --server over it, without a trailing slash', async () => {
    const env = { PARLEY_URL: 'http://env.example:9000/' };
    await expect(resolveServer(token, env, cwd)).resolves.toMatchObject({ url: 'http://env.example:9000' });
    await expect(
      resolveServer({ ...token, server: 'https://flag.example/parley' }, env, cwd),
    ).resolves.toMatchObject({ url: 'https://flag.example/parley' });
  });

  it('ignores an empty PARLEY_URL', async () => {
    await expect(resolveServer(token, { PARLEY_URL: '' }, cwd)).resolves.toMatchObject({
      url: 'http://127.0.0.1:8081',
    });
  });

  it.each(['not a url', 'ftp://example.com'])('refuses %s with exit code 2', async (server) => {
    const error = await failure(resolveServer({ ...token, server }, {}, cwd));
    expect(error).toMatchObject({ code: 'SERVER_URL_INVALID', exitCode: 2 });
  });
});

describe('resolveServer: a URL that is nearly right says what to write', () => {
  const token = { 'admin-token': 'flag-token' };

  it.each([
    ['http://host.example:8081/control', 'http://host.example:8081'],
    ['http://host.example:8081/control/', 'http://host.example:8081'],
    ['https://host.example/parley/control', 'https://host.example/parley'],
  ])('refuses %s, naming the server root %s', async (server, root) => {
    const error = await failure(resolveServer({ ...token, server }, {}, cwd));
    expect(error).toMatchObject({ code: 'SERVER_URL_INVALID', exitCode: 2 });
    expect(error.message).toBe(
      `invalid server URL "${server}": give the server's root URL, without /control: --server ${root}`,
    );
  });

  it.each(['127.0.0.1:8081', 'localhost:8081', 'host.example'])(
    'refuses %s without a scheme, suggesting http://',
    async (server) => {
      const error = await failure(resolveServer({ ...token, server }, {}, cwd));
      expect(error).toMatchObject({ code: 'SERVER_URL_INVALID', exitCode: 2 });
      expect(error.message).toBe(
        `invalid server URL "${server}": it needs its scheme, as in --server http://${server}`,
      );
    },
  );

  it('says the same of PARLEY_URL, naming it', async () => {
    const error = await failure(resolveServer(token, { PARLEY_URL: '127.0.0.1:8081' }, cwd));
    expect(error.message).toBe(
      'invalid server URL "127.0.0.1:8081": it needs its scheme, as in PARLEY_URL=http://127.0.0.1:8081',
    );
  });
});

describe('resolveServer: admin token', () => {
  it('prefers --admin-token over the environment and the token file', async () => {
    await writeToken('data', 'file-token');
    const target = await resolveServer({ 'admin-token': 'flag-token' }, { PARLEY_ADMIN_TOKEN: 'env' }, cwd);
    expect(target).toMatchObject({ adminToken: 'flag-token', tokenSource: '--admin-token' });
  });

  it('prefers PARLEY_ADMIN_TOKEN over the token file', async () => {
    await writeToken('data', 'file-token');
    const target = await resolveServer({}, { PARLEY_ADMIN_TOKEN: 'env-token' }, cwd);
    expect(target).toMatchObject({ adminToken: 'env-token', tokenSource: 'PARLEY_ADMIN_TOKEN' });
  });

  it('reads ./data/admin-token by default, relative to the working directory, trimmed', async () => {
    const file = await writeToken('data', 'file-token\n');
    const target = await resolveServer({}, { PARLEY_ADMIN_TOKEN: '' }, cwd);
    expect(target).toEqual({ url: 'http://127.0.0.1:8081', adminToken: 'file-token', tokenSource: file });
  });

  it('reads the token file of PARLEY_DATA, and of --data over it', async () => {
    await writeToken('env-data', 'env-data-token');
    await writeToken('flag-data', 'flag-data-token');
    const env = { PARLEY_DATA: 'env-data' };
    await expect(resolveServer({}, env, cwd)).resolves.toMatchObject({ adminToken: 'env-data-token' });
    await expect(resolveServer({ data: 'flag-data' }, env, cwd)).resolves.toMatchObject({
      adminToken: 'flag-data-token',
    });
    const absolute = path.join(cwd, 'flag-data');
    await expect(resolveServer({ data: absolute }, {}, '/')).resolves.toMatchObject({
      adminToken: 'flag-data-token',
    });
  });

  it('says where it looked when there is no token file', async () => {
    const error = await failure(resolveServer({}, {}, cwd));
    expect(error).toMatchObject({ code: 'ADMIN_TOKEN_MISSING', exitCode: 2 });
    expect(error.message).toContain(path.join(cwd, 'data', 'admin-token'));
    expect(error.message).toContain('--admin-token');
    expect(error.message).toContain('"parley start" prints the line "export PARLEY_URL=..." to paste');
  });

  it('refuses an empty token file', async () => {
    await writeToken('data', '  \n');
    const error = await failure(resolveServer({}, {}, cwd));
    expect(error).toMatchObject({ code: 'ADMIN_TOKEN_MISSING' });
    expect(error.message).toContain('empty');
  });

  it.each([':memory:', 'postgres://db/parley'])(
    'has no token file for the data location %s',
    async (data) => {
      const error = await failure(resolveServer({ data }, {}, cwd));
      expect(error).toMatchObject({ code: 'ADMIN_TOKEN_MISSING', exitCode: 2 });
      expect(error.message).toContain('PARLEY_ADMIN_TOKEN');
      // Where to find it: the line that `parley start` printed.
      expect(error.message).toContain('export PARLEY_URL=... PARLEY_ADMIN_TOKEN=...');
    },
  );
});
