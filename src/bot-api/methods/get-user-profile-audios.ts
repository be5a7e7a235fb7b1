import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * getUserProfileAudios: the audios a person put on their profile, the newest first, as Audio
 * objects with this bot's file_ids. offset and limit as getUserProfilePhotos's (ADR 0048).
 */
export async function getUserProfileAudios({ params, platform, botId }: MethodContext) {
  const userId = params.int('user_id') ?? 0;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  const offset = params.int('offset') ?? 0;
  if (offset < 0) throw botApiError('OFFSET_NEGATIVE');
  const limit = params.clampedInt('limit', 100, 1, 100);
  if (!(await platform.deps.store.getUser(userId))) throw botApiError('USER_NOT_FOUND');
  const page = await platform.profiles.audiosFor(botId, userId, offset, limit);
  return { total_count: page.total_count, audios: page.items };
}
