import { writableChat } from '../service-chat.js';
import { formattedText } from '../formatted.js';
import { positive, type WebContext } from '../web-context.js';

/**
 * POST /web/api/messages: the person sends a text message (to `@bot` starts that chat); in a forum,
 * `message_thread_id` names the topic (none: General). `entities`: the person's own formatting
 * (bold, italic, code, links, ...: src/web/formatted.ts); the platform's detected ones are added.
 */
export async function sendMessage({ platform, session, input }: WebContext) {
  const raw = typeof input.text === 'string' ? input.text : '';
  const formatted = formattedText(raw, input.entities);
  return platform.messages.sendFromUser(
    String(session.userId),
    writableChat(input),
    formatted?.text ?? raw,
    positive(input, 'reply_to_message_id'),
    positive(input, 'message_thread_id'),
    undefined,
    formatted?.entities,
  );
}
