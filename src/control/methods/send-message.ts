import type { RouteContext } from '../control-context.js';

/**
 * POST /control/messages: a person sends a text message; commands become bot_command entities.
 * With `as_chat`, on behalf of a channel or the supergroup (platform/chats/sender-chats.ts).
 */
export async function sendMessage({ platform, input }: RouteContext<'sendMessage'>) {
  const sendAs =
    input.as_chat === undefined ? undefined : await platform.senderChats.sendAs(input.from, input.as_chat);
  return platform.messages.sendFromUser(
    input.from,
    input.chat,
    input.text,
    input.reply_to_message_id,
    input.message_thread_id,
    sendAs,
  );
}
