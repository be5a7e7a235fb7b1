import { positive, text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/messages: the person sends a text message (to `@bot` starts that chat); in a forum,
 * `message_thread_id` names the topic (none: General).
 */
export async function sendMessage({ platform, session, input }: WebContext) {
  return platform.messages.sendFromUser(
    String(session.userId),
    text(input, 'chat', true),
    typeof input.text === 'string' ? input.text : '',
    positive(input, 'reply_to_message_id'),
    positive(input, 'message_thread_id'),
  );
}
