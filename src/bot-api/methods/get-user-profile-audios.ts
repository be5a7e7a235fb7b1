import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * getUserProfileAudios: the audios a person put on their profile, the newest first, as Audio
 * objects with this bot's file_ids. offset and limit as getUserProfilePhotos's (ADR 0048).
 */
export const getUserProfileAudios = defineMethod(
  'getUserProfileAudios',
  async ({ values, platform, botId }) => {
    // limit: 1-100, clamped by its declaration (overrides.ts), 100 when absent.
    const { user_id: userId, offset = 0, limit } = values;
    if (userId <= 0) throw botApiError('USER_ID_INVALID');
    if (offset < 0) throw botApiError('OFFSET_NEGATIVE');
    if (!(await platform.deps.store.getUser(userId))) throw botApiError('USER_NOT_FOUND');
    const page = await platform.profiles.audiosFor(botId, userId, offset, limit);
    return { total_count: page.total_count, audios: page.items };
  },
);
