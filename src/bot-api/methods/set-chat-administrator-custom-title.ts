import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * setChatAdministratorCustomTitle: supergroups; an administrator the bot promoted; 0-16 characters
 * (the runner refuses a longer one, ADR 0071 and 0084), no emoji; "" removes it. Shown as
 * custom_title in ChatMember.
 */
export const setChatAdministratorCustomTitle = defineMethod(
  'setChatAdministratorCustomTitle',
  async (ctx) => {
    const { user_id: userId, custom_title: customTitle = '' } = ctx.values;
    if (userId <= 0) throw botApiError('USER_ID_INVALID');
    const acting = await botInChat(ctx);
    await ctx.platform.groups.members.setCustomTitle(acting, userId, customTitle);
    return true;
  },
);
