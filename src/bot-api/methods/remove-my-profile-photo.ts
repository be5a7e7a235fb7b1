import { defineMethod } from '../define-method.js';

/** removeMyProfilePhoto: the bot has no profile photo afterwards; without one it is no error. */
export const removeMyProfilePhoto = defineMethod('removeMyProfilePhoto', async ({ platform, botId }) => {
  await platform.profiles.removeBotPhoto(botId);
  return true;
});
