/**
 * MediaDerivation (ADR 0086) without HTTP: what it makes with and without an ffmpeg, and that what
 * it made once is found again rather than made again. The fallback (no ffmpeg) runs everywhere.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pLimit from 'p-limit';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SystemClock } from '../core/clock.js';
import { EventBus } from '../core/event-bus.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { cryptoRandom } from '../core/random.js';
import { Ffmpeg, locateFfmpeg } from './ffmpeg.js';
import { Files } from './files.js';
import { MediaDerivation } from './media-derivation.js';
import { probeMedia } from './media-probe.js';
import { uploadSha256 } from './upload.js';
import { SqliteStore } from '../../storage/sqlite/sqlite-store.js';

/** Limiters made by p-limit in this file: a MediaDerivation makes its image limiter at the first image. */
const limits = vi.hoisted(() => ({ made: 0 }));
vi.mock('p-limit', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof pLimit }>()).default;
  return { default: (concurrency: number) => ((limits.made += 1), real(concurrency)) };
});

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/media/${name}`, import.meta.url));
const installed = await locateFfmpeg();

let deps: PlatformDeps;
let files: Files;

beforeEach(() => {
  deps = {
    store: SqliteStore.open(':memory:'),
    clock: new SystemClock(0, () => Date.UTC(2026, 0, 1)),
    random: cryptoRandom,
    bus: new EventBus(),
    config: { profile: 'local' },
    filesDir: mkdtempSync(path.join(tmpdir(), 'parley-media-test-')),
  };
  files = new Files(deps);
});

afterEach(async () => {
  await deps.store.close();
  rmSync(deps.filesDir, { recursive: true, force: true });
});

const upload = (data: Buffer, filename: string, mimeType: string) => ({ data, filename, mimeType });

describe('without an ffmpeg (the documented fallback)', () => {
  it('keeps a GIF as it is, gives videos no thumbnail, and still thumbnails images', async () => {
    const media = new MediaDerivation(files, new Ffmpeg({ binary: null }));
    const gif = upload(fixture('spin-64x48.gif'), 'spin.gif', 'image/gif');
    expect(await media.gifAsMp4(gif, uploadSha256(gif))).toBeUndefined();

    const clip = await files.storeForPerson(
      'video',
      upload(fixture('clip-320x240-3s.mp4'), 'c.mp4', 'video/mp4'),
    );
    expect(await media.thumbnail(clip)).toBeUndefined();
    // Read without decoding a frame: still there.
    expect(await media.probe(clip)).toEqual({ duration: 3, width: 320, height: 240 });

    // A GIF kept as an animation: its first frame is sharp's to decode.
    const kept = await files.storeForPerson('animation', gif, { mimeType: 'image/gif' });
    expect(await media.thumbnail(kept)).toMatchObject({ kind: 'thumbnail', width: 64, height: 48 });
  });
});

describe.skipIf(!installed)('with an ffmpeg', () => {
  it('makes a first frame and an MP4 once, then finds them by their source', async () => {
    const ffmpeg = new Ffmpeg({ concurrency: 1 });
    const media = new MediaDerivation(files, ffmpeg);
    const clip = await files.storeForPerson(
      'video',
      upload(fixture('clip-320x240-3s.mp4'), 'c.mp4', 'video/mp4'),
    );
    const [first, second] = await Promise.all([media.thumbnail(clip), media.thumbnail(clip)]);
    expect(first?.unique_id).toBe(second?.unique_id);
    expect(first).toMatchObject({ width: 320, height: 240, mime_type: 'image/jpeg' });
    expect(await sharp(await files.read(first!)).metadata()).toMatchObject({ format: 'jpeg' });
    // Found by its source afterwards: a broken ffmpeg is never asked again.
    const found = await new MediaDerivation(files, new Ffmpeg({ binary: '/nonexistent/ffmpeg' })).thumbnail(
      clip,
    );
    expect(found?.pk).toBe(first!.pk);

    const gif = upload(fixture('spin-64x48.gif'), 'spin.gif', 'image/gif');
    const mp4 = await media.gifAsMp4(gif, uploadSha256(gif));
    expect(mp4).toMatchObject({ kind: 'animation', file_name: 'spin.gif.mp4', mime_type: 'video/mp4' });
    expect(await probeMedia(files.absolutePath(mp4!))).toEqual({ duration: 2, width: 64, height: 48 });
    const again = await new MediaDerivation(files, new Ffmpeg({ binary: null })).gifAsMp4(
      gif,
      uploadSha256(gif),
    );
    expect(again?.pk).toBe(mp4!.pk);
  });
});

describe('photo sizes', () => {
  it('encodes an original once: the same bytes find the stored set', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const media = new MediaDerivation(files, new Ffmpeg({ binary: null }));
    const photo = upload(png, '', 'image/png');
    const sizes = await media.photoSizes(photo, uploadSha256(photo));
    expect(sizes.map((row) => row.width)).toEqual([90, 320, 800, 900]);
    // Found by the original's hash: even bytes that no longer decode would give the stored set.
    const found = await media.photoSizes(
      { data: Buffer.from('not an image'), filename: '', mimeType: '' },
      uploadSha256(photo),
    );
    expect(found.map((row) => row.pk)).toEqual(sizes.map((row) => row.pk));
    for (const size of sizes)
      expect((await media.photoOf(size)).map((row) => row.pk)).toEqual(sizes.map((row) => row.pk));
  });
});

describe('the image limiter', () => {
  it('is made at the first image, once (a world that makes none pays for none: issue 28)', async () => {
    // The test files share their worker's modules: an earlier file's MediaDerivation was loaded with
    // the real p-limit. Loaded anew, it takes this file's.
    vi.resetModules();
    const fresh = (await import('./media-derivation.js')).MediaDerivation;
    const before = limits.made;
    const media = new fresh(files, new Ffmpeg({ binary: null }));
    expect(limits.made).toBe(before);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#654321' } })
      .png()
      .toBuffer();
    await Promise.all([media.encodePhoto(png), media.encodePhoto(png)]);
    await media.encodePhoto(png);
    expect(limits.made).toBe(before + 1);
  });
});
