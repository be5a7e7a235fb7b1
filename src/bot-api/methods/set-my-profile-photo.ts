import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { inputFileOf } from '../input-file.js';
import { checkPhoto } from './send-photo.js';

/**
 * setMyProfilePhoto: `photo` is an InputProfilePhoto. A static photo must be a new upload
 * (`attach://<name>`; the spec: profile photos can't be reused), checked as sendPhoto's; it
 * replaces the bot's profile photo, which getUserProfilePhotos of the bot then answers. Parley
 * decodes no video, so an animated photo (InputProfilePhotoAnimated) is refused (ADR 0048). The
 * runner has refused a call without photo (ADR 0084).
 */
export const setMyProfilePhoto = defineMethod('setMyProfilePhoto', async (ctx) => {
  const { params, platform, botId } = ctx;
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
  const stored = await platform.files.store(botId, 'photo', input.upload, meta);
  await platform.profiles.setBotPhoto(botId, stored.file);
  return true;
});
