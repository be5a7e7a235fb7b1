import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * getUserProfilePhotos: the user's profile photos, the newest first, each one PhotoSize (Parley
 * keeps an image as uploaded). Bots have one once they call setMyProfilePhoto; people get theirs
 * through the control API (`POST /control/profile-photos`). offset >= 0, limit clamped to 1-100
 * (reference §6.3).
 */
export const getUserProfilePhotos = defineMethod(
  'getUserProfilePhotos',
  async ({ values, platform, botId }) => {
    // limit: 1-100, clamped by its declaration (overrides.ts), 100 when absent.
    const { user_id: userId, offset = 0, limit } = values;
    if (userId <= 0) throw botApiError('USER_ID_INVALID');
    if (offset < 0) throw botApiError('OFFSET_NEGATIVE');
    if (!(await platform.deps.store.getUser(userId))) throw botApiError('USER_NOT_FOUND');
    const page = await platform.profiles.photosFor(botId, userId, offset, limit);
    return { total_count: page.total_count, photos: page.items };
  },
);
