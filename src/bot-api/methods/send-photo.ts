import { BotApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import type { UploadedFile } from '../params.js';
import { readSendOptions } from '../send-options.js';
import { checkChat, fileByReference, readCaption } from '../send-media.js';
import { renderPhotoSize, type StoredFile } from '../../platform/files.js';
import { IMAGE_MIME_TYPES, imageSize } from '../../platform/image-size.js';
import type { MessageContent } from '../../platform/wire-types.js';

/** Multipart photo uploads (reference §5 "Upload limits"). */
const MAX_PHOTO_SIZE = 10 * 1024 * 1024;
/** Photo dimensions: width + height at most 10000, the longer side at most 20 times the shorter. */
const MAX_PHOTO_SIDES = 10_000;
const MAX_PHOTO_RATIO = 20;

/**
 * sendPhoto: a photo uploaded by multipart/form-data or given by a file_id issued to this bot, with
 * caption (parse_mode / caption_entities), show_caption_above_media, has_spoiler and the common send
 * options. The result's `photo` has one PhotoSize, the uploaded image as it is: Parley does not
 * resize or re-encode. spec/bot-api.md "Files and media"; reference §1.4 (input files), §2.3, §5.
 */
export async function sendPhoto(ctx: MethodContext) {
  const { params, platform, botId } = ctx;
  // The reference checks the media, then the caption, then the chat (process_send_photo_query).
  const input = params.inputFile('photo');
  if (!input) throw BotApiError.badRequest('there is no photo in the request');
  const caption = readCaption(ctx);
  const options = await readSendOptions(ctx);
  const bot = await checkChat(ctx, options);

  let photo: StoredFile;
  if ('ref' in input) photo = await fileByReference(ctx, input.ref, 'photo');
  else photo = await platform.files.store(botId, 'photo', input.upload, checkPhoto(input.upload));

  const content: MessageContent = { photo: [renderPhotoSize(photo)], ...caption };
  if (caption.caption !== undefined && params.bool('show_caption_above_media'))
    content.show_caption_above_media = true;
  if (params.bool('has_spoiler')) content.has_media_spoiler = true;
  return platform.messages.sendFromBot(
    bot,
    options.chatId,
    { ...content, ...options.content },
    options.replyTo,
  );
}

/** Validates an uploaded photo; returns what its header says (size and type). */
function checkPhoto(upload: UploadedFile): { width: number; height: number; mimeType: string } {
  if (upload.data.length === 0) throw BotApiError.badRequest('file must be non-empty');
  // The platform's own texts (ALL_CAPS tokens stay as they are, reference §2.2).
  if (upload.data.length > MAX_PHOTO_SIZE) throw BotApiError.badRequest('PHOTO_SAVE_FILE_INVALID');
  const image = imageSize(upload.data);
  if (!image) throw BotApiError.badRequest('IMAGE_PROCESS_FAILED');
  const { width, height } = image;
  if (
    width + height > MAX_PHOTO_SIDES ||
    Math.max(width, height) > MAX_PHOTO_RATIO * Math.min(width, height)
  ) {
    throw BotApiError.badRequest('PHOTO_INVALID_DIMENSIONS');
  }
  return { width, height, mimeType: IMAGE_MIME_TYPES[image.format] };
}
