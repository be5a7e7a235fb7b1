/**
 * Derived file_ids (ADR 0040): a file_id names a file for one viewer. It is derived, not stored —
 * an HMAC under the server key `files.id_key` of (file_unique_id, viewer id) — so rendering a
 * message for any bot or person gives that viewer its own file_id without a write, and another
 * viewer's id is refused. In a store that had file_ids before ADR 0040, a bot with such a row for a
 * file keeps seeing that row's random file_id.
 */
import { createHmac } from 'node:crypto';
import { KIND_CODES, type FileKind } from './file-kinds.js';
import type { FilesReader } from '../../storage/ports/files.js';
import type { SettingsReader } from '../../storage/ports/settings.js';

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
  passport: 'BgAC',
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

/** The kind of a file_unique_id (its first byte), if it is one of ours. */
const KINDS_BY_CODE: ReadonlyMap<number, FileKind> = new Map(
  (Object.entries(KIND_CODES) as Array<[FileKind, number]>).map(([kind, code]) => [code, kind]),
);

interface IdSettings {
  key: Buffer;
  /** Whether file_refs held rows before ADR 0040 (random file_ids that stay what their bot sees). */
  legacy: boolean;
}

/** The server key of derived file_ids and whether legacy rows exist, read once (Files holds one). */
export class FileIdKey {
  #settings: IdSettings | undefined;

  /**
   * The server key of derived file_ids (ADR 0040), read once. Migration 007 makes it, so reading
   * never has to write, also inside a transaction that renders messages.
   */
  async key(reader: SettingsReader): Promise<Buffer> {
    return (await this.#idSettings(reader)).key;
  }

  /**
   * Gives `viewerId` (a bot or a person) its own file_id in every file object of `value` (an
   * object with file_unique_id and file_id, at any depth: PhotoSize, Document, thumbnails, ...),
   * in place. Reads only, so it may run inside a write (update payloads are rendered in the
   * transaction that queues them). In a store that had file_ids before ADR 0040, a bot with such
   * a row for the file keeps seeing that row's file_id.
   */
  async bindFileIds(reader: FilesReader & SettingsReader, viewerId: number, value: unknown): Promise<void> {
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

  async #idSettings(reader: SettingsReader): Promise<IdSettings> {
    if (this.#settings) return this.#settings;
    const hex = await reader.getSetting(FILE_ID_KEY_SETTING);
    if (hex === undefined || !/^[0-9a-f]{64}$/.test(hex)) {
      throw new Error(`setting ${FILE_ID_KEY_SETTING} is missing: the store was not migrated`);
    }
    const legacy = (await reader.getSetting(LEGACY_REFS_SETTING)) !== '0';
    this.#settings = { key: Buffer.from(hex, 'hex'), legacy };
    return this.#settings;
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
  reader: FilesReader,
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
