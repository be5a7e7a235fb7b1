import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SystemClock } from '../core/clock.js';
import { EventBus } from '../core/event-bus.js';
import { deriveFileId, uniqueIdOfFileId } from './file-ids.js';
import { extensionOf, fileUniqueId } from './file-kinds.js';
import { Files } from './files.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { cryptoRandom } from '../core/random.js';
import { SqliteStore } from '../../storage/sqlite/sqlite-store.js';

const REFERENCE_TIME_MS = Date.UTC(2026, 0, 1);

let deps: PlatformDeps;
let files: Files;

beforeEach(() => {
  deps = {
    store: SqliteStore.open(':memory:'),
    clock: new SystemClock(0, () => REFERENCE_TIME_MS),
    random: cryptoRandom,
    bus: new EventBus(),
    config: { profile: 'local' },
    filesDir: mkdtempSync(path.join(tmpdir(), 'parley-files-test-')),
  };
  files = new Files(deps);
});

afterEach(async () => {
  await deps.store.close();
  rmSync(deps.filesDir, { recursive: true, force: true });
});

const bytes = (text: string) => Buffer.from(text);
const upload = (data: Buffer, filename = 'a.bin', mimeType = 'application/octet-stream') => ({
  data,
  filename,
  mimeType,
});

/** All regular files under the files folder, relative. */
function filesOnDisk(): string[] {
  return readdirSync(deps.filesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(deps.filesDir, path.join(entry.parentPath, entry.name)));
}

