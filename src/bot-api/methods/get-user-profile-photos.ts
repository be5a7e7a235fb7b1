import { BotApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * getUserProfilePhotos: people on Parley have no profile photos yet, so every known user has
 * total_count 0. offset >= 0, limit clamped to 1-100 (reference §6.3).
 */
export async function getUserProfilePhotos({ params, platform }: MethodContext) {
  const userId = params.int('user_id') ?? 0;
  if (userId <= 0) throw BotApiError.badRequest('invalid user_id specified');
  const offset = params.int('offset') ?? 0;
  if (offset < 0) throw BotApiError.badRequest('offset must be non-negative');
  params.clampedInt('limit', 100, 1, 100);
  if (!(await platform.deps.store.getUser(userId))) throw BotApiError.badRequest('user not found');
  return { total_count: 0, photos: [] };
}
