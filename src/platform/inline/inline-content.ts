/**
 * What choosing an inline result sends: the stored description of the result (InlineSend, built by
 * the Bot API surface when the bot answered) turned into message content. A result with
 * input_message_content sends that; a media result sends its file, given by a file_id issued to
 * the bot or by an HTTP URL that the server downloads now, as the reference platform does when a
 * person sends the result. The media get what a direct send gets (ADR 0086, 0097): a photo the
 * reference's sizes, made once per content (a file_id of any size sends the whole photo); a GIF
 * animation its MP4; new bytes their duration and size read from the file where the result gives
 * none (width and height as a pair); videos, animations, image and video documents and stickers
 * the thumbnail made from their file.
 */
import { createHash } from 'node:crypto';
import { PlatformError } from '../core/errors.js';
import type { FileKind } from '../files/file-kinds.js';
import { renderPhotoSize, type Files, type StoredFile, type WirePhotoSize } from '../files/files.js';
import { IMAGE_MIME_TYPES, imageSize } from '../files/image-size.js';
import type { MediaProbe } from '../files/media-probe.js';
import { ImageDecodeError } from '../files/photo-sizes.js';
import { fetchUrl, UrlFetchError } from '../net/url-fetch.js';
import type { MessageContent } from '../core/wire-types.js';
import type { Profile } from '../../config/config.js';

/** The media an inline result carries (its type, with cached_* results by file_id). */
export type InlineMediaKind = Extract<
  FileKind,
  'photo' | 'document' | 'video' | 'audio' | 'voice' | 'animation' | 'sticker'
>;

export interface InlineMedia {
  kind: InlineMediaKind;
  fileId?: string;
  url?: string;
  /** mime_type of video and document results by URL. */
  mimeType?: string;
  /** Shown attributes the result gives: width, height, duration, title, performer. */
  attributes: Record<string, string | number>;
}

/** How choosing a result makes its message. */
export interface InlineSend {
  /** Content fields: text and entities, location, venue, contact, or the media's caption. */
  content: MessageContent;
  /** The result's own media, when it has no input_message_content. */
  media?: InlineMedia;
  /** Why Parley cannot send this result (games, invoices); choosing it fails with this. */
  unsupported?: string;
}

/** Downloads of result files by URL: photos up to 5 MB, other files up to 20 MB (reference §5). */
const MAX_URL_PHOTO_BYTES = 5 * 1024 * 1024;
const MAX_URL_FILE_BYTES = 20 * 1024 * 1024;

export async function inlineMessageContent(
  files: Files,
  profile: Profile,
  botId: number,
  send: InlineSend,
): Promise<MessageContent> {
  if (send.unsupported !== undefined) throw new PlatformError('BAD_REQUEST', send.unsupported);
  const media = send.media;
  if (!media) return { ...send.content };
  if (media.kind === 'photo')
    return { photo: await resultPhoto(files, profile, botId, media), ...send.content };
  const fresh = media.fileId === undefined;
  const stored = fresh ? await byUrl(files, profile, botId, media) : await byFileId(files, botId, media);
  const probe = fresh && PROBED.has(media.kind) ? await files.media.probe(stored.file) : {};
  const thumbnailRow = await files.media.thumbnail(stored.file);
  const thumbnail = thumbnailRow && { file: thumbnailRow, ref: await files.refFor(botId, thumbnailRow) };
  return { ...renderResultMedia(media, stored, probe, thumbnail), ...send.content };
}

/** Kinds whose duration and size are read from new bytes (media-probe.ts). */
const PROBED = new Set<InlineMediaKind>(['video', 'animation', 'audio', 'voice']);

/**
 * A photo result's sizes, smallest first, as sendPhoto's (ADR 0081, 0086): by file_id the whole
 * photo of any of its sizes; by URL the downloaded image encoded once per content.
 */
async function resultPhoto(
  files: Files,
  profile: Profile,
  botId: number,
  media: InlineMedia,
): Promise<WirePhotoSize[]> {
  let rows;
  try {
    if (media.fileId !== undefined) {
      rows = await files.media.photoOf((await byFileId(files, botId, media)).file);
    } else {
      const { data } = await fetchResultFile(profile, media);
      const image = imageSize(data);
      if (!image) throw new PlatformError('URL_CONTENT_NOT_IMAGE', 'wrong type of the web page content');
      const upload = { data, filename: '', mimeType: IMAGE_MIME_TYPES[image.format] };
      rows = await files.media.photoSizes(upload, createHash('sha256').update(data).digest('hex'));
    }
  } catch (error) {
    if (error instanceof ImageDecodeError)
      throw new PlatformError('URL_CONTENT_NOT_IMAGE', 'wrong type of the web page content');
    throw error;
  }
  const sizes: WirePhotoSize[] = [];
  for (const file of rows) sizes.push(renderPhotoSize({ file, ref: await files.refFor(botId, file) }));
  return sizes;
}

