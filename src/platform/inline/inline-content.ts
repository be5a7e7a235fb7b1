/**
 * What choosing an inline result sends: the stored description of the result (InlineSend, built by
 * the Bot API surface when the bot answered) turned into message content. A result with
 * input_message_content sends that; a media result sends its file, given by a file_id issued to
 * the bot or by an HTTP URL that the server downloads now, as the reference platform does when a
 * person sends the result.
 */
import { PlatformError } from '../core/errors.js';
import type { FileKind } from '../files/file-kinds.js';
import { renderPhotoSize, type Files, type StoredFile } from '../files/files.js';
import { IMAGE_MIME_TYPES, imageSize } from '../files/image-size.js';
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
  const stored =
    media.fileId !== undefined
      ? await byFileId(files, botId, media)
      : await byUrl(files, profile, botId, media);
  return { ...renderResultMedia(media, stored), ...send.content };
}

async function byFileId(files: Files, botId: number, media: InlineMedia): Promise<StoredFile> {
  const stored = await files.byFileId(botId, media.fileId!);
  // Checked when the bot answered; the file can only have gone since if storage was reset.
  if (!stored) throw new PlatformError('BAD_REQUEST', 'the file of the result is no longer available');
  return stored;
}

async function byUrl(files: Files, profile: Profile, botId: number, media: InlineMedia): Promise<StoredFile> {
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
  if (media.kind === 'photo') {
    const image = imageSize(fetched.data);
    if (!image) throw new PlatformError('URL_CONTENT_NOT_IMAGE', 'wrong type of the web page content');
    return files.store(
      botId,
      'photo',
      { data: fetched.data, filename: '', mimeType: IMAGE_MIME_TYPES[image.format] },
      { width: image.width, height: image.height, mimeType: IMAGE_MIME_TYPES[image.format] },
    );
  }
  const mimeType = media.mimeType ?? (fetched.contentType || 'application/octet-stream');
  return files.store(botId, media.kind, { data: fetched.data, filename: fetched.fileName, mimeType });
}

/** The file object of a stored file, in the reference's key order (name and type first). */
function fileObject({ file, ref }: StoredFile): Record<string, unknown> {
  return {
    ...(file.file_name ? { file_name: file.file_name } : {}),
    ...(file.mime_type ? { mime_type: file.mime_type } : {}),
    file_id: ref.file_id,
    file_unique_id: file.unique_id,
    file_size: file.size,
  };
}

function renderResultMedia(media: InlineMedia, stored: StoredFile): MessageContent {
  const a = media.attributes;
  const num = (key: string, fallback: number) => (typeof a[key] === 'number' ? a[key] : fallback);
  const size = {
    width: num('width', stored.file.width ?? 0),
    height: num('height', stored.file.height ?? 0),
  };
  switch (media.kind) {
    case 'photo':
      return { photo: [renderPhotoSize(stored)] };
    case 'document':
      return { document: fileObject(stored) };
    case 'video':
      return { video: { ...size, duration: num('duration', 0), ...fileObject(stored) } };
    case 'animation': {
      const animation = { ...size, duration: num('duration', 0), ...fileObject(stored) };
      // A message with an animation also has it as its document (spec Message.animation).
      return { animation, document: fileObject(stored) };
    }
    case 'audio': {
      const named = {
        ...(typeof a.performer === 'string' ? { performer: a.performer } : {}),
        ...(typeof a.title === 'string' ? { title: a.title } : {}),
      };
      return { audio: { duration: num('duration', 0), ...named, ...fileObject(stored) } };
    }
    case 'voice':
      return { voice: { duration: num('duration', 0), ...fileObject(stored) } };
    case 'sticker':
      return {
        sticker: {
          width: stored.file.width ?? 512,
          height: stored.file.height ?? 512,
          is_animated: false,
          is_video: false,
          type: 'regular',
          file_id: stored.ref.file_id,
          file_unique_id: stored.file.unique_id,
          file_size: stored.file.size,
        },
      };
  }
}
