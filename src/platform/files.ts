/**
 * Files: uploaded bytes stored under the data location, with per-bot file_ids and a stable
 * file_unique_id (reference §5; spec/bot-api.md "Files and media").
 *
 * Invariants:
 * - Bytes are content-addressed: `<filesDir>/<sha[0..2]>/<sha>`, written once whatever their kind.
 * - A file row is one (kind, sha256, file_name, mime_type): identical bytes uploaded again as the
 *   same kind with the same name and type get the same row, hence the same file_unique_id. The name
 *   and type are part of the identity because a document shows them; photos have neither.
 * - file_unique_id is derived from that identity, so it is stable across bots, time and restarts.
 * - A file_id (FileRefRow) belongs to the one bot it was issued to; a bot has at most one per file,
 *   and with it a bot-visible file_path `<type-dir>/file_<n>.<ext>`, n counting per bot from 0.
 * - Bytes reach the disk (temp file, fsync, rename) before the row that names them is committed,
 *   so a row never points at missing bytes. A failure in between leaves unreferenced bytes on
 *   disk, which a later identical upload reuses; it never leaves a row.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, type ReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_EXTENSIONS, IMAGE_MIME_TYPES, type ImageFormat } from './image-size.js';
import type { PlatformDeps } from './platform-deps.js';
import type { FileRefRow, FileRow, StoreReader, StoreTx } from '../storage/store.js';

/** The kinds of file Parley stores, with the reference's type folder (TD FileType.cpp). */
export const FILE_KIND_DIRS = {
  photo: 'photos',
  document: 'documents',
  thumbnail: 'thumbnails',
  video: 'videos',
  audio: 'music',
  voice: 'voice',
  animation: 'animations',
  sticker: 'stickers',
  video_note: 'video_notes',
  profile_photo: 'profile_photos',
} as const;

export type FileKind = keyof typeof FILE_KIND_DIRS;

/** First byte of a file_unique_id per kind, so that ids of different kinds read differently. */
const KIND_CODES: Record<FileKind, number> = {
  thumbnail: 0,
  photo: 1,
  document: 2,
  video: 3,
  audio: 4,
  voice: 5,
  animation: 6,
  sticker: 7,
  video_note: 8,
  profile_photo: 9,
};

/**
 * The reference's file_ids start with a few bytes that encode the file type ("AgAC" photos,
 * "BQAC" documents, "AAMC" thumbnails); ours keep that look, then a random URL-safe part.
 */
const FILE_ID_PREFIXES: Record<FileKind, string> = {
  thumbnail: 'AAMC',
  photo: 'AgAC',
  document: 'BQAC',
  video: 'BAAC',
  audio: 'CQAC',
  voice: 'AwAC',
  animation: 'CgAC',
  sticker: 'CAAC',
  video_note: 'DQAC',
  profile_photo: 'AgAC',
};
const FILE_ID_RANDOM_LENGTH = 68;

/** Bytes of the identity hash in a file_unique_id: 96 bits, ample against collisions. */
const UNIQUE_ID_HASH_BYTES = 12;

/** getFile and downloads refuse files above this (MAX_DOWNLOAD_FILE_SIZE, reference §5). */
export const MAX_DOWNLOAD_SIZE = 20 << 20;

/** Extensions for files without a usable name (photos, voice, video notes): from their type. */
const MIME_EXTENSIONS: ReadonlyMap<string, string> = new Map([
  ...(Object.keys(IMAGE_MIME_TYPES) as ImageFormat[]).map(
    (format) => [IMAGE_MIME_TYPES[format], IMAGE_EXTENSIONS[format]] as const,
  ),
  // Voice messages and video notes keep no name; TDLib's paths: voice/file_0.oga, video_notes/file_1.mp4.
  ['audio/ogg', 'oga'],
  ['video/mp4', 'mp4'],
  ['audio/mpeg', 'mp3'],
]);

/** Settings key prefix of each bot's next file_path number (the reference numbers per bot). */
const PATH_COUNTER_SETTING = 'files.next_path_number.';

export interface Upload {
  data: Buffer;
  /** The name given by the uploader; kept only for kinds that show it (documents). */
  filename: string;
  mimeType: string;
}

export interface FileMeta {
  width?: number;
  height?: number;
  /** The type to record instead of the uploader's (e.g. the one read from an image header). */
  mimeType?: string;
}

export interface StoredFile {
  file: FileRow;
  ref: FileRefRow;
}

export interface WirePhotoSize {
  file_id: string;
  file_unique_id: string;
  file_size: number;
  width: number;
  height: number;
}

/** Kinds whose uploaded file name and type are kept (and shown), rather than dropped. */
const NAMED_KINDS: ReadonlySet<FileKind> = new Set(['document', 'video', 'audio', 'animation']);

export class Files {
  constructor(readonly deps: PlatformDeps) {}

