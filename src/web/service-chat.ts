/**
 * The service chat ("Verification Codes") in the person API (ADR 0098): codes arrive in it and
 * nobody writes in it, as in the platform's apps. The page gives it no composer; the API refuses a
 * message to it all the same.
 */
import { SERVICE_USER_ID } from '../platform/gateway/delivery.js';
import { WebError, text } from './web-context.js';

/** The chat a person's message goes to (`chat`), refused as 403 `CHAT_WRITE_FORBIDDEN` for the service chat. */
export function writableChat(input: Readonly<Record<string, unknown>>): string {
  const chat = text(input, 'chat', true);
  if (chat.trim() === String(SERVICE_USER_ID)) {
    throw new WebError(403, 'CHAT_WRITE_FORBIDDEN', 'nobody writes in the service chat');
  }
  return chat;
}
