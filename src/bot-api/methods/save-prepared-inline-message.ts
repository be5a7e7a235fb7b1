import { readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { readOneInlineResult } from '../inline-result-param.js';
import type { PreparedChatKind } from '../../platform/web-apps/prepared-messages.js';

const KINDS = [
  ['allow_user_chats', 'users'],
  ['allow_bot_chats', 'bots'],
  ['allow_group_chats', 'groups'],
  ['allow_channel_chats', 'channels'],
] as const satisfies ReadonlyArray<readonly [string, PreparedChatKind]>;

/**
 * savePreparedInlineMessage: an inline result one person's Mini App may send, to the kinds of chat
 * allowed; PreparedInlineMessage (expires in a day). reference/bot-api-10.1.json; ADR 0047.
 */
export const savePreparedInlineMessage = defineMethod('savePreparedInlineMessage', async (ctx) => {
  const userId = readUserId(ctx);
  const result = await readOneInlineResult(ctx);
  const allowed: PreparedChatKind[] = KINDS.filter(([name]) => ctx.values[name]).map(([, kind]) => kind);
  return ctx.platform.webApps.preparedMessages.save(ctx.botId, userId, result, allowed);
});
