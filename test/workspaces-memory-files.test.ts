/**
 * A `:memory:` workspace's uploads folder (ADR 0094): `<server's files>/workspaces/NAME`, made by its
 * first upload, not before, and removed with the workspace; a workspace that never uploaded leaves
 * nothing behind either, and the server's own folder stays. A `:memory:` server's own folder is made
 * the same way (private, by its first upload) and removed when it closes.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlClient } from '../src/testkit/index.js';
import { startServer, type TestServer } from './helpers/in-process.js';

let server: TestServer;
let filesDir: string;

beforeAll(async () => {
  server = await startServer();
  filesDir = server.parley.platform.deps.filesDir;
});
afterAll(() => server.close());

async function world(name: string) {
  const created = await server.control.createWorkspace({ name });
  return new ControlClient({ url: created.server_url, adminToken: created.admin_token });
}

describe("a :memory: workspace's files folder", () => {
  it('is made by its first upload and removed with the workspace', async () => {
    const inside = await world('uploads');
    const folder = path.join(filesDir, 'workspaces', 'uploads');
    const bot = await inside.createBot({ username: 'files_bot' });
    const alice = await inside.createUser({ phone_number: '+15550301', first_name: 'Alice' });
    await inside.sendMessage({ from: alice.id, chat: '@files_bot', text: 'hi' });
    expect(existsSync(folder)).toBe(false);

    const form = new FormData();
    form.set('chat_id', String(alice.id));
    form.set('document', new Blob([Buffer.from('some bytes')]), 'notes.txt');
    const response = await fetch(`${server.url}/w/uploads/bot${bot.token}/sendDocument`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(200);
    expect(existsSync(folder)).toBe(true);

    await server.control.deleteWorkspace('uploads');
    expect(existsSync(folder)).toBe(false);
    expect(existsSync(filesDir)).toBe(true);
  });

  it('is never made for a workspace that does not upload, which closes all the same', async () => {
    const inside = await world('no-uploads');
    await inside.createBot({ username: 'quiet_bot' });
    await server.control.resetWorkspace('no-uploads');
    await server.control.deleteWorkspace('no-uploads');
    expect(existsSync(path.join(filesDir, 'workspaces', 'no-uploads'))).toBe(false);
    expect((await server.control.listWorkspaces()).map((w) => w.name)).not.toContain('no-uploads');
  });
});

describe("a :memory: server's own files folder", () => {
  it('is not made by a server that stores no file, and closing it leaves nothing', async () => {
    const quiet = await startServer();
    const folder = quiet.parley.platform.deps.filesDir;
    const alice = await quiet.control.createUser({ phone_number: '+15550311', first_name: 'Alice' });
    await quiet.control.createBot({ username: 'still_bot' });
    await quiet.control.sendMessage({ from: alice.id, chat: '@still_bot', text: 'hi' });
    expect(existsSync(folder)).toBe(false);
    await quiet.close();
    expect(existsSync(folder)).toBe(false);
  });

  it('is made private by the first upload and removed when the server closes', async () => {
    const busy = await startServer();
    const folder = busy.parley.platform.deps.filesDir;
    const bot = await busy.control.createBot({ username: 'upload_bot' });
    const alice = await busy.control.createUser({ phone_number: '+15550312', first_name: 'Alice' });
    await busy.control.sendMessage({ from: alice.id, chat: '@upload_bot', text: 'hi' });
    const form = new FormData();
    form.set('chat_id', String(alice.id));
    form.set('document', new Blob([Buffer.from('some bytes')]), 'notes.txt');
    const response = await fetch(`${busy.url}/bot${bot.token}/sendDocument`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    await busy.close();
    expect(existsSync(folder)).toBe(false);
  });
});
