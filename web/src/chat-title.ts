/** A chat's name as the page shows it: its title, else the person's name, else @username or its id. */
import type { Chat } from './api.js';

export function chatTitle(chat: Chat): string {
  if (chat.title) return chat.title;
  return (
    [chat.first_name, chat.last_name].filter(Boolean).join(' ') ||
    (chat.username ? `@${chat.username}` : String(chat.id))
  );
}
