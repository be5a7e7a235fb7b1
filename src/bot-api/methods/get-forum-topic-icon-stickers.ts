import { defineMethod } from '../define-method.js';

/** getForumTopicIconStickers: the custom emoji Parley ships for topic icons (ADR 0046). */
export const getForumTopicIconStickers = defineMethod('getForumTopicIconStickers', async (ctx) => {
  return ctx.platform.stickers.topicIcons(ctx.botId);
});
