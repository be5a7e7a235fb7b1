/**
 * What sendAudio, sendVideo, sendAnimation, sendVoice and sendVideoNote share: the file (upload,
 * file_id or HTTP URL), the sender's attributes (duration, size, performer, ...), the thumbnail,
 * the caption and the common send options, in the reference's order of checks (its
 * process_send_*_query): the file, the thumbnail and numbers, the caption, then the chat.
 */
import { botApiError } from './errors.js';
import {
  acquireFile,
  isFileId,
  prepareFile,
  storeThumbnail,
  thumbnailOf,
  type PrepareFile,
} from './input-file.js';
import type { MethodContext } from './method-context.js';
import { checkChat, readCaption } from './send-media.js';
import { deliverSend, readSendOptions } from './send-options.js';
import type { StoredFile } from '../platform/files/files.js';
import { imageSize } from '../platform/files/image-size.js';
import { uploadHead } from '../platform/files/upload.js';
import {
  completeAttributes,
  attributesFor,
  renderMedia,
  type MediaAttributes,
  type MediaKind,
} from '../platform/messages/media.js';
import type { MessageContent, WireMessage } from '../platform/core/wire-types.js';

/** The reference clamps durations to a day and sizes to 10000 (Client.h MAX_DURATION, MAX_LENGTH). */
export const MAX_DURATION = 24 * 60 * 60;
export const MAX_LENGTH = 10_000;
/** A video note's diameter must be below 640 (TDLib: "Wrong video note length"). */
const MAX_VIDEO_NOTE_LENGTH = 639;

/** What each method reads besides the file. */
const FEATURES: Record<MediaKind, { caption: boolean; thumbnail: boolean; size: boolean; spoiler: boolean }> =
  {
    audio: { caption: true, thumbnail: true, size: false, spoiler: false },
    video: { caption: true, thumbnail: true, size: true, spoiler: true },
    animation: { caption: true, thumbnail: true, size: true, spoiler: true },
    voice: { caption: true, thumbnail: false, size: false, spoiler: false },
    video_note: { caption: false, thumbnail: true, size: false, spoiler: false },
  };

/** The sender's attributes from the method's parameters, clamped as the reference does. */
export function attributesOf({ params }: MethodContext, kind: MediaKind): MediaAttributes {
  const given: MediaAttributes = { duration: params.clampedInt('duration', 0, 0, MAX_DURATION) };
  if (FEATURES[kind].size) {
    given.width = params.clampedInt('width', 0, 0, MAX_LENGTH);
    given.height = params.clampedInt('height', 0, 0, MAX_LENGTH);
  }
  if (kind === 'audio') {
    const performer = params.string('performer');
    const title = params.string('title');
    if (performer !== undefined) given.performer = performer;
    if (title !== undefined) given.title = title;
  }
  if (kind === 'video_note') given.length = params.clampedInt('length', 0, 0, MAX_LENGTH);
  if (kind === 'video') {
    const start = params.clampedInt('start_timestamp', 0, 0, MAX_DURATION);
    if (start > 0) given.start_timestamp = start;
  }
  return given;
}

/** How new bytes of a kind are checked; animations also take their size from an image header. */
export function prepareMedia(kind: MediaKind): PrepareFile {
  const prepare = prepareFile(kind);
  if (kind !== 'animation') return prepare;
  return (upload, source) => {
    const meta = prepare(upload, source);
    const image = imageSize(uploadHead(upload));
    return image ? { ...meta, width: image.width, height: image.height } : meta;
  };
}

/**
 * The media object(s) of a message for a stored file: the attributes of this upload (`newBytes`)
 * or those kept from the file's latest upload, and their thumbnail. An animation also carries a
 * document.
 */
export async function mediaContent(
  ctx: MethodContext,
  kind: MediaKind,
  stored: StoredFile,
  given: MediaAttributes,
  newThumbnail: StoredFile | undefined,
  newBytes: boolean,
): Promise<MessageContent> {
  const { platform, botId } = ctx;
  const { file } = stored;
  const completed = completeAttributes(kind, {
    ...given,
    ...(kind === 'animation' && !given.width && file.width
      ? { width: file.width, height: file.height! }
      : {}),
    ...(newThumbnail ? { thumbnail_file_pk: newThumbnail.file.pk } : {}),
  });
  const attributes = await attributesFor(platform.deps.store, file.pk, completed, newBytes);
  let thumbnail = newThumbnail;
  if (attributes.thumbnail_file_pk !== undefined && attributes.thumbnail_file_pk !== newThumbnail?.file.pk) {
    const row = await platform.deps.store.getFileByPk(attributes.thumbnail_file_pk);
    thumbnail = row ? { file: row, ref: await platform.files.refFor(botId, row) } : undefined;
  }
  const content: MessageContent = { [kind]: renderMedia(kind, stored, attributes, thumbnail) };
  if (kind === 'animation') content.document = renderMedia(kind, stored, attributes, thumbnail, true);
  return content;
}

export async function sendMediaFile(ctx: MethodContext, kind: MediaKind): Promise<WireMessage> {
  const { params } = ctx;
  const features = FEATURES[kind];
  const input = params.inputFile(kind);
  if (!input) throw botApiError('MEDIA_MISSING', { media: kind.replace('_', ' ') });
  // The docs: a thumbnail is ignored unless the file itself is uploaded.
  const thumbnailUpload = features.thumbnail && 'upload' in input ? thumbnailOf(ctx) : undefined;
  const given = attributesOf(ctx, kind);
  const caption = features.caption ? readCaption(ctx) : {};
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await checkChat(ctx, options);
  if (kind === 'video_note' && given.length! > MAX_VIDEO_NOTE_LENGTH) {
    throw botApiError('VIDEO_NOTE_LENGTH_INVALID');
  }

  const stored = await acquireFile(ctx, input, kind, prepareMedia(kind));
  const thumbnail = await storeThumbnail(ctx, thumbnailUpload);
  const media = await mediaContent(ctx, kind, stored, given, thumbnail, !isFileId(input));
  const content: MessageContent = { ...media, ...caption };
  if (features.size && caption.caption !== undefined && params.bool('show_caption_above_media')) {
    content.show_caption_above_media = true;
  }
  if (features.spoiler && params.bool('has_spoiler')) content.has_media_spoiler = true;
  return deliverSend(ctx, bot, options, { ...content, ...options.content });
}
