import { positive, text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/reactions {chat, message_id, emoji?}: the person reacts to a message with one emoji
 * (none removes their reaction). Answers the message's reactions as the person sees them.
 */
export async function react({ platform, session, input }: WebContext) {
  const emoji = text(input, 'emoji');
  return platform.reactions.setByUser(
    String(session.userId),
    text(input, 'chat', true),
    positive(input, 'message_id', true),
    emoji === undefined ? [] : [{ type: 'emoji', emoji }],
    false,
  );
}
