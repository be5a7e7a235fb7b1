/**
 * Files Parley derives from the media it is sent (ADR 0086), each made once and found again by its
 * source in `derived_files` (ports/files.ts):
 * - a photo's JPEG sizes (ADR 0081), keyed by the uploaded original's SHA-256: the same bytes
 *   uploaded again, or any size of the set sent again by file_id, give the stored set, unencoded;
 * - a thumbnail for a video, an animation, a video note, a video sent as a document (the first
 *   frame, decoded by ffmpeg), an image sent as a document (sharp), a sticker (sharp for WEBP, ffmpeg for WEBM): a JPEG of at most
 *   320 (a WEBP of at most 128 for stickers), keyed by the file's SHA-256;
 * - an MP4 converted from a GIF sent as an animation, keyed by the GIF's SHA-256 and name;
 * - a game's drawn photo (ADR 0079), keyed by the bot and the game's short name.
 *
 * Nothing here blocks the event loop: sharp works in libuv's thread pool, two images at a time,
 * ffmpeg in a child process behind a bound of its own (ffmpeg.ts). Without an ffmpeg
 * the first frame and the conversion are skipped: no thumbnail, the GIF kept as it is.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit, { type LimitFunction } from 'p-limit';
import { loadSharp } from './load-sharp.js';
import { Ffmpeg, FfmpegError } from './ffmpeg.js';
import { imageSize } from './image-size.js';
import { probeMedia, type MediaProbe } from './media-probe.js';
import {
  encodeJpeg,
  encodePhotoSizes,
  ImageDecodeError,
  smallerSizes,
  THUMBNAIL_BOX,
} from './photo-sizes.js';
import type { EncodedImage } from './photo-sizes.js';
import type { FileKind } from './file-kinds.js';
import type { Upload } from './upload.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { FileRow } from '../../storage/store.js';

/** What derivation needs of the files (files.ts's Files, which holds a MediaDerivation). */
export interface DerivationFiles {
  readonly deps: PlatformDeps;
  readonly spoolDir: string;
  storeForPerson(
    kind: FileKind,
    upload: Upload,
    meta?: { width?: number; height?: number; mimeType?: string },
  ): Promise<FileRow>;
  storePhotoForPerson(sizes: EncodedImage[]): Promise<FileRow[]>;
  absolutePath(file: FileRow): string;
  read(file: FileRow): Promise<Buffer>;
}

/** Roles of derived files (the `role` column). */
const PHOTO_ROLE = 'photo';
const THUMBNAIL_ROLE = 'thumbnail';
const MP4_ROLE = 'mp4';

/** A sticker's thumbnail: a WEBP of at most 128 by 128, as the reference's sticker thumbnails. */
export const STICKER_THUMBNAIL_BOX = 128;
/** Images processed at once by one server (see #images). */
const IMAGE_CONCURRENCY = 2;
/** The largest side a stored JPEG photo size has (photo-sizes.ts). */
const LARGEST_PHOTO_SIDE = 1280;

/** Kinds of file that get a generated thumbnail, and how it is made. */
const FRAME_KINDS = new Set(['video', 'animation', 'video_note']);
const IMAGE_DOCUMENT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const VIDEO_DOCUMENT_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska']);

export class MediaDerivation {
  readonly ffmpeg: Ffmpeg;
  /**
   * Images decoded and encoded at once: sharp runs in libuv's thread pool (4 threads by default),
   * which file reads and writes share; two images at a time leave them room. Made at the first
   * image: most test worlds never process one (issue 28).
   */
  #imageLimit: LimitFunction | undefined;
  /**
   * How many of each were made (encoded, drawn, converted) rather than found: what "made once" is
   * checked by (ADR 0097). Plain numbers of this server, for tests and diagnostics.
   */
  readonly made = { photos: 0, thumbnails: 0, mp4s: 0 };

  constructor(
    private readonly files: DerivationFiles,
    ffmpeg: Ffmpeg = new Ffmpeg(),
  ) {
    this.ffmpeg = ffmpeg;
  }

  /** `work` under the image limiter. */
  #images<T>(work: () => Promise<T>): Promise<T> {
    return (this.#imageLimit ??= pLimit(IMAGE_CONCURRENCY))(work);
  }

  /**
   * The stored JPEG sizes of new photo bytes, smallest first: found by the original's SHA-256 when
   * made before, else encoded (photo-sizes.ts) and stored. Throws ImageDecodeError.
   */
  async photoSizes(upload: Upload, sha256: string): Promise<FileRow[]> {
    return this.once(`sha256:${sha256}`, PHOTO_ROLE, async () =>
      this.files.storePhotoForPerson(
        await this.encodePhoto('spooled' in upload ? upload.spooled.path : upload.data),
      ),
    );
  }

