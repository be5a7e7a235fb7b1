import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { deliverSend, readSendOptions } from '../send-options.js';
import { checkChat, fileByReference, readCaption } from '../send-media.js';
import { download, isFileId, MAX_URL_PHOTO_SIZE, type InputFile } from '../input-file.js';
import { renderPhotoSize, type Upload, type WirePhotoSize } from '../../platform/files/files.js';
import { ImageDecodeError } from '../../platform/files/photo-sizes.js';
import { IMAGE_MIME_TYPES, imageSize } from '../../platform/files/image-size.js';
import { uploadHead, uploadSha256, uploadSize } from '../../platform/files/upload.js';
import type { MessageContent } from '../../platform/core/wire-types.js';
import type { FileRow } from '../../storage/store.js';

/** Multipart photo uploads (reference §5 "Upload limits"). */
const MAX_PHOTO_SIZE = 10 * 1024 * 1024;
/** Photo dimensions: width + height at most 10000, the longer side at most 20 times the shorter. */
const MAX_PHOTO_SIDES = 10_000;
const MAX_PHOTO_RATIO = 20;

/**
 * sendPhoto: a photo uploaded by multipart/form-data, given by a file_id issued to this bot or by an
 * HTTP URL the server downloads (at most 5 MB), with caption (parse_mode / caption_entities),
 * show_caption_above_media, has_spoiler and the common send options. The result's `photo` is the
 * reference's set of JPEG PhotoSizes (photo-sizes.ts, ADR 0081). spec/bot-api.md "Files and media";
 * reference §1.4 (input files), §2.3, §5.
 */
export const sendPhoto = defineMethod('sendPhoto', async (ctx) => {
  const { photo: input, show_caption_above_media: aboveMedia, has_spoiler: spoiler } = ctx.values;
  // The reference checks the media, then the caption, then the chat (process_send_photo_query).
  // The runner refuses an absent photo (ADR 0084); an attach:// that names no part reads as none.
  if (!input) throw botApiError('MEDIA_MISSING', { media: 'photo' });
  const caption = readCaption(ctx);
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await checkChat(ctx, options);

  const content: MessageContent = { photo: await acquirePhoto(ctx, input), ...caption };
  if (caption.caption !== undefined && aboveMedia) content.show_caption_above_media = true;
  if (spoiler) content.has_media_spoiler = true;
  return deliverSend(ctx, bot, options, { ...content, ...options.content });
});

/**
 * The PhotoSizes of a photo given as an input file, smallest first (ADR 0081). New bytes (an upload
 * or a URL's) are checked, then encoded into the reference's sizes and each size stored, once per
 * original (ADR 0086: the same bytes again find their sizes). A file_id of any size of a photo
 * sends the whole photo, as stored; a photo stored before its set was recorded is sent with the
 * sizes derived from it (or as it was, one PhotoSize, when it is not a JPEG within 1280).
 */
export async function acquirePhoto(ctx: MethodContext, input: InputFile): Promise<WirePhotoSize[]> {
  const { platform, botId } = ctx;
  let rows: FileRow[];
  if (isFileId(input)) {
    const stored = await fileByReference(ctx, (input as { ref: string }).ref, 'photo');
    rows = await encodeOrRefuse(platform.files.media.photoOf(stored.file), 'upload');
  } else {
    const source = 'upload' in input ? 'upload' : 'url';
    const upload = 'upload' in input ? input.upload : await download(ctx, input.ref, MAX_URL_PHOTO_SIZE);
    checkPhoto(upload, source);
    rows = await encodeOrRefuse(platform.files.media.photoSizes(upload, uploadSha256(upload)), source);
  }
  const sizes: WirePhotoSize[] = [];
  for (const file of rows)
    sizes.push(renderPhotoSize({ file, ref: await platform.files.refFor(botId, file) }));
  return sizes;
}

/** Bytes whose header passed but that do not decode get the texts of bytes that are not an image. */
async function encodeOrRefuse<T>(work: Promise<T>, source: 'upload' | 'url'): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof ImageDecodeError)) throw error;
    throw botApiError(source === 'url' ? 'URL_CONTENT_WRONG_TYPE' : 'IMAGE_PROCESS_FAILED');
  }
}

/**
 * Validates new photo bytes; returns what their header says (size and type). Bytes downloaded from
 * a URL that are not an image get the reference's WEBPAGE_MEDIA_EMPTY text instead.
 */
export function checkPhoto(
  upload: Upload,
  source: 'upload' | 'url',
): { width: number; height: number; mimeType: string } {
  const size = uploadSize(upload);
  if (size === 0) throw botApiError('FILE_EMPTY');
  // The platform's own texts (ALL_CAPS tokens stay as they are, reference §2.2).
  if (size > MAX_PHOTO_SIZE) throw botApiError('PHOTO_SAVE_FILE_INVALID');
  // The header is read from the bytes in memory: the first 1 MiB of an upload (ADR 0063).
  const image = imageSize(uploadHead(upload));
  if (!image) {
    throw botApiError(source === 'url' ? 'URL_CONTENT_WRONG_TYPE' : 'IMAGE_PROCESS_FAILED');
  }
  const { width, height } = image;
  if (
    width + height > MAX_PHOTO_SIDES ||
    Math.max(width, height) > MAX_PHOTO_RATIO * Math.min(width, height)
  ) {
    throw botApiError('PHOTO_INVALID_DIMENSIONS');
  }
  return { width, height, mimeType: IMAGE_MIME_TYPES[image.format] };
}
