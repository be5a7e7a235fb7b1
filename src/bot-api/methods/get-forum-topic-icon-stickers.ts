import type { MethodContext } from '../method-context.js';

/** getForumTopicIconStickers: the custom emoji Parley ships for topic icons (ADR 0046). */
export async function getForumTopicIconStickers(ctx: MethodContext) {
  return ctx.platform.stickers.topicIcons(ctx.botId);
}