  /** The stored sizes of photo bytes encoded before, found by their SHA-256; else undefined. */
  knownPhoto(sha256: string): Promise<FileRow[] | undefined> {
    return this.#derived(`sha256:${sha256}`, PHOTO_ROLE);
  }

  /**
   * Photo bytes (a path or the bytes) encoded into the reference's JPEG sizes (photo-sizes.ts), two
   * images at a time, not stored: for a caller that refuses bytes that do not decode before it
   * writes anything, then stores them with `storePhoto`. Throws ImageDecodeError.
   */
  async encodePhoto(source: string | Buffer): Promise<EncodedImage[]> {
    this.made.photos += 1;
    return this.#images(() => encodePhotoSizes(source));
  }

  /** Sizes from `encodePhoto` stored and recorded as the photo of the original's SHA-256. */
  storePhoto(sha256: string, sizes: EncodedImage[]): Promise<FileRow[]> {
    return this.once(`sha256:${sha256}`, PHOTO_ROLE, () => this.files.storePhotoForPerson(sizes));
  }

  /**
   * The photo a stored photo size belongs to, smallest size first: the set it was stored in, or for
   * a photo stored before its set was recorded (a JPEG within 1280), its sizes derived from it as
   * the largest. Any other file is a photo of one size. Throws ImageDecodeError.
   */
  async photoOf(file: FileRow): Promise<FileRow[]> {
    const { store } = this.files.deps;
    const key = await store.getDerivedSource(file.pk, PHOTO_ROLE);
    const known = key === undefined ? undefined : await this.#derived(key, PHOTO_ROLE);
    if (known) return known;
    if (
      file.mime_type !== 'image/jpeg' ||
      !file.width ||
      !file.height ||
      Math.max(file.width, file.height) > LARGEST_PHOTO_SIDE
    ) {
      return [file];
    }
    const largest = { data: await this.files.read(file), width: file.width, height: file.height };
    return this.once(`sha256:${file.sha256}`, PHOTO_ROLE, async () => {
      this.made.photos += 1;
      return [
        ...(await this.files.storePhotoForPerson(await this.#images(() => smallerSizes(largest)))),
        file,
      ];
    });
  }

  /**
   * The files derived from `key` as `role`: found when made before, else made by `make` (stored
   * files, in order) and recorded. For what is made from something other than an upload (a game's
   * drawn photo).
   */
  async once(key: string, role: string, make: () => Promise<FileRow[]>): Promise<FileRow[]> {
    const known = await this.#derived(key, role);
    if (known) return known;
    const rows = await make();
    await this.files.deps.store.write((tx) =>
      tx.setDerivedFiles(
        key,
        role,
        rows.map((row) => row.pk),
      ),
    );
    return rows;
  }

  /** The files recorded for a key and role, when there are some and all still exist. */
  async #derived(key: string, role: string): Promise<FileRow[] | undefined> {
    const { store } = this.files.deps;
    const pks = await store.getDerivedFiles(key, role);
    if (pks.length === 0) return undefined;
    const rows: FileRow[] = [];
    for (const pk of pks) {
      const row = await store.getFileByPk(pk);
      if (!row) return undefined;
      rows.push(row);
    }
    return rows;
  }

  /** Duration and size read from a stored audio or video file (media-probe.ts). */
  probe(file: FileRow): Promise<MediaProbe> {
    return probeMedia(this.files.absolutePath(file));
  }

  /**
   * The generated thumbnail of a stored file, made once per content: the first frame of a video,
   * an animation or a video note; an image sent as a document; a sticker's image or first frame.
   * Undefined when the kind has none, the bytes do not decode or no ffmpeg is there to decode them.
   */
  async thumbnail(file: FileRow): Promise<FileRow | undefined> {
    const key = `sha256:${file.sha256}:${file.kind}`;
    const known = await this.#derived(key, THUMBNAIL_ROLE);
    if (known) return known[0];
    const image = await this.#drawThumbnail(file);
    if (!image) return undefined;
    this.made.thumbnails += 1;
    const format = file.kind === 'sticker' ? 'webp' : 'jpeg';
    const row = await this.files.storeForPerson(
      'thumbnail',
      { data: image.data, filename: '', mimeType: `image/${format}` },
      { width: image.width, height: image.height, mimeType: `image/${format}` },
    );
    await this.files.deps.store.write((tx) => tx.setDerivedFiles(key, THUMBNAIL_ROLE, [row.pk]));
    return row;
  }

  async #drawThumbnail(file: FileRow): Promise<EncodedImage | undefined> {
    const source = this.files.absolutePath(file);
    try {
      if (file.kind === 'sticker') {
        if (file.mime_type === 'video/webm') {
          const frame = await this.#firstFrame(source);
          return frame && (await this.#images(() => encodeWebp(frame, STICKER_THUMBNAIL_BOX)));
        }
        // A TGS sticker is Lottie: drawing it needs a renderer Parley does not have.
        if (file.mime_type === 'application/x-tgsticker') return undefined;
        return await this.#images(() => encodeWebp(source, STICKER_THUMBNAIL_BOX));
      }
      if (file.kind === 'document') {
        if (IMAGE_DOCUMENT_TYPES.has(file.mime_type ?? '')) {
          return await this.#images(() => encodeJpeg(source, THUMBNAIL_BOX));
        }
        // A video sent as a document gets its first frame, as one sent as a video.
        if (!VIDEO_DOCUMENT_TYPES.has(file.mime_type ?? '')) return undefined;
      } else if (!FRAME_KINDS.has(file.kind)) return undefined;
      // A GIF kept as it is (no ffmpeg to convert it) still has a first frame that sharp decodes.
      if (file.mime_type === 'image/gif') return await this.#images(() => encodeJpeg(source, THUMBNAIL_BOX));
      const frame = await this.#firstFrame(source);
      return frame && (await this.#images(() => encodeJpeg(frame, THUMBNAIL_BOX)));
    } catch (error) {
      if (error instanceof ImageDecodeError || error instanceof FfmpegError) return undefined;
      throw error;
    }
  }

  /** The first video frame of a file as PNG bytes, or undefined without an ffmpeg. */
  async #firstFrame(source: string): Promise<Buffer | undefined> {
    if (!(await this.ffmpeg.available())) return undefined;
    const png = await this.ffmpeg.run([
      '-i',
      source,
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ]);
    return png.length > 0 ? png : undefined;
  }

  /**
   * A GIF sent as an animation, converted to an MP4 (H.264, no sound) as the reference converts it
   * (ADR 0086) and stored as an animation named `<name>.mp4`; undefined when the bytes are not a
   * GIF or no ffmpeg can convert them (then the GIF is kept). Converted once per GIF and name.
   */
  async gifAsMp4(upload: Upload, sha256: string): Promise<FileRow | undefined> {
    const head = 'data' in upload ? upload.data : upload.spooled.head;
    if (imageSize(head)?.format !== 'gif') return undefined;
    const fileName = `${upload.filename === '' ? 'animation.gif' : upload.filename}.mp4`;
    const key = `sha256:${sha256}:${fileName}`;
    const known = await this.#derived(key, MP4_ROLE);
    if (known) return known[0];
    if (!(await this.ffmpeg.available())) return undefined;
    const token = this.files.deps.random.token(12);
    const input = 'spooled' in upload ? upload.spooled.path : path.join(this.files.spoolDir, `${token}.gif`);
    const output = path.join(this.files.spoolDir, `${token}.mp4`);
    let mp4: Buffer;
    try {
      if ('data' in upload) {
        await mkdir(this.files.spoolDir, { recursive: true, mode: 0o700 });
        await writeFile(input, upload.data, { mode: 0o600 });
      }
      await this.ffmpeg.run([
        '-f',
        'gif',
        '-i',
        input,
        '-an',
        '-movflags',
        '+faststart',
        '-pix_fmt',
        'yuv420p',
        // H.264 in 4:2:0 needs even sides.
        '-vf',
        'scale=trunc(iw/2)*2:trunc(ih/2)*2',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-f',
        'mp4',
        '-y',
        output,
      ]);
      mp4 = await readFile(output);
    } catch (error) {
      if (error instanceof FfmpegError) return undefined;
      throw error;
    } finally {
      await rm(output, { force: true });
      if ('data' in upload) await rm(input, { force: true });
    }
    this.made.mp4s += 1;
    const probe = await probeMedia(mp4);
    // A GIF whose header passes but that has no frame converts to a movie without a picture: kept.
    if (!probe.width || !probe.height) return undefined;
    const row = await this.files.storeForPerson(
      'animation',
      { data: mp4, filename: fileName, mimeType: 'video/mp4' },
      { mimeType: 'video/mp4', width: probe.width, height: probe.height },
    );
    await this.files.deps.store.write((tx) => tx.setDerivedFiles(key, MP4_ROLE, [row.pk]));
    return row;
  }
}

/** An image (path or bytes) as a WEBP fit inside `box` by `box`, transparency kept. */
async function encodeWebp(source: string | Buffer, box: number): Promise<EncodedImage> {
  try {
    const { data, info } = await loadSharp()(source, { failOn: 'error' })
      .resize(box, box, { fit: 'inside', withoutEnlargement: true })
      .webp()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new ImageDecodeError(error instanceof Error ? error.message : String(error));
  }
}
