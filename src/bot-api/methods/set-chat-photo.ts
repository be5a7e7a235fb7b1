import { botInChat } from '../chat-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { checkPhoto } from './send-photo.js';
import { renderPhotoSize } from '../../platform/files/files.js';

/**
 * setChatPhoto: a new photo uploaded by multipart/form-data only (a file_id or URL is not an
 * upload, so there is "no photo in the request"); can_change_info; members see new_chat_photo.
 * Parley keeps the image as uploaded, so the photo has one PhotoSize.
 */
export async function setChatPhoto(ctx: MethodContext) {
  const input = ctx.params.inputFile('photo');
  if (!input || !('upload' in input)) throw botApiError('MEDIA_MISSING', { media: 'photo' });
  const acting = await botInChat(ctx);
  const meta = checkPhoto(input.upload, 'upload');
  // Refused before the bytes are stored, so that a refused call leaves nothing behind.
  await ctx.platform.groups.checkMayChangeInfo(acting, 'photo');
  const stored = await ctx.platform.files.store(ctx.botId, 'photo', input.upload, meta);
  await ctx.platform.groups.setPhoto(acting, { file: stored.file, sizes: [renderPhotoSize(stored)] });
  return true;
}
