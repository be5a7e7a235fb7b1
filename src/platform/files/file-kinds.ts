/**
 * The kinds of file Parley stores and what follows from a file's kind: the reference's type folder
 * of its file_path, whether its uploaded name and type are kept, the extension of its file_path, and
 * the file_unique_id of a file's identity (files.ts has the invariants of files).
 */
import { createHash } from 'node:crypto';
import { IMAGE_EXTENSIONS, IMAGE_MIME_TYPES, type ImageFormat } from './image-size.js';

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
  /** Encrypted Passport files (platform/passport/, ADR 0054); TDLib's folder of secure files. */
  passport: 'passport',
} as const;

export type FileKind = keyof typeof FILE_KIND_DIRS;

/** First byte of a file_unique_id per kind, so that ids of different kinds read differently. */
export const KIND_CODES: Record<FileKind, number> = {
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
  passport: 10,
};

/** Bytes of the identity hash in a file_unique_id: 96 bits, ample against collisions. */
const UNIQUE_ID_HASH_BYTES = 12;

/** Extensions for files without a usable name (photos, voice, video notes): from their type. */
export const MIME_EXTENSIONS: ReadonlyMap<string, string> = new Map([
  ...(Object.keys(IMAGE_MIME_TYPES) as ImageFormat[]).map(
    (format) => [IMAGE_MIME_TYPES[format], IMAGE_EXTENSIONS[format]] as const,
  ),
  // Voice messages and video notes keep no name; TDLib's paths: voice/file_0.oga, video_notes/file_1.mp4.
  ['audio/ogg', 'oga'],
  ['video/mp4', 'mp4'],
  ['audio/mpeg', 'mp3'],
  // Animated and video stickers (platform/stickers/sticker-files.ts).
  ['application/x-tgsticker', 'tgs'],
  ['video/webm', 'webm'],
]);

/** Kinds whose uploaded file name and type are kept (and shown), rather than dropped. */
export const NAMED_KINDS: ReadonlySet<FileKind> = new Set(['document', 'video', 'audio', 'animation']);

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
