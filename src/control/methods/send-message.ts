import type { RouteContext } from '../control-context.js';

/** POST /control/messages: a person sends a text message; commands become bot_command entities. */
export async function sendMessage({ platform, input }: RouteContext<'sendMessage'>) {
  return platform.messages.sendFromUser(
    input.from,
    input.chat,
    input.text,
    input.reply_to_message_id,
    input.message_thread_id,
  );
}
