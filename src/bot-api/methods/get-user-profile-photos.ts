import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * getUserProfilePhotos: people on Parley have no profile photos yet, so every known user has
 * total_count 0. offset >= 0, limit clamped to 1-100 (reference §6.3).
 */
export async function getUserProfilePhotos({ params, platform }: MethodContext) {
  const userId = params.int('user_id') ?? 0;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  const offset = params.int('offset') ?? 0;
  if (offset < 0) throw botApiError('OFFSET_NEGATIVE');
  params.clampedInt('limit', 100, 1, 100);
  if (!(await platform.deps.store.getUser(userId))) throw botApiError('USER_NOT_FOUND');
  return { total_count: 0, photos: [] };
}
