import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { acquireFile, generatedThumbnail, prepareFile, storeThumbnail, thumbnailOf } from '../input-file.js';
import { deliverSend, readSendOptions } from '../send-options.js';
import { checkChat, readCaption } from '../send-media.js';
import { renderPhotoSize } from '../../platform/files/files.js';
import type { MessageContent } from '../../platform/core/wire-types.js';

/**
 * sendDocument: a file uploaded by multipart/form-data, given by a file_id issued to this bot or
 * by an HTTP URL the server downloads, with an optional uploaded JPEG thumbnail, caption (parse_mode / caption_entities) and the common
 * send options. Parley never turns a document into another media type, so
 * disable_content_type_detection has nothing to disable. spec/bot-api.md "Files and media";
 * reference §1.4 (input files, legacy `thumb`), §2.3, §5; files by HTTP URL as in DOCS "Sending files".
 */
export const sendDocument = defineMethod('sendDocument', async (ctx) => {
  // The runner has refused a call with no document at all; an attach:// naming no part is none too.
  const input = ctx.values.document;
  if (!input) throw botApiError('MEDIA_MISSING', { media: 'document' });
  const caption = readCaption(ctx);
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await checkChat(ctx, options);

  const document = await acquireFile(ctx, input, 'document', prepareFile('document'));
  // The docs: the thumbnail is ignored unless the document itself is uploaded; an image without
  // one gets one made from it (ADR 0086).
  const uploaded = 'upload' in input ? await storeThumbnail(ctx, thumbnailOf(ctx)) : undefined;
  const thumbnail = uploaded ?? (await generatedThumbnail(ctx, document.file));

  // Key order of the reference's JsonDocument: name and type, thumbnail (twice), then the file.
  const { file, ref } = document;
  const wire: Record<string, unknown> = {};
  if (file.file_name) wire.file_name = file.file_name;
  if (file.mime_type) wire.mime_type = file.mime_type;
  if (thumbnail) {
    wire.thumbnail = renderPhotoSize(thumbnail);
    wire.thumb = renderPhotoSize(thumbnail);
  }
  Object.assign(wire, { file_id: ref.file_id, file_unique_id: file.unique_id, file_size: file.size });

  const content: MessageContent = { document: wire, ...caption };
  return deliverSend(ctx, bot, options, { ...content, ...options.content });
});
