/**
 * The person's chats, newest activity first, each with its avatar, the time of its newest message
 * and its unread count; the service chat apart ("Service", ADR 0098); New group and Join by link;
 * and the bots to start a chat with.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type ChatEntry, type Message, type User } from './api.js';
import { NewGroup } from './new-group.js';
import { JoinByLink } from './join-by-link.js';
import { serviceText } from './service-message.js';
import { richPreview } from './rich-message.js';
import { Avatar } from './avatar.js';
import { chatTitle } from './chat-title.js';

/** When the chat's newest message came: its time today, its date before. */
function when(date: number): string {
  const at = new Date(date * 1000);
  if (at.toDateString() === new Date().toDateString())
    return at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return at.toLocaleDateString([], { day: 'numeric', month: 'short' });
}

function preview(message: Message | undefined): string {
  if (!message) return '';
  const service = serviceText(message);
  if (service !== null) return service;
  if (message.text) return message.text;
  if (message.caption) return message.caption;
  if (message.rich_message) return richPreview(message.rich_message) ?? '';
  const kinds = [
    'photo',
    'document',
    'sticker',
    'poll',
    'location',
    'venue',
    'contact',
    'dice',
    'video',
    'audio',
    'voice',
  ];
  const kind = kinds.find((field) => field in message);
  return kind ? `[${kind}]` : '';
}

export function ChatList({
  chats,
  open,
  onOpen,
}: {
  chats: ChatEntry[];
  open: string | null;
  onOpen: (ref: string, title: string, username?: string, isForum?: boolean) => void;
}) {
  return (
    <nav aria-label="Chats" class="chat-list">
      <NewGroup onOpen={onOpen} />
      <JoinByLink onOpen={onOpen} />
      <ChatItems chats={chats.filter((entry) => !entry.is_service)} open={open} onOpen={onOpen} />
      {chats.some((entry) => entry.is_service) && (
        <section aria-labelledby="service-heading" class="service-chats">
          <h2 id="service-heading">Service</h2>
          <ChatItems chats={chats.filter((entry) => entry.is_service)} open={open} onOpen={onOpen} />
        </section>
      )}
      <NewChat chats={chats} onOpen={onOpen} />
    </nav>
  );
}

/** Bots the person has no chat with yet: opening one shows its Start button. */
function NewChat({
  chats,
  onOpen,
}: {
  chats: ChatEntry[];
  onOpen: (ref: string, title: string, username?: string, isForum?: boolean) => void;
}) {
  const [bots, setBots] = useState<User[]>([]);
  useEffect(() => {
    api.bots().then(setBots, () => setBots([]));
  }, [chats.length]);
  const known = new Set(chats.map((entry) => entry.chat.id));
  const fresh = bots.filter((bot) => !known.has(bot.id));
  if (fresh.length === 0) return null;
  return (
    <section aria-labelledby="bots-heading" class="new-chat">
      <h2 id="bots-heading">Bots</h2>
      <ul>
        {fresh.map((bot) => (
          <li key={bot.id}>
            <button type="button" onClick={() => onOpen(`@${bot.username}`, bot.first_name, bot.username)}>
              {bot.first_name} <small>@{bot.username}</small>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChatItems({
  chats,
  open,
  onOpen,
}: {
  chats: ChatEntry[];
  open: string | null;
  onOpen: (ref: string, title: string, username?: string, isForum?: boolean) => void;
}) {
  return (
    <ul>
      {chats.map(({ chat, last_message, unread_count }) => {
        const ref = String(chat.id);
        return (
          <li key={ref}>
            <button
              type="button"
              aria-current={open === ref ? 'true' : undefined}
              onClick={() => onOpen(ref, chatTitle(chat), chat.username, chat.is_forum)}
            >
              <Avatar user={chat.type === 'private' ? chat.id : undefined} name={chatTitle(chat)} />
              <span class="chat-title">
                {chatTitle(chat)}
                {chat.username && chat.type === 'private' ? <small> @{chat.username}</small> : null}
              </span>
              {last_message && (
                <time class="chat-time" dateTime={new Date(last_message.date * 1000).toISOString()}>
                  {when(last_message.date)}
                </time>
              )}
              <span class="chat-preview">{preview(last_message)}</span>
              {unread_count > 0 && (
                <span class="unread" aria-label={`${unread_count} unread`}>
                  {unread_count}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
