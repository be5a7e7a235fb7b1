import { writableChat } from '../service-chat.js';
import { voidWhenShared } from '../../platform/people/login-codes.js';
import { positive, text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/forward {from_chat, message_id, chat}: the person forwards a message of a chat they
 * see into another of their chats (ADR 0103), as the platform forwards: the new message carries
 * forward_origin, and the target chat's bots get it. Refusals as forwardMessage's, in the person
 * API's format: 404 `CHAT_NOT_FOUND` and `MESSAGE_TO_FORWARD_NOT_FOUND`, 400
 * `MESSAGE_CANT_BE_FORWARDED` (a service message, protected content); 403 `CHAT_WRITE_FORBIDDEN`
 * into the service chat. Forwarding the service chat's message that holds the person's live login
 * code voids that code (login-codes.ts `voidWhenShared`), in the forward's write.
 */
export async function forwardMessage({ platform, session, input }: WebContext) {
  const fromChat = text(input, 'from_chat', true);
  const messageId = positive(input, 'message_id', true);
  const toChat = writableChat(input);
  const person = await platform.users.resolve(String(session.userId), 'user');
  return platform.forwards.fromPerson(person, fromChat, messageId, toChat, (who, row) =>
    voidWhenShared(platform, who, row),
  );
}
