import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import type { InputFile } from '../input-file.js';
import { deliverSend, readSendOptions } from '../send-options.js';
import { checkChat, fileByReference, readCaption } from '../send-media.js';
import { checkPhoto } from './send-photo.js';
import { renderPhotoSize, type StoredFile } from '../../platform/files/files.js';
import { readUpload, uploadSize } from '../../platform/files/upload.js';
import {
  livePhotoContent,
  MAX_LIVE_PHOTO_BYTES,
  MAX_LIVE_PHOTO_SECONDS,
  mp4Info,
  type Mp4Info,
} from '../../platform/messages/live-photos.js';
import type { MessageContent } from '../../platform/core/wire-types.js';

const isUrl = (input: InputFile) => 'ref' in input && /^https?:\/\//i.test(input.ref.trim());

/**
 * sendLivePhoto: `live_photo` an MPEG-4 video of at most 10 seconds and 10 MB (read from its MP4
 * header, for an upload and for a file_id alike) and `photo` its static photo, each uploaded or a
 * file_id (by URL: refused, as the spec says), with caption, show_caption_above_media, has_spoiler
 * and the common send options. Everything is checked before a byte is stored (ADR 0048).
 */
export const sendLivePhoto = defineMethod('sendLivePhoto', async (ctx) => {
  const { platform, botId } = ctx;
  const { live_photo: video, photo, show_caption_above_media: aboveMedia, has_spoiler: spoiler } = ctx.values;
  // The runner refuses an absent one (ADR 0084); an attach:// that names no part reads as none.
  if (!video) throw botApiError('MEDIA_MISSING', { media: 'live photo' });
  if (!photo) throw botApiError('MEDIA_MISSING', { media: 'photo' });
  if (isUrl(video) || isUrl(photo)) throw botApiError('FILE_REFERENCE_INVALID');
  const caption = readCaption(ctx);
  const options = await readSendOptions(ctx, { ephemeral: true });
  const bot = await checkChat(ctx, options);

  // The bytes are checked, and files named by file_id found, before anything is stored.
  const photoMeta = 'upload' in photo ? checkPhoto(photo.upload, 'upload') : undefined;
  const knownPhoto = 'ref' in photo ? await fileByReference(ctx, photo.ref, 'photo') : undefined;
  let knownVideo: StoredFile | undefined;
  let info: Mp4Info;
  if ('upload' in video) {
    // At most 10 MB is read whole (an MP4's header may be at its end); a larger one is refused first.
    const size = uploadSize(video.upload);
    if (size > MAX_LIVE_PHOTO_BYTES) throw botApiError('FILE_TOO_BIG');
    info = checkVideo(await readUpload(video.upload));
  } else {
    knownVideo = await fileByReference(ctx, video.ref, 'video');
    info = checkVideo(await platform.files.read(knownVideo.file));
  }
  const storedVideo =
    'upload' in video
      ? await platform.files.store(botId, 'video', video.upload, {
          mimeType: 'video/mp4',
          width: info.width,
          height: info.height,
        })
      : knownVideo!;
  const storedPhoto =
    'upload' in photo ? await platform.files.store(botId, 'photo', photo.upload, photoMeta) : knownPhoto!;

  const content: MessageContent = {
    ...livePhotoContent(storedVideo, info, renderPhotoSize(storedPhoto)),
    ...caption,
  };
  if (caption.caption !== undefined && aboveMedia) content.show_caption_above_media = true;
  if (spoiler) content.has_media_spoiler = true;
  return deliverSend(ctx, bot, options, { ...content, ...options.content });
});

/** An MP4 of at most 10 seconds and 10 MB. */
function checkVideo(data: Buffer): Mp4Info {
  if (data.length === 0) throw botApiError('FILE_EMPTY');
  if (data.length > MAX_LIVE_PHOTO_BYTES) throw botApiError('FILE_TOO_BIG');
  const info = mp4Info(data);
  if (!info) throw botApiError('LIVE_PHOTO_VIDEO_INVALID');
  if (info.duration > MAX_LIVE_PHOTO_SECONDS) throw botApiError('LIVE_PHOTO_TOO_LONG');
  return info;
}
