import { BotApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import type { UploadedFile } from '../params.js';
import { readSendOptions } from '../send-options.js';
import { checkChat, fileByReference, readCaption } from '../send-media.js';
import { extensionOf, renderPhotoSize, type StoredFile } from '../../platform/files.js';
import { imageSize } from '../../platform/image-size.js';
import type { MessageContent } from '../../platform/wire-types.js';

/** Multipart uploads of files other than photos (reference §5 "Upload limits"). */
const MAX_DOCUMENT_SIZE = 50 * 1024 * 1024;
/** Thumbnails: JPEG, under 200 kB, at most 320 by 320 (spec/bot-api.md §8). */
const MAX_THUMBNAIL_SIZE = 200 * 1024;
const MAX_THUMBNAIL_SIDE = 320;

/**
 * The reference takes a document's MIME type from its file name's extension (the uploader's
 * Content-Type never reaches it); unknown extensions are reported as application/octet-stream.
 */
const MIME_TYPES: ReadonlyMap<string, string> = new Map([
  ['pdf', 'application/pdf'],
  ['txt', 'text/plain'],
  ['log', 'text/plain'],
  ['md', 'text/markdown'],
  ['csv', 'text/csv'],
  ['html', 'text/html'],
  ['htm', 'text/html'],
  ['css', 'text/css'],
  ['js', 'application/javascript'],
  ['json', 'application/json'],
  ['xml', 'application/xml'],
  ['zip', 'application/zip'],
  ['gz', 'application/gzip'],
  ['tar', 'application/x-tar'],
  ['7z', 'application/x-7z-compressed'],
  ['rar', 'application/x-rar-compressed'],
  ['doc', 'application/msword'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xls', 'application/vnd.ms-excel'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt', 'application/vnd.ms-powerpoint'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['odt', 'application/vnd.oasis.opendocument.text'],
  ['apk', 'application/vnd.android.package-archive'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['svg', 'image/svg+xml'],
  ['mp3', 'audio/mpeg'],
  ['ogg', 'audio/ogg'],
  ['wav', 'audio/x-wav'],
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['mov', 'video/quicktime'],
]);

/**
 * sendDocument: a file uploaded by multipart/form-data or given by a file_id issued to this bot,
 * with an optional uploaded JPEG thumbnail, caption (parse_mode / caption_entities) and the common
 * send options. Parley never turns a document into another media type, so
 * disable_content_type_detection has nothing to disable. spec/bot-api.md "Files and media";
 * reference §1.4 (input files, legacy `thumb`), §2.3, §5.
 */
export async function sendDocument(ctx: MethodContext) {
  const { params, platform, botId } = ctx;
  const input = params.inputFile('document');
  if (!input) throw BotApiError.badRequest('there is no document in the request');
  const caption = readCaption(ctx);
  const options = await readSendOptions(ctx);
  const bot = await checkChat(ctx, options);

  let document: StoredFile;
  if ('ref' in input) document = await fileByReference(ctx, input.ref, 'document');
  else {
    checkDocument(input.upload);
    const ext = extensionOf(input.upload.filename) ?? '';
    document = await platform.files.store(botId, 'document', input.upload, {
      mimeType: MIME_TYPES.get(ext) ?? 'application/octet-stream',
    });
  }
  // The docs: the thumbnail is ignored unless the document itself is uploaded.
  const thumbnailUpload = 'upload' in input ? thumbnailOf(ctx) : undefined;
  const thumbnail = thumbnailUpload
    ? await platform.files.store(botId, 'thumbnail', thumbnailUpload.upload, thumbnailUpload.meta)
    : undefined;

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
  return platform.messages.sendFromBot(
    bot,
    options.chatId,
    { ...content, ...options.content },
    options.replyTo,
  );
}

function checkDocument(upload: UploadedFile): void {
  if (upload.data.length === 0) throw BotApiError.badRequest('file must be non-empty');
  // The HTTP layer stops larger parts already; this keeps the rule where the method is.
  if (upload.data.length > MAX_DOCUMENT_SIZE) throw new BotApiError(413, 'Request Entity Too Large');
}

/**
 * The thumbnail: only a new upload counts (`attach://<name>` or the part named `thumbnail`, or the
 * legacy `thumb`), as in the reference. One that is not a JPEG within the limits is left out rather
 * than refused, the way the platform drops thumbnails it cannot use.
 */
function thumbnailOf({ params }: MethodContext) {
  for (const name of ['thumbnail', 'thumb']) {
    const input = params.inputFile(name);
    if (!input) continue;
    if (!('upload' in input)) return undefined;
    const { data } = input.upload;
    if (data.length === 0 || data.length > MAX_THUMBNAIL_SIZE) return undefined;
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
