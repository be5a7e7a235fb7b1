import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { inputFileOf } from '../input-file.js';
import { checkPhoto } from './send-photo.js';

/**
 * setBusinessAccountProfilePhoto: can_edit_profile_photo; an InputProfilePhotoStatic uploaded anew
 * (attach://), checked as sendPhoto's, becomes the account's profile photo (or its public photo with
 * is_public). The right is checked before the bytes are stored. Parley decodes no video, so an
 * animated photo is refused, as setMyProfilePhoto does (ADR 0048). ADR 0049. The runner has
 * refused a call without photo (ADR 0084).
 */
export const setBusinessAccountProfilePhoto = defineMethod('setBusinessAccountProfilePhoto', async (ctx) => {
  const { params, platform, botId } = ctx;
  const connectionId = connectionIdOf(ctx);
  // photo is JSON (an InputProfilePhoto): its own reader.
  const value = params.parsedJson('photo', 'InputProfilePhoto');
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw botApiError('OBJECT_EXPECTED', { object: 'InputProfilePhoto' });
  const object = value as Record<string, unknown>;
  const unparsable = (detail: string) => botApiError('UNPARSABLE', { object: 'InputProfilePhoto', detail });
  if (object.type === undefined) throw unparsable('Can\'t find field "type"');
  if (object.type === 'animated') throw unparsable('animated profile photos are not supported');
  if (object.type !== 'static') throw unparsable('unsupported type specified');
  if (typeof object.photo !== 'string') throw unparsable('Can\'t find field "photo"');
  const input = inputFileOf(params, object.photo);
  if (!input || !('upload' in input)) throw botApiError('MEDIA_MISSING', { media: 'photo' });
  const meta = checkPhoto(input.upload, 'upload');
  await platform.business.account(botId, connectionId, 'can_edit_profile_photo');
  const stored = await platform.files.store(botId, 'photo', input.upload, meta);
  await platform.businessAccount.setPhoto(botId, connectionId, stored.file, ctx.values.is_public);
  return true;
});
