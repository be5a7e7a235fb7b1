import type { MethodContext } from '../method-context.js';
import { callingBot, stickerFilePk } from '../sticker-input.js';

/** deleteStickerFromSet: a sticker of one of this bot's sets; the others close up. */
export async function deleteStickerFromSet(ctx: MethodContext): Promise<true> {
  const filePk = await stickerFilePk(ctx);
  await ctx.platform.stickers.sets.remove(await callingBot(ctx), filePk);
  return true;
}
