import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/** A custom emoji identifier: a positive 64-bit integer in decimal, as the platform's are. */
const CUSTOM_EMOJI_ID = /^[1-9]\d{0,18}$/;

/**
 * setUserEmojiStatus: for a person who allowed the bot (the Mini App's requestEmojiStatusAccess;
 * on Parley the control API's `POST /control/emoji-status-access`). An empty or absent
 * emoji_status_custom_emoji_id removes the status; emoji_status_expiration_date is a Unix time
 * (0 or absent: none). getChat of the person's private chat shows it (ADR 0048).
 */
export async function setUserEmojiStatus({ params, platform, botId }: MethodContext): Promise<true> {
  const userId = params.int('user_id') ?? 0;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  const customEmojiId = (params.string('emoji_status_custom_emoji_id') ?? '').trim();
  if (customEmojiId !== '' && !CUSTOM_EMOJI_ID.test(customEmojiId))
    throw botApiError('CUSTOM_EMOJI_ID_INVALID');
  const expiration = Math.max(0, params.int('emoji_status_expiration_date') ?? 0);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.profiles.setEmojiStatus(bot, userId, customEmojiId, expiration);
  return true;
}
