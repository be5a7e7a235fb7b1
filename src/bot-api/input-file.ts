/**
 * Input files (reference §1.4): a multipart upload, a file_id issued to this bot, or an HTTP URL
 * that the server downloads itself; and the thumbnails that may come with them. Everything here
 * runs after the chat check, so a refused call leaves no file behind.
 */
import { botApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import type { UploadedFile } from './params.js';
import { fileByReference } from './send-media.js';
import {
  jpegMeta,
  jpegUpload,
  type FileMeta,
  type StoredFile,
  type Upload,
} from '../platform/files/files.js';
import {
  encodeJpeg,
  ImageDecodeError,
  THUMBNAIL_BOX,
  type EncodedImage,
} from '../platform/files/photo-sizes.js';
import { extensionOf, type FileKind } from '../platform/files/file-kinds.js';
import { imageSize } from '../platform/files/image-size.js';
import { smallUploadBytes, uploadHead, uploadSize } from '../platform/files/upload.js';
import { mimeTypeOfExtension } from '../platform/files/mime-types.js';
import { fetchUrl, isHttpUrl, UrlFetchError } from '../platform/net/url-fetch.js';
import type { FileRow } from '../storage/store.js';

export type InputFile = { upload: UploadedFile } | { ref: string };

/** Whether an input names an existing file (a file_id) rather than new bytes. */
export function isFileId(input: InputFile): boolean {
  return 'ref' in input && !isHttpUrl(input.ref);
}

/** Files by URL (DOCS "Sending files"): 5 MB for photos, 20 MB for everything else. */
export const MAX_URL_PHOTO_SIZE = 5 * 1024 * 1024;
export const MAX_URL_FILE_SIZE = 20 * 1024 * 1024;
/** Multipart uploads of files other than photos (reference §5 "Upload limits"). */
export const MAX_UPLOAD_SIZE = 50 * 1024 * 1024;
/** Thumbnails: JPEG, under 200 kB, at most 320 by 320 (spec/bot-api.md §8). */
const MAX_THUMBNAIL_SIZE = 200 * 1024;
const MAX_THUMBNAIL_SIDE = 320;
/** A thumbnail in another format is converted (ADR 0081): up to the photo upload limit. */
const MAX_CONVERTED_THUMBNAIL_SIZE = 10 * 1024 * 1024;

/** The MIME type a kind of file gets when its name says nothing (a Parley stand-in). */
const DEFAULT_MIME_TYPES: Partial<Record<FileKind, string>> = {
  document: 'application/octet-stream',
  audio: 'audio/mpeg',
  voice: 'audio/ogg',
  video: 'video/mp4',
  animation: 'video/mp4',
  video_note: 'video/mp4',
};

/**
 * Checks new bytes before they are stored and says what to record about them. `source` tells an
 * upload from a download, whose failures the reference words differently.
 */
export type PrepareFile = (upload: Upload, source: 'upload' | 'url') => FileMeta;

/**
 * The stored file an input names: an existing file_id of the right kind, or new bytes (uploaded or
 * downloaded) checked by `prepare` and stored as `kind`.
 */
export async function acquireFile(
  ctx: MethodContext,
  input: InputFile,
  kind: FileKind,
  prepare: PrepareFile,
): Promise<StoredFile> {
  const { platform, botId } = ctx;
  if ('upload' in input) {
    return platform.files.store(botId, kind, input.upload, prepare(input.upload, 'upload'));
  }
  if (!isHttpUrl(input.ref)) return fileByReference(ctx, input.ref, kind);
  const upload = await download(ctx, input.ref, kind === 'photo' ? MAX_URL_PHOTO_SIZE : MAX_URL_FILE_SIZE);
  return platform.files.store(botId, kind, upload, prepare(upload, 'url'));
}

/** Downloads a media file's URL (at most 20 MB), as acquireFile does for kinds other than photos. */
export function downloadMedia(ctx: MethodContext, url: string): Promise<Upload> {
  return download(ctx, url, MAX_URL_FILE_SIZE);
}

/** Downloads an input file's URL (at most `maxBytes`), refusing with the reference's texts. */
export async function download(ctx: MethodContext, url: string, maxBytes: number): Promise<Upload> {
  try {
    const { config, lookup } = ctx.platform.deps;
    const fetched = await fetchUrl(url, { maxBytes, profile: config.profile, lookup });
    if (fetched.data.length === 0) throw new UrlFetchError('failed');
    return { data: fetched.data, filename: fetched.fileName, mimeType: fetched.contentType };
  } catch (error) {
    if (!(error instanceof UrlFetchError)) throw error;
    // reference §2.2: WEBPAGE_CURL_FAILED and an unusable identifier or URL.
    throw botApiError(error.reason === 'bad_url' ? 'FILE_REFERENCE_INVALID' : 'URL_CONTENT_FAILED');
  }
}

/**
 * The usual checks for a file that is not a photo: not empty, within the upload limit; its MIME
 * type from its name's extension, else the kind's stand-in.
 */
export function prepareFile(kind: FileKind): PrepareFile {
  return (upload) => {
    const size = uploadSize(upload);
    if (size === 0) throw botApiError('FILE_EMPTY');
    // The HTTP layer stops larger parts already; this keeps the rule where the method is.
    if (size > MAX_UPLOAD_SIZE) throw botApiError('REQUEST_ENTITY_TOO_LARGE');
    const ext = extensionOf(upload.filename) ?? '';
    const mimeType = mimeTypeOfExtension(ext) ?? DEFAULT_MIME_TYPES[kind];
    return mimeType ? { mimeType } : {};
  };
}

export interface ThumbnailUpload {
  upload: UploadedFile;
  meta: FileMeta;
  /** Not a JPEG: re-encoded as one when stored. */
  convert?: true;
}

/**
 * The thumbnail: only a new upload counts (`attach://<name>` or the part named `thumbnail`, or the
 * legacy `thumb`), as in the reference. A PNG, WebP or GIF is converted to JPEG when stored; a JPEG
 * out of the limits, or bytes that are no image, are left out rather than refused, the way the
 * platform drops thumbnails it cannot use. `values` are tried first
 * (InputMedia items name theirs inside the JSON).
 */
export function thumbnailOf(
  { params }: MethodContext,
  values: Array<string | undefined> = [],
): ThumbnailUpload | undefined {
  const candidates: Array<InputFile | undefined> = [
    ...values.filter((v): v is string => !!v).map((v) => inputFileOf(params, v)),
    params.inputFile('thumbnail'),
    params.inputFile('thumb'),
  ];
  for (const input of candidates) {
    if (!input) continue;
    if (!('upload' in input)) return undefined;
    const size = uploadSize(input.upload);
    // Another image (PNG, WebP, GIF) is converted to a JPEG of at most 320 (storeThumbnail, ADR 0081).
    const format = imageSize(uploadHead(input.upload))?.format;
    if (format !== undefined && format !== 'jpeg') {
      return size > MAX_CONVERTED_THUMBNAIL_SIZE
        ? undefined
        : { upload: input.upload, meta: {}, convert: true };
    }
    // Within the limit, the whole thumbnail is in memory (upload.ts HEAD_BYTES).
    const data = size > MAX_THUMBNAIL_SIZE ? undefined : smallUploadBytes(input.upload);
    if (size === 0 || !data) return undefined;
    const image = imageSize(data);
    if (image?.format !== 'jpeg' || image.width > MAX_THUMBNAIL_SIDE || image.height > MAX_THUMBNAIL_SIDE) {
      return undefined;
    }
    return {
      upload: input.upload,
      meta: { width: image.width, height: image.height, mimeType: 'image/jpeg' },
    };
  }
  return undefined;
}

/** Stores a thumbnail for the bot; undefined when there is none. */
export async function storeThumbnail(
  { platform, botId }: MethodContext,
  thumbnail: ThumbnailUpload | undefined,
): Promise<StoredFile | undefined> {
  if (!thumbnail) return undefined;
  if (!thumbnail.convert) return platform.files.store(botId, 'thumbnail', thumbnail.upload, thumbnail.meta);
  let image: EncodedImage;
  try {
    // sharp reads a spooled upload from its file, in libuv's thread pool.
    image = await encodeJpeg(thumbnail.upload.spooled.path, THUMBNAIL_BOX);
  } catch (error) {
    // An image that does not decode is left out, as a thumbnail the platform cannot use.
    if (error instanceof ImageDecodeError) return undefined;
    throw error;
  }
  return platform.files.store(botId, 'thumbnail', jpegUpload(image), jpegMeta(image));
}

/**
 * The thumbnail Parley makes from a stored file when none was uploaded with it (ADR 0086): a video's
 * first frame, an image document's image, a sticker's; made once per content, then found again.
 */
export async function generatedThumbnail(
  { platform, botId }: MethodContext,
  file: FileRow,
): Promise<StoredFile | undefined> {
  const generated = await platform.files.media.thumbnail(file);
  return generated && { file: generated, ref: await platform.files.refFor(botId, generated) };
}

type ParamsLike = MethodContext['params'];

/**
 * An input file named by a string inside a JSON parameter (InputMedia's `media` and `thumbnail`):
 * `attach://<name>` is the multipart part `<name>`; anything else is a file_id or URL.
 */
export function inputFileOf(params: ParamsLike, value: string): InputFile | undefined {
  if (value.startsWith('attach://')) {
    const upload = params.file(value.slice('attach://'.length));
    return upload ? { upload } : undefined;
  }
  return value === '' ? undefined : { ref: value };
}
