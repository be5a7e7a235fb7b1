import type { MethodContext } from '../method-context.js';

/** removeMyProfilePhoto: the bot has no profile photo afterwards; without one it is no error. */
export async function removeMyProfilePhoto({ platform, botId }: MethodContext): Promise<true> {
  await platform.profiles.removeBotPhoto(botId);
  return true;
}