async function byFileId(files: Files, botId: number, media: InlineMedia): Promise<StoredFile> {
  const stored = await files.byFileId(botId, media.fileId!);
  // Checked when the bot answered; the file can only have gone since if storage was reset.
  if (!stored) throw new PlatformError('BAD_REQUEST', 'the file of the result is no longer available');
  return stored;
}

/** The bytes of a result's URL, downloaded now: photos up to 5 MB, other files up to 20 MB. */
async function fetchResultFile(profile: Profile, media: InlineMedia) {
  let fetched;
  try {
    fetched = await fetchUrl(media.url!, {
      profile,
      maxBytes: media.kind === 'photo' ? MAX_URL_PHOTO_BYTES : MAX_URL_FILE_BYTES,
    });
  } catch (error) {
    if (error instanceof UrlFetchError)
      throw new PlatformError('URL_CONTENT_FAILED', 'failed to get HTTP URL content');
    throw error;
  }
  if (fetched.data.length === 0)
    throw new PlatformError('URL_CONTENT_FAILED', 'failed to get HTTP URL content');
  return fetched;
}

async function byUrl(files: Files, profile: Profile, botId: number, media: InlineMedia): Promise<StoredFile> {
  const fetched = await fetchResultFile(profile, media);
  const mimeType = media.mimeType ?? (fetched.contentType || 'application/octet-stream');
  const upload = { data: fetched.data, filename: fetched.fileName, mimeType };
  if (media.kind === 'animation') {
    // A GIF is sent as its MP4 conversion, as sendAnimation's (ADR 0086).
    const mp4 = await files.media.gifAsMp4(upload, createHash('sha256').update(fetched.data).digest('hex'));
    if (mp4) return { file: mp4, ref: await files.refFor(botId, mp4) };
  }
  return files.store(botId, media.kind, upload);
}

/** The file object of a stored file, in the reference's key order (name and type, thumbnail, file). */
function fileObject({ file, ref }: StoredFile, thumbnail?: StoredFile): Record<string, unknown> {
  const thumb = thumbnail && renderPhotoSize(thumbnail);
  return {
    ...(file.file_name ? { file_name: file.file_name } : {}),
    ...(file.mime_type ? { mime_type: file.mime_type } : {}),
    ...(thumb ? { thumbnail: thumb, thumb: { ...thumb } } : {}),
    file_id: ref.file_id,
    file_unique_id: file.unique_id,
    file_size: file.size,
  };
}

function renderResultMedia(
  media: InlineMedia,
  stored: StoredFile,
  probe: MediaProbe,
  thumbnail: StoredFile | undefined,
): MessageContent {
  const a = media.attributes;
  const given = (key: string) => (typeof a[key] === 'number' && a[key] > 0 ? a[key] : undefined);
  // The result's width and height are a pair, as a send's (ADR 0097); else the file's.
  const pair = given('width') !== undefined && given('height') !== undefined;
  const size = {
    width: pair ? given('width')! : (probe.width ?? stored.file.width ?? 0),
    height: pair ? given('height')! : (probe.height ?? stored.file.height ?? 0),
  };
  const duration = given('duration') ?? probe.duration ?? 0;
  switch (media.kind) {
    case 'photo':
      return { photo: [renderPhotoSize(stored)] };
    case 'document':
      return { document: fileObject(stored, thumbnail) };
    case 'video':
      return { video: { ...size, duration, ...fileObject(stored, thumbnail) } };
    case 'animation': {
      const animation = { ...size, duration, ...fileObject(stored, thumbnail) };
      // A message with an animation also has it as its document (spec Message.animation).
      return { animation, document: fileObject(stored, thumbnail) };
    }
    case 'audio': {
      const named = {
        ...(typeof a.performer === 'string' ? { performer: a.performer } : {}),
        ...(typeof a.title === 'string' ? { title: a.title } : {}),
      };
      return { audio: { duration, ...named, ...fileObject(stored) } };
    }
    case 'voice':
      return { voice: { duration, ...fileObject(stored) } };
    case 'sticker': {
      const thumb = thumbnail && renderPhotoSize(thumbnail);
      return {
        sticker: {
          width: stored.file.width ?? 512,
          height: stored.file.height ?? 512,
          is_animated: false,
          is_video: false,
          type: 'regular',
          ...(thumb ? { thumbnail: thumb, thumb: { ...thumb } } : {}),
          file_id: stored.ref.file_id,
          file_unique_id: stored.file.unique_id,
          file_size: stored.file.size,
        },
      };
    }
  }
}
