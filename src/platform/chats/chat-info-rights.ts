/**
 * Who may change a chat's title, description and photo: the one rule setChatTitle, setChatDescription,
 * setChatPhoto and deleteChatPhoto share, used by the write (groups.ts) and by the Bot API runner's
 * chat rules (assembly/chat-rules.ts).
 */
import { chatPermissions } from './chat-access.js';
import { hasRight, mayUseRight } from './chat-rights.js';
import type { ActingIn } from './group-context.js';
import { PlatformError } from '../core/errors.js';

/** Refuses a chat info change the actor may not make (private chats, rights: mayUseRight). */
export function checkMayChangeInfo(at: ActingIn, what: 'title' | 'description' | 'photo'): void {
  if (at.chat.type === 'private') {
    throw new PlatformError('PRIVATE_CHAT_INFO', `can't change private chat ${what}`, { field: what });
  }
  const allowed =
    at.chat.type === 'channel'
      ? hasRight(at.state, 'can_change_info')
      : mayUseRight(at.actor, at.state, chatPermissions(at.chat), 'can_change_info');
  if (!allowed) {
    throw new PlatformError('NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO', `not enough rights to change chat ${what}`, {
      field: what,
    });
  }
}
