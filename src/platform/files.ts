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
 * - A file_id names a file for one viewer (ADR 0040): it is derived, not stored — an HMAC under the
 *   server key `files.id_key` of (file_unique_id, viewer id) — so rendering a message for any bot or
 *   person gives that viewer its own file_id without a write, and another viewer's id is refused.
 * - A bot gets a FileRefRow (its file_id and a file_path `<type-dir>/file_<n>.<ext>`, n counting
 *   per bot from 0) when it uploads a file or first asks getFile for it; at most one per file. Rows
 *   made before ADR 0040 keep their random file_ids, which stay valid and are what that bot sees.
 * - Bytes reach the disk (temp file, fsync, rename) before the row that names them is committed,
 *   so a row never points at missing bytes. A failure in between leaves unreferenced bytes on
 *   disk, which a later identical upload reuses; it never leaves a row.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
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
 * "BQAC" documents, "AAMC" thumbnails); ours keep that look, then the derived part (ADR 0040).
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
/** Derived file_ids: a version byte, the file_unique_id's bytes, then the HMAC (ADR 0040). */
const FILE_ID_VERSION = 1;
const UNIQUE_ID_BYTES = 15;
const FILE_ID_PAYLOAD_BYTES = 1 + UNIQUE_ID_BYTES;
// 16 + 35 bytes give 68 base64url characters: with the prefix, the reference's 72.
const FILE_ID_MAC_BYTES = 35;
/** The setting that holds the key of derived file_ids (made by migration 007). */
export const FILE_ID_KEY_SETTING = 'files.id_key';
/** "1" when migration 007 found file_refs rows made before derived file_ids, else "0". */
const LEGACY_REFS_SETTING = 'files.legacy_refs';

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

/** The kind of a file_unique_id (its first byte), if it is one of ours. */
const KINDS_BY_CODE: ReadonlyMap<number, FileKind> = new Map(
  (Object.entries(KIND_CODES) as Array<[FileKind, number]>).map(([kind, code]) => [code, kind]),
);

interface IdSettings {
  key: Buffer;
  /** Whether file_refs held rows before ADR 0040 (random file_ids that stay what their bot sees). */
  legacy: boolean;
}

export class Files {
  #settings: IdSettings | undefined;

  constructor(readonly deps: PlatformDeps) {}

