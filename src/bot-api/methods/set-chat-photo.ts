import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { checkPhoto } from './send-photo.js';
import { renderPhotoSize } from '../../platform/files/files.js';

/**
 * setChatPhoto: a new photo uploaded by multipart/form-data only; can_change_info; members see
 * new_chat_photo. As the reference's process_set_chat_photo_query: no `photo` at all is "no photo
 * in the request" (the runner's, ADR 0084), a `photo` string that names no upload (a file_id, a URL,
 * an attach:// to no part) "must be uploaded as an InputFile". Parley keeps the image as uploaded,
 * so the photo has one PhotoSize.
 */
export const setChatPhoto = defineMethod('setChatPhoto', async (ctx) => {
  const input = ctx.values.photo;
  if (!input || !('upload' in input)) throw botApiError('PHOTO_NOT_UPLOADED');
  const acting = await botInChat(ctx);
  const meta = checkPhoto(input.upload, 'upload');
  // Refused before the bytes are stored, so that a refused call leaves nothing behind.
  await ctx.platform.groups.checkMayChangeInfo(acting, 'photo');
  const stored = await ctx.platform.files.store(ctx.botId, 'photo', input.upload, meta);
  await ctx.platform.groups.setPhoto(acting, { file: stored.file, sizes: [renderPhotoSize(stored)] });
  return true;
});
