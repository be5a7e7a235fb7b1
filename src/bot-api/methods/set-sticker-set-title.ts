import type { MethodContext } from '../method-context.js';
import { callingBot, readTitle, requiredString } from '../sticker-input.js';

/** setStickerSetTitle: 1-64 characters, for one of this bot's sets. */
export async function setStickerSetTitle(ctx: MethodContext): Promise<true> {
  const name = requiredString(ctx, 'name');
  const title = readTitle(ctx);
  await ctx.platform.stickers.sets.setTitle(await callingBot(ctx), name, title);
  return true;
}