  /**
   * Stores uploaded bytes as a file of `kind` and gives `botId` its file_id for it. Identical
   * bytes of the same kind, name and type give the existing file (and the bot's existing file_id).
   */
  async store(botId: number, kind: FileKind, upload: Upload, meta: FileMeta = {}): Promise<StoredFile> {
    return this.#store(kind, upload, meta, async (tx, file) => ({
      file,
      ref: await this.issueRef(tx, botId, file),
    }));
  }

  /**
   * Stores uploaded bytes as a file of `kind` for a person (control API): no bot gets a file_id;
   * every viewer of the message gets its own when it is rendered.
   */
  async storeForPerson(kind: FileKind, upload: Upload, meta: FileMeta = {}): Promise<FileRow> {
    return this.#store(kind, upload, meta, async (_tx, file) => file);
  }

  async #store<T>(
    kind: FileKind,
    upload: Upload,
    meta: FileMeta,
    then: (tx: StoreTx, file: FileRow) => Promise<T>,
  ): Promise<T> {
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
      return then(tx, file);
    });
  }

  /**
   * The file a file_id names, when it is `botId`'s: a derived one for this bot, or a stored row of
   * this bot (rows made before ADR 0040). Any other viewer's file_id is invalid. The answer's ref
   * has the bot's file_path, or '' when the bot has none yet (`withPath` gives it one).
   */
  async byFileId(
    botId: number,
    fileId: string,
    reader: StoreReader = this.deps.store,
  ): Promise<StoredFile | undefined> {
    const row = await reader.getFileRef(fileId);
    if (row) {
      if (row.bot_id !== botId) return undefined;
      const file = await reader.getFileByPk(row.file_pk);
      return file ? { file, ref: row } : undefined;
    }
    const uniqueId = uniqueIdOfFileId(fileId);
    if (uniqueId === undefined) return undefined;
    const expected = Buffer.from(deriveFileId(await this.idKey(reader), botId, uniqueId) ?? '');
    const given = Buffer.from(fileId);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const file = await reader.getFileByUniqueId(uniqueId);
    if (!file) return undefined;
    const own = await reader.getFileRefForBot(botId, file.pk);
    return {
      file,
      ref: { file_id: fileId, file_pk: file.pk, bot_id: botId, file_path: own?.file_path ?? '' },
    };
  }

  /** The stored file with the bot's file_path, issued now if the bot has none (getFile). */
  async withPath(botId: number, stored: StoredFile): Promise<StoredFile> {
    if (stored.ref.file_path !== '') return stored;
    const ref = await this.refFor(botId, stored.file);
    return { file: stored.file, ref: { ...ref, file_id: stored.ref.file_id } };
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
    // Most calls find the row: only a missing one costs a write.
    const existing = await this.deps.store.getFileRefForBot(botId, file.pk);
    if (existing) return existing;
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
      file_id: deriveFileId(await this.idKey(tx), botId, file.unique_id)!,
      file_pk: file.pk,
      bot_id: botId,
      file_path: `${FILE_KIND_DIRS[kind]}/file_${n}${ext ? `.${ext}` : ''}`,
    };
    await tx.insertFileRef(ref);
    return ref;
  }

  /**
   * The server key of derived file_ids (ADR 0040), read once. Migration 007 makes it, so reading
   * never has to write, also inside a transaction that renders messages.
   */
  async idKey(reader: StoreReader = this.deps.store): Promise<Buffer> {
    return (await this.#idSettings(reader)).key;
  }

  async #idSettings(reader: StoreReader): Promise<IdSettings> {
    if (this.#settings) return this.#settings;
    const hex = await reader.getSetting(FILE_ID_KEY_SETTING);
    if (hex === undefined || !/^[0-9a-f]{64}$/.test(hex)) {
      throw new Error(`setting ${FILE_ID_KEY_SETTING} is missing: the store was not migrated`);
    }
    const legacy = (await reader.getSetting(LEGACY_REFS_SETTING)) !== '0';
    this.#settings = { key: Buffer.from(hex, 'hex'), legacy };
    return this.#settings;
  }

  /**
   * Gives `viewerId` (a bot or a person) its own file_id in every file object of `value` (an
   * object with file_unique_id and file_id, at any depth: PhotoSize, Document, thumbnails, ...),
   * in place. Reads only, so it may run inside a write (update payloads are rendered in the
   * transaction that queues them). In a store that had file_ids before ADR 0040, a bot with such
   * a row for the file keeps seeing that row's file_id.
   */
  async bindFileIds(reader: StoreReader, viewerId: number, value: unknown): Promise<void> {
    const objects: Array<Record<string, unknown>> = [];
    collectFileObjects(value, objects);
    if (objects.length === 0) return;
    const { key, legacy } = await this.#idSettings(reader);
    for (const object of objects) {
      const uniqueId = object.file_unique_id as string;
      const derived = deriveFileId(key, viewerId, uniqueId);
      if (derived === undefined) continue;
      object.file_id = (legacy ? await legacyFileId(reader, viewerId, uniqueId) : undefined) ?? derived;
    }
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
    // Owner-only, as the whole data folder (storage/private-files.ts); a umask only takes bits away.
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // The temp file sits next to the target so that the rename stays on one file system (atomic).
    const temp = `${target}.${this.deps.random.token(12)}.tmp`;
    try {
      const handle = await open(temp, 'wx', 0o600);
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

/**
 * The derived file_id of a file for a viewer: the kind's prefix (as the reference's ids start),
 * then base64url of a version byte, the file_unique_id's bytes, and the first 35 bytes of
 * HMAC-SHA-512 under the server key of (viewer, those bytes). Undefined for a file_unique_id that
 * is not one of ours.
 */
export function deriveFileId(key: Buffer, viewerId: number, uniqueId: string): string | undefined {
  const unique = Buffer.from(uniqueId, 'base64url');
  const kind = KINDS_BY_CODE.get(unique[0] ?? -1);
  if (unique.length !== UNIQUE_ID_BYTES || kind === undefined || unique.toString('base64url') !== uniqueId) {
    return undefined;
  }
  const payload = Buffer.concat([Buffer.from([FILE_ID_VERSION]), unique]);
  const mac = createHmac('sha512', key).update(`parley-file-id:${viewerId}:`).update(payload).digest();
  return (
    FILE_ID_PREFIXES[kind] +
    Buffer.concat([payload, mac.subarray(0, FILE_ID_MAC_BYTES)]).toString('base64url')
  );
}

/** The file_unique_id inside a derived file_id, if `fileId` has the shape of one. */
export function uniqueIdOfFileId(fileId: string): string | undefined {
  const body = Buffer.from(fileId.slice(4), 'base64url');
  if (body.length !== FILE_ID_PAYLOAD_BYTES + FILE_ID_MAC_BYTES || body[0] !== FILE_ID_VERSION)
    return undefined;
  return body.subarray(1, FILE_ID_PAYLOAD_BYTES).toString('base64url');
}

/** A bot's stored file_id for a file, when it is not the derived one (a row from before ADR 0040). */
async function legacyFileId(
  reader: StoreReader,
  viewerId: number,
  uniqueId: string,
): Promise<string | undefined> {
  const file = await reader.getFileByUniqueId(uniqueId);
  if (!file) return undefined;
  return (await reader.getFileRefForBot(viewerId, file.pk))?.file_id;
}

/** Objects of `value`, at any depth, that name a file: a string file_id and file_unique_id. */
function collectFileObjects(value: unknown, into: Array<Record<string, unknown>>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectFileObjects(item, into);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const object = value as Record<string, unknown>;
  if (typeof object.file_unique_id === 'string' && typeof object.file_id === 'string') into.push(object);
  for (const child of Object.values(object)) if (typeof child === 'object') collectFileObjects(child, into);
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
