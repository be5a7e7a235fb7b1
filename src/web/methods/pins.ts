import { positive, text, type WebContext } from '../web-context.js';
import { visibleChat } from '../visible-chat.js';

/**
 * GET /web/api/pins?chat=: the chat's pinned messages as the person sees them, the newest first; a
 * chat the person cannot see is 404 `CHAT_NOT_FOUND`, as one that does not exist (visible-chat.ts).
 */
export async function listPins({ platform, session, input }: WebContext) {
  const chatRef = text(input, 'chat', true);
  if ((await visibleChat(platform, session.userId, chatRef)) === undefined) return [];
  return platform.pins.pinnedFor(String(session.userId), chatRef);
}

/** POST /web/api/pins {chat, message_id}: the person pins a message (where they may). */
export async function pinMessage({ platform, session, input }: WebContext) {
  return platform.pins.pinByUser(
    String(session.userId),
    text(input, 'chat', true),
    positive(input, 'message_id', true),
  );
}

/** POST /web/api/pins/delete {chat, message_id}: the person unpins a message. */
export async function unpinMessage({ platform, session, input }: WebContext) {
  await platform.pins.unpinByUser(
    String(session.userId),
    text(input, 'chat', true),
    positive(input, 'message_id', true),
  );
  return true;
}