describe('Files', () => {
  it('stores bytes content-addressed and records the file', async () => {
    const stored = await files.store(1, 'photo', upload(bytes('png bytes'), 'x.png'), {
      width: 3,
      height: 2,
      mimeType: 'image/png',
    });
    expect(stored.file).toMatchObject({
      kind: 'photo',
      size: 9,
      mime_type: 'image/png',
      file_name: null, // photos keep no name
      width: 3,
      height: 2,
      created_at: REFERENCE_TIME_MS / 1000,
    });
    expect(stored.file.storage_path).toBe(`${stored.file.sha256.slice(0, 2)}/${stored.file.sha256}`);
    expect(filesOnDisk()).toEqual([stored.file.storage_path]);
    expect(await files.read(stored.file)).toEqual(bytes('png bytes'));
    expect(stored.ref).toMatchObject({ bot_id: 1, file_path: 'photos/file_0.png' });
  });

  it('gives identical bytes of one kind one row, and the same bot the same file_id', async () => {
    const first = await files.store(1, 'document', upload(bytes('same'), 'a.txt', 'text/plain'));
    const again = await files.store(1, 'document', upload(bytes('same'), 'a.txt', 'text/plain'));
    expect(again.file.pk).toBe(first.file.pk);
    expect(again.ref.file_id).toBe(first.ref.file_id);
    expect(filesOnDisk()).toHaveLength(1);

    // Another kind, or another name, is another file; the bytes on disk stay shared.
    const asPhoto = await files.store(1, 'photo', upload(bytes('same')));
    const renamed = await files.store(1, 'document', upload(bytes('same'), 'b.txt', 'text/plain'));
    expect(new Set([first.file.pk, asPhoto.file.pk, renamed.file.pk]).size).toBe(3);
    expect(new Set([first.file.unique_id, asPhoto.file.unique_id, renamed.file.unique_id]).size).toBe(3);
    expect(filesOnDisk()).toHaveLength(1);
  });

  it('gives each bot its own file_id and path, with one file_unique_id', async () => {
    const a = await files.store(1, 'document', upload(bytes('shared'), 'r.pdf'));
    const b = await files.store(2, 'document', upload(bytes('shared'), 'r.pdf'));
    expect(b.file.pk).toBe(a.file.pk);
    expect(b.ref.file_id).not.toBe(a.ref.file_id);
    expect(a.ref.file_path).toBe('documents/file_0.pdf');
    expect(b.ref.file_path).toBe('documents/file_0.pdf');

    // A file_id is valid only for the bot it was issued to.
    expect((await files.byFileId(1, a.ref.file_id))?.file.pk).toBe(a.file.pk);
    expect(await files.byFileId(2, a.ref.file_id)).toBeUndefined();
    expect(await files.byFileId(1, 'AgACnonsense')).toBeUndefined();
    expect((await files.byPath(2, 'documents/file_0.pdf'))?.ref.file_id).toBe(b.ref.file_id);
    expect(await files.byPath(3, 'documents/file_0.pdf')).toBeUndefined();
  });

  it('issues a file_id to a bot that receives a file, once', async () => {
    const { file } = await files.store(1, 'photo', upload(bytes('p')), {
      width: 1,
      height: 1,
      mimeType: 'image/jpeg',
    });
    const ref = await files.refFor(7, file);
    expect(ref).toMatchObject({ bot_id: 7, file_pk: file.pk, file_path: 'photos/file_0.jpg' });
    expect(await files.refFor(7, file)).toEqual(ref);
  });

  it('numbers file paths per bot across kinds', async () => {
    const paths = [
      (await files.store(1, 'photo', upload(bytes('1')), { mimeType: 'image/gif' })).ref.file_path,
      (await files.store(1, 'document', upload(bytes('2'), 'notes'))).ref.file_path,
      (await files.store(1, 'thumbnail', upload(bytes('3')), { mimeType: 'image/jpeg' })).ref.file_path,
      (await files.store(2, 'document', upload(bytes('4'), 'x.tar.GZ'))).ref.file_path,
    ];
    expect(paths).toEqual([
      'photos/file_0.gif',
      'documents/file_1',
      'thumbnails/file_2.jpg',
      'documents/file_0.gz',
    ]);
  });

  it('makes URL-safe file_ids of the reference length and short stable file_unique_ids', async () => {
    const { file, ref } = await files.store(1, 'photo', upload(bytes('id')));
    expect(ref.file_id).toMatch(/^AgAC[A-Za-z0-9_-]{68}$/);
    expect(file.unique_id).toMatch(/^AQAD[A-Za-z0-9_-]{16}$/);
    // Derived from the file's identity alone: the same on another server, or after a restart.
    expect(fileUniqueId('photo', file.sha256, null, file.mime_type)).toBe(file.unique_id);
  });

  it('derives one file_id per viewer that only that viewer can use (ADR 0040)', async () => {
    const { file, ref } = await files.store(1, 'photo', upload(bytes('seen by many')));
    const key = await files.idKey();
    expect(ref.file_id).toBe(deriveFileId(key, 1, file.unique_id));
    expect(uniqueIdOfFileId(ref.file_id)).toBe(file.unique_id);
    const forBot2 = deriveFileId(key, 2, file.unique_id)!;
    const forPerson = deriveFileId(key, 1000, file.unique_id)!;
    expect(new Set([ref.file_id, forBot2, forPerson]).size).toBe(3);
    expect(forBot2).toMatch(/^AgAC[A-Za-z0-9_-]{68}$/);

    // A bot that never stored the file uses its derived id; it has no file_path until it asks.
    const found = await files.byFileId(2, forBot2);
    expect(found).toMatchObject({
      file: { pk: file.pk },
      ref: { file_id: forBot2, bot_id: 2, file_path: '' },
    });
    const withPath = await files.withPath(2, found!);
    expect(withPath.ref).toMatchObject({ file_id: forBot2, file_path: 'photos/file_0' });
    expect(await files.byPath(2, 'photos/file_0')).toMatchObject({ ref: { file_id: forBot2 } });
    expect((await files.byFileId(2, forBot2))?.ref.file_path).toBe('photos/file_0');

    // Anyone else's id, a tampered one or one under another key is refused.
    expect(await files.byFileId(2, ref.file_id)).toBeUndefined();
    expect(await files.byFileId(1, forBot2)).toBeUndefined();
    expect(await files.byFileId(3, forPerson)).toBeUndefined();
    const tampered = forBot2.slice(0, -2) + (forBot2.endsWith('AA') ? 'AB' : 'AA');
    expect(await files.byFileId(2, tampered)).toBeUndefined();
    expect(await files.byFileId(2, deriveFileId(Buffer.alloc(32, 1), 2, file.unique_id)!)).toBeUndefined();
    expect(deriveFileId(key, 2, 'not-a-unique-id')).toBeUndefined();
  });

  it('binds every file object of a message to the viewer, thumbnails included', async () => {
    const doc = await files.store(1, 'document', upload(bytes('doc'), 'a.txt', 'text/plain'));
    const thumb = await files.store(1, 'thumbnail', upload(bytes('th')), { mimeType: 'image/jpeg' });
    const content = {
      document: {
        file_name: 'a.txt',
        thumbnail: { file_id: thumb.ref.file_id, file_unique_id: thumb.file.unique_id },
        file_id: doc.ref.file_id,
        file_unique_id: doc.file.unique_id,
      },
      entities: [{ type: 'bold', offset: 0, length: 1 }],
      odd: { file_id: 'x', file_unique_id: 'not ours' },
    };
    await files.bindFileIds(deps.store, 5, content);
    const key = await files.idKey();
    expect(content.document.file_id).toBe(deriveFileId(key, 5, doc.file.unique_id));
    expect(content.document.thumbnail.file_id).toBe(deriveFileId(key, 5, thumb.file.unique_id));
    expect(content.odd.file_id).toBe('x');
  });

  it('keeps the file_ids of rows made before derived ids for their bot', async () => {
    const { file } = await files.store(1, 'photo', upload(bytes('old')));
    await deps.store.write(async (tx) => {
      await tx.insertFileRef({
        file_id: 'AgAClegacy-random-id',
        file_pk: file.pk,
        bot_id: 9,
        file_path: 'photos/file_7.jpg',
      });
      await tx.setSetting('files.legacy_refs', '1');
    });
    const legacy = new Files(deps);
    const holder = { file_id: '', file_unique_id: file.unique_id };
    await legacy.bindFileIds(deps.store, 9, holder);
    expect(holder.file_id).toBe('AgAClegacy-random-id');
    expect((await legacy.byFileId(9, 'AgAClegacy-random-id'))?.ref.file_path).toBe('photos/file_7.jpg');
    // The derived id of that bot is genuine too, and finds the same path.
    const derived = deriveFileId(await legacy.idKey(), 9, file.unique_id)!;
    expect((await legacy.byFileId(9, derived))?.ref).toMatchObject({
      file_id: derived,
      file_path: 'photos/file_7.jpg',
    });
    expect((await legacy.refFor(9, file)).file_id).toBe('AgAClegacy-random-id');
  });

  it("stores a person's file without giving any bot a file_id", async () => {
    const file = await files.storeForPerson(
      'document',
      upload(bytes('from a person'), 'p.pdf', 'application/pdf'),
    );
    expect(file).toMatchObject({ kind: 'document', file_name: 'p.pdf', mime_type: 'application/pdf' });
    expect(await deps.store.getFileRefForBot(1, file.pk)).toBeUndefined();
  });

  it('leaves no row when the bytes cannot be written', async () => {
    // A plain file where the folder should be makes every write fail.
    rmSync(deps.filesDir, { recursive: true, force: true });
    writeFileSync(deps.filesDir, 'blocker');
    await expect(files.store(1, 'document', upload(bytes('lost'), 'l.txt'))).rejects.toThrow();
    expect(await deps.store.getFileByPk(1)).toBeUndefined();
  });

  it('keeps only plain extensions for file paths', () => {
    expect(extensionOf('report.PDF')).toBe('pdf');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('noext')).toBeUndefined();
    expect(extensionOf('weird.p/df')).toBeUndefined();
    expect(extensionOf('x.a b')).toBeUndefined();
  });
});
