import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';

/** removeBusinessAccountProfilePhoto: can_edit_profile_photo; the main photo (or the public one). */
export const removeBusinessAccountProfilePhoto = defineMethod(
  'removeBusinessAccountProfilePhoto',
  async (ctx) => {
    const connectionId = connectionIdOf(ctx);
    await ctx.platform.businessAccount.removePhoto(ctx.botId, connectionId, ctx.values.is_public);
    return true;
  },
);