  /**
   * Stores uploaded bytes as a file of `kind` and gives `botId` its file_id for it. Identical
   * bytes of the same kind, name and type give the existing file (and the bot's existing file_id).
   */
  async store(botId: number, kind: FileKind, upload: Upload, meta: FileMeta = {}): Promise<StoredFile> {
    const sha256 = createHash('sha256').update(upload.data).digest('hex');
    const named = NAMED_KINDS.has(kind);
    const fileName = named && upload.filename !== '' ? upload.filename : null;
    const mimeType = meta.mimeType ?? (upload.mimeType !== '' ? upload.mimeType : null);
    const uniqueId = fileUniqueId(kind, sha256, fileName, mimeType);
    const storagePath = `${sha256.slice(0, 2)}/${sha256}`;
    await this.#writeBytes(storagePath, upload.data);

    return this.deps.store.write(async (tx) => {
      let file = await tx.getFileByUniqueId(uniqueId);
      if (!file) {
        const row: Omit<FileRow, 'pk'> = {
          unique_id: uniqueId,
          kind,
          size: upload.data.length,
          mime_type: mimeType,
          file_name: fileName,
          storage_path: storagePath,
          width: meta.width ?? null,
          height: meta.height ?? null,
          sha256,
          created_at: this.deps.clock.now(),
        };
        file = { pk: await tx.insertFile(row), ...row };
      }
      return { file, ref: await this.issueRef(tx, botId, file) };
    });
  }

  /** The file a file_id names, when that file_id was issued to `botId`; any other bot's is invalid. */
  async byFileId(
    botId: number,
    fileId: string,
    reader: StoreReader = this.deps.store,
  ): Promise<StoredFile | undefined> {
    const ref = await reader.getFileRef(fileId);
    if (!ref || ref.bot_id !== botId) return undefined;
    const file = await reader.getFileByPk(ref.file_pk);
    return file ? { file, ref } : undefined;
  }

  /** The file a bot-visible file_path names for `botId` (file download). */
  async byPath(botId: number, filePath: string): Promise<StoredFile | undefined> {
    const ref = await this.deps.store.getFileRefByPath(botId, filePath);
    if (!ref) return undefined;
    const file = await this.deps.store.getFileByPk(ref.file_pk);
    return file ? { file, ref } : undefined;
  }

  /** The bot's file_id for a file, issued now if it has none (a bot receives a file it did not upload). */
  async refFor(botId: number, file: FileRow): Promise<FileRefRow> {
    return this.deps.store.write((tx) => this.issueRef(tx, botId, file));
  }

  /**
   * Within a write: the bot's existing file_id for the file, or a new one with the next file_path
   * of the bot. For callers that store a message and its recipients' file_ids in one transaction.
   */
  async issueRef(tx: StoreTx, botId: number, file: FileRow): Promise<FileRefRow> {
    const existing = await tx.getFileRefForBot(botId, file.pk);
    if (existing) return existing;
    const kind = isFileKind(file.kind) ? file.kind : 'document';
    const counterKey = `${PATH_COUNTER_SETTING}${botId}`;
    const n = Number((await tx.getSetting(counterKey)) ?? '0');
    await tx.setSetting(counterKey, String(n + 1));
    const ext = extensionOf(file.file_name ?? '') ?? MIME_EXTENSIONS.get(file.mime_type ?? '');
    const ref: FileRefRow = {
      file_id: FILE_ID_PREFIXES[kind] + this.deps.random.token(FILE_ID_RANDOM_LENGTH),
      file_pk: file.pk,
      bot_id: botId,
      file_path: `${FILE_KIND_DIRS[kind]}/file_${n}${ext ? `.${ext}` : ''}`,
    };
    await tx.insertFileRef(ref);
    return ref;
  }

  /** Where the file's bytes are on disk. */
  absolutePath(file: FileRow): string {
    return path.join(this.deps.filesDir, file.storage_path);
  }

  read(file: FileRow): Promise<Buffer> {
    return readFile(this.absolutePath(file));
  }

  open(file: FileRow): ReadStream {
    return createReadStream(this.absolutePath(file));
  }

  /** Writes bytes to their content address unless they are there already: temp file, fsync, rename. */
  async #writeBytes(storagePath: string, data: Buffer): Promise<void> {
    const target = path.join(this.deps.filesDir, storagePath);
    if (existsSync(target)) return;
    await mkdir(path.dirname(target), { recursive: true });
    // The temp file sits next to the target so that the rename stays on one file system (atomic).
    const temp = `${target}.${this.deps.random.token(12)}.tmp`;
    try {
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}

export function isFileKind(kind: string): kind is FileKind {
  return Object.hasOwn(FILE_KIND_DIRS, kind);
}

/**
 * The file_unique_id of a file identity: a kind code and two fixed bytes (so ids look like the
 * reference's "AQAD..."), then a prefix of the identity's hash, base64url without padding.
 */
export function fileUniqueId(
  kind: FileKind,
  sha256: string,
  fileName: string | null,
  mimeType: string | null,
): string {
  const identity = createHash('sha256')
    .update(JSON.stringify([kind, sha256, fileName, mimeType]))
    .digest()
    .subarray(0, UNIQUE_ID_HASH_BYTES);
  return Buffer.concat([Buffer.from([KIND_CODES[kind], 0, 3]), identity]).toString('base64url');
}

/** A file name's extension if it is a plain short one (it becomes part of a URL path). */
export function extensionOf(fileName: string): string | undefined {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : undefined;
}

/** The PhotoSize object of a stored image, as the bot it was issued to sees it (reference key order). */
export function renderPhotoSize({ file, ref }: StoredFile): WirePhotoSize {
  return {
    file_id: ref.file_id,
    file_unique_id: file.unique_id,
    file_size: file.size,
    width: file.width ?? 0,
    height: file.height ?? 0,
  };
}
