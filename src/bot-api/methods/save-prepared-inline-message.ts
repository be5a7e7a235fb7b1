import { readUserId } from '../chat-params.js';
import { readOneInlineResult } from '../inline-result-param.js';
import type { MethodContext } from '../method-context.js';
import type { PreparedChatKind } from '../../platform/web-apps/prepared-messages.js';

const KINDS: Array<[string, PreparedChatKind]> = [
  ['allow_user_chats', 'users'],
  ['allow_bot_chats', 'bots'],
  ['allow_group_chats', 'groups'],
  ['allow_channel_chats', 'channels'],
];

/**
 * savePreparedInlineMessage: an inline result one person's Mini App may send, to the kinds of chat
 * allowed; PreparedInlineMessage (expires in a day). reference/bot-api-10.1.json; ADR 0047.
 */
export async function savePreparedInlineMessage(ctx: MethodContext) {
  const userId = readUserId(ctx);
  const result = await readOneInlineResult(ctx);
  const allowed = KINDS.filter(([name]) => ctx.params.bool(name)).map(([, kind]) => kind);
  return ctx.platform.webApps.preparedMessages.save(ctx.botId, userId, result, allowed);
}
