import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * getUserProfilePhotos: the user's profile photos, the newest first, each one PhotoSize (Parley
 * keeps an image as uploaded). Bots have one once they call setMyProfilePhoto; people get theirs
 * through the control API (`POST /control/profile-photos`). offset >= 0, limit clamped to 1-100
 * (reference §6.3).
 */
export async function getUserProfilePhotos({ params, platform, botId }: MethodContext) {
  const userId = params.int('user_id') ?? 0;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  const offset = params.int('offset') ?? 0;
  if (offset < 0) throw botApiError('OFFSET_NEGATIVE');
  const limit = params.clampedInt('limit', 100, 1, 100);
  if (!(await platform.deps.store.getUser(userId))) throw botApiError('USER_NOT_FOUND');
  const page = await platform.profiles.photosFor(botId, userId, offset, limit);
  return { total_count: page.total_count, photos: page.items };
}
