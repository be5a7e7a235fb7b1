/**
 * A person's profile photos (issue 27): given and removed through the control API's test kit and
 * the CLI (`parley user photo add`, `parley user photo remove`, ADR 0095), answered by getUserProfilePhotos to a grammY bot, the newest first,
 * each photo downloadable under the bot's own file_id. A file that is not an image is refused and
 * changes nothing.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { groupKit } from './helpers/groups.js';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const parley = cliRunner(() => server);

describe("a person's profile photos", () => {
  it('are given by the control API and the CLI and read by getUserProfilePhotos, the newest first', async () => {
    const alice = await person('Alice');
    const b = await bot('photos');
    expect(await b.api.getUserProfilePhotos(alice.id)).toEqual({ total_count: 0, photos: [] });

    const first = await server.control.addProfilePhoto({ user: alice.id, photo: { data: png(64, 48) } });
    expect(first.total_count).toBe(1);
    expect(first.photos[0]![0]).toMatchObject({ width: 64, height: 48 });

    const folder = await mkdtemp(path.join(tmpdir(), 'parley-photo-'));
    const file = path.join(folder, 'face.png');
    await writeFile(file, png(100, 100));
    const added = await parley('user', 'photo', 'add', '--user', String(alice.id), '--photo', file);
    expect(added).toMatchObject({ stderr: '', code: 0, stdout: '2 profile photos: 100x100, 64x48' });

    const page = await b.api.getUserProfilePhotos(alice.id);
    expect(page.total_count).toBe(2);
    expect(page.photos.map((sizes) => [sizes[0]!.width, sizes[0]!.height])).toEqual([
      [100, 100],
      [64, 48],
    ]);
    // The bot's own file_id (not the person's), which getFile and the download route take.
    expect(page.photos[1]![0]!.file_unique_id).toBe(first.photos[0]![0]!.file_unique_id);
    expect(page.photos[1]![0]!.file_id).not.toBe(first.photos[0]![0]!.file_id);
    const got = await b.api.getFile(page.photos[0]![0]!.file_id);
    const download = await fetch(`${server.url}/file/bot${b.token}/${got.file_path}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(png(100, 100))).toBe(true);
    expect(await b.api.getUserProfilePhotos(alice.id, { offset: 1, limit: 1 })).toMatchObject({
      total_count: 2,
      photos: [[{ width: 64, height: 48 }]],
    });

    // Not an image: refused, nothing added.
    expect(
      await controlFailure(
        server.control.addProfilePhoto({ user: alice.id, photo: { data: Buffer.from('not an image') } }),
      ),
    ).toMatchObject({ status: 400 });
    expect((await b.api.getUserProfilePhotos(alice.id)).total_count).toBe(2);
  });

  it('are removed through the control API and the CLI, the newest first, and the bot sees them gone', async () => {
    const carol = await person('Carol');
    const b = await bot('photos_gone');
    await server.control.addProfilePhoto({ user: carol.id, photo: { data: png(30, 20) } });
    await server.control.addProfilePhoto({ user: carol.id, photo: { data: png(40, 20) } });
    await server.control.addProfilePhoto({ user: carol.id, photo: { data: png(50, 20) } });

    const left = await server.control.removeProfilePhoto({ user: carol.id });
    expect(left.total_count).toBe(2);
    expect(left.photos.map((sizes) => sizes[0]!.width)).toEqual([40, 30]);
    const page = await b.api.getUserProfilePhotos(carol.id);
    expect(page.photos.map((sizes) => sizes[0]!.width)).toEqual([40, 30]);

    const removed = await parley('user', 'photo', 'remove', '--user', String(carol.id));
    expect(removed).toMatchObject({ stderr: '', code: 0, stdout: '1 profile photo: 30x20' });
    const json = await parley('user', 'photo', 'remove', '--user', String(carol.id), '--json');
    expect(JSON.parse(json.stdout)).toEqual({ total_count: 0, photos: [] });
    expect(await b.api.getUserProfilePhotos(carol.id)).toEqual({ total_count: 0, photos: [] });

    // None left: refused by both, and an unknown user is not found.
    expect(await controlFailure(server.control.removeProfilePhoto({ user: carol.id }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'there is no profile photo to remove',
    });
    const refused = await parley('user', 'photo', 'remove', '--user', String(carol.id));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('there is no profile photo to remove');
    expect(await controlFailure(server.control.removeProfilePhoto({ user: '+15559990000' }))).toMatchObject({
      status: 404,
      code: 'USER_NOT_FOUND',
    });
  });
});
