/**
 * What sendAudio, sendVideo, sendAnimation, sendVoice and sendVideoNote share: the file (upload,
 * file_id or HTTP URL), the sender's attributes (duration, size, performer, ...), the thumbnail,
 * the caption and the common send options, in the reference's order of checks (its
 * process_send_*_query): the file, the thumbnail and numbers, the caption, then the chat.
 */
import { botApiError } from './errors.js';
import {
  acquireFile,
  downloadMedia,
  generatedThumbnail,
  isFileId,
  prepareFile,
  storeThumbnail,
  thumbnailOf,
  type InputFile,
  type PrepareFile,
} from './input-file.js';
import type { MethodContext } from './method-context.js';
import { checkChat, readCaption } from './send-media.js';
import { deliverSend, readSendOptions } from './send-options.js';
import type { StoredFile } from '../platform/files/files.js';
import { imageSize } from '../platform/files/image-size.js';
import { probeMedia, type MediaProbe } from '../platform/files/media-probe.js';
import { uploadHead, uploadSha256 } from '../platform/files/upload.js';
import {
  completeAttributes,
  attributesFor,
  MAX_DURATION,
  MAX_LENGTH,
  withFileAttributes,
  renderMedia,
  type MediaAttributes,
  type MediaKind,
} from '../platform/messages/media.js';
import type { MessageContent, WireMessage } from '../platform/core/wire-types.js';

export { MAX_DURATION, MAX_LENGTH } from '../platform/messages/media.js';
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

/** A media file acquired for a send: the stored file, the kind it is sent as, what was read from it. */
export interface AcquiredMedia {
  stored: StoredFile;
  /** `video` for a clip sent as a video note that is not square (as the reference sends it). */
  kind: MediaKind;
  /** Duration and size read from new bytes (ADR 0086); {} for a file given by file_id. */
  probe: MediaProbe;
  newBytes: boolean;
}

/**
 * The file of a media send (ADR 0086): a file_id of the kind, or new bytes, checked, read for their
 * duration and size, and stored; a GIF sent as an animation is stored as its MP4 conversion, and a
 * clip sent as a video note that is not square is stored and sent as a video.
 */
export async function acquireMedia(
  ctx: MethodContext,
  input: InputFile,
  kind: MediaKind,
): Promise<AcquiredMedia> {
  const { platform, botId } = ctx;
  if (isFileId(input)) {
    return {
      stored: await acquireFile(ctx, input, kind, prepareMedia(kind)),
      kind,
      probe: {},
      newBytes: false,
    };
  }
  const upload = 'upload' in input ? input.upload : await downloadMedia(ctx, input.ref);
  const meta = prepareMedia(kind)(upload, 'upload' in input ? 'upload' : 'url');
  const { media } = platform.files;
  if (kind === 'animation') {
    const mp4 = await media.gifAsMp4(upload, uploadSha256(upload));
    if (mp4) {
      const stored = { file: mp4, ref: await platform.files.refFor(botId, mp4) };
      return { stored, kind, probe: await media.probe(mp4), newBytes: true };
    }
  }
  const probe = await probeMedia('spooled' in upload ? upload.spooled.path : upload.data);
  const sentAs = kind === 'video_note' && probe.width !== probe.height ? 'video' : kind;
  const stored = await platform.files.store(botId, sentAs, upload, meta);
  return { stored, kind: sentAs, probe, newBytes: true };
}

/**
 * The media object(s) of a message for an acquired file: the attributes of new bytes (given, else
 * read from the file, else stand-ins) or those kept from the file's latest upload, and their
 * thumbnail: the uploaded one, else one generated from the file (ADR 0086). An animation also
 * carries a document.
 */
export async function mediaContent(
  ctx: MethodContext,
  acquired: AcquiredMedia,
  given: MediaAttributes,
  uploadedThumbnail: StoredFile | undefined,
): Promise<MessageContent> {
  const { platform, botId } = ctx;
  const { stored, kind, newBytes } = acquired;
  const { file } = stored;
  const newThumbnail = uploadedThumbnail ?? (newBytes ? await generatedThumbnail(ctx, file) : undefined);
  const fromFile = withFileAttributes(kind, given, acquired.probe);
  const completed = completeAttributes(kind, {
    ...fromFile,
    ...(kind === 'animation' && !fromFile.width && file.width
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

  const acquired = await acquireMedia(ctx, input, kind);
  const thumbnail = await storeThumbnail(ctx, thumbnailUpload);
  const media = await mediaContent(ctx, acquired, given, thumbnail);
  const content: MessageContent = { ...media, ...caption };
  // A video note sent as a video (not square) has no caption or spoiler to show.
  const sentFeatures = FEATURES[acquired.kind];
  if (sentFeatures.size && caption.caption !== undefined && params.bool('show_caption_above_media')) {
    content.show_caption_above_media = true;
  }
  if (sentFeatures.spoiler && features.spoiler && params.bool('has_spoiler'))
    content.has_media_spoiler = true;
  return deliverSend(ctx, bot, options, { ...content, ...options.content });
}
