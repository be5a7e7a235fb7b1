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
 * - A multipart upload is spooled to `<filesDir>/tmp` as it arrives (upload.ts, ADR 0063); storing
 *   it hard-links that file to its content address (fsync first), so its bytes are never in memory.
 *
 * The kinds of file and file_unique_ids are in file-kinds.ts, derived file_ids in file-ids.ts.
 */
import { timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, type ReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { deriveFileId, FileIdKey, uniqueIdOfFileId } from './file-ids.js';
import {
  extensionOf,
  FILE_KIND_DIRS,
  fileUniqueId,
  isFileKind,
  MIME_EXTENSIONS,
  NAMED_KINDS,
  type FileKind,
} from './file-kinds.js';
import { MediaDerivation } from './media-derivation.js';
import type { EncodedImage } from './photo-sizes.js';
import {
  clearSpoolDir,
  spoolToFile,
  uploadSha256,
  uploadSize,
  type SpooledFile,
  type Upload,
} from './upload.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { FileRefRow, FileRow } from '../../storage/store.js';
import type { SettingsReader, SettingsWriter } from '../../storage/ports/settings.js';
import type { FilesReader, FilesWriter } from '../../storage/ports/files.js';

/** getFile and downloads refuse files above this (MAX_DOWNLOAD_FILE_SIZE, reference §5). */
export const MAX_DOWNLOAD_SIZE = 20 << 20;

/** Settings key prefix of each bot's next file_path number (the reference numbers per bot). */
const PATH_COUNTER_SETTING = 'files.next_path_number.';

export type { Upload } from './upload.js';

/** The temporary folder of uploads being received, under the files folder (ADR 0063). */
export const SPOOL_DIR = 'tmp';

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

export class Files {
  readonly #ids = new FileIdKey();
  /** Files derived from media once: photo sizes, thumbnails, GIFs as MP4 (ADR 0086). */
  readonly media: MediaDerivation;

  constructor(readonly deps: PlatformDeps) {
    this.media = new MediaDerivation(this);
  }

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

  /** A photo's encoded sizes stored for a person (control API), each its own file, in order. */
  async storePhotoForPerson(sizes: EncodedImage[]): Promise<FileRow[]> {
    const stored: FileRow[] = [];
    for (const size of sizes)
      stored.push(await this.storeForPerson('photo', jpegUpload(size), jpegMeta(size)));
    return stored;
  }

  async #store<T>(
    kind: FileKind,
    upload: Upload,
    meta: FileMeta,
    then: (tx: FilesReader & FilesWriter & SettingsReader & SettingsWriter, file: FileRow) => Promise<T>,
  ): Promise<T> {
    const sha256 = uploadSha256(upload);
    const named = NAMED_KINDS.has(kind);
    const fileName = named && upload.filename !== '' ? upload.filename : null;
    const mimeType = meta.mimeType ?? (upload.mimeType !== '' ? upload.mimeType : null);
    const uniqueId = fileUniqueId(kind, sha256, fileName, mimeType);
    const storagePath = `${sha256.slice(0, 2)}/${sha256}`;
    if ('data' in upload) await this.#writeBytes(storagePath, upload.data);
    else await this.#linkBytes(storagePath, upload.spooled);

    return this.deps.store.write(async (tx) => {
      let file = await tx.getFileByUniqueId(uniqueId);
      if (!file) {
        const row: Omit<FileRow, 'pk'> = {
          unique_id: uniqueId,
          kind,
          size: uploadSize(upload),
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
    reader: FilesReader & SettingsReader = this.deps.store,
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
  async issueRef(
    tx: FilesReader & FilesWriter & SettingsReader & SettingsWriter,
    botId: number,
    file: FileRow,
  ): Promise<FileRefRow> {
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
  idKey(reader: SettingsReader = this.deps.store): Promise<Buffer> {
    return this.#ids.key(reader);
  }

  /**
   * Gives `viewerId` (a bot or a person) its own file_id in every file object of `value`, in place
   * (file-ids.ts). Reads only, so it may run inside a write.
   */
  bindFileIds(reader: FilesReader & SettingsReader, viewerId: number, value: unknown): Promise<void> {
    return this.#ids.bindFileIds(reader, viewerId, value);
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

  /** Where multipart uploads are spooled while a call runs (cleared at start, server/app.ts). */
  get spoolDir(): string {
    return path.join(this.deps.filesDir, SPOOL_DIR);
  }

  /** Streams an upload's bytes to a new temporary file of the spool folder, hashing them. */
  spool(source: Readable): Promise<SpooledFile> {
    return spoolToFile(source, path.join(this.spoolDir, `${this.deps.random.token(12)}.part`));
  }

  /**
   * Empties the spool folder at start (what a crashed run left); with `olderThanMs` (real time), only
   * files not written to since, for a folder other nodes share.
   */
  clearSpool(olderThanMs?: number): Promise<void> {
    return clearSpoolDir(this.spoolDir, olderThanMs);
  }

  /**
   * Gives a spooled file its content address unless the bytes are there already: fsync, then a
   * hard link (atomic, and the spooled file stays readable for the rest of the call). Where links
   * are not supported, a copy next to the target, fsync, rename.
   */
  async #linkBytes(storagePath: string, spooled: SpooledFile): Promise<void> {
    const target = path.join(this.deps.filesDir, storagePath);
    if (existsSync(target)) return;
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const handle = await open(spooled.path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(spooled.path, target);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'EMLINK') throw error;
    }
    const temp = `${target}.${this.deps.random.token(12)}.tmp`;
    try {
      await copyFile(spooled.path, temp);
      const copy = await open(temp, 'r');
      try {
        await copy.sync();
      } finally {
        await copy.close();
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
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

/** Encoded JPEG bytes as an upload: photos have no file name (NAMED_KINDS). */
export function jpegUpload(image: EncodedImage): Upload {
  return { data: image.data, filename: '', mimeType: 'image/jpeg' };
}

export function jpegMeta(image: EncodedImage): FileMeta {
  return { width: image.width, height: image.height, mimeType: 'image/jpeg' };
}
