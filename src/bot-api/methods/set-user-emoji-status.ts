import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/** A custom emoji identifier: a positive 64-bit integer in decimal, as the platform's are. */
const CUSTOM_EMOJI_ID = /^[1-9]\d{0,18}$/;

/**
 * setUserEmojiStatus: for a person who allowed the bot (the Mini App's requestEmojiStatusAccess;
 * on Parley the control API's `POST /control/emoji-status-access`). An empty or absent
 * emoji_status_custom_emoji_id removes the status; emoji_status_expiration_date is a Unix time
 * (0 or absent: none). getChat of the person's private chat shows it (ADR 0048).
 */
export const setUserEmojiStatus = defineMethod('setUserEmojiStatus', async (ctx) => {
  const { platform, botId } = ctx;
  const {
    user_id: userId,
    emoji_status_custom_emoji_id: emojiId = '',
    emoji_status_expiration_date: expirationDate = 0,
  } = ctx.values;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  const customEmojiId = emojiId.trim();
  if (customEmojiId !== '' && !CUSTOM_EMOJI_ID.test(customEmojiId))
    throw botApiError('CUSTOM_EMOJI_ID_INVALID');
  const expiration = Math.max(0, expirationDate);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.profiles.setEmojiStatus(bot, userId, customEmojiId, expiration);
  return true;
});
