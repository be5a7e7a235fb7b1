/**
 * Search (issue 29, ADR 0101): the box above the chat list, which filters the chats by name as the
 * person types and shows below them the messages of every chat that hold the words; and a chat's own
 * search control, which finds messages in that chat. Picking a message opens its chat scrolled to it
 * and highlighted (`useHighlight`). The server finds the words (`GET /web/api/messages/search`).
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { call, type Chat, type ChatEntry, type Message } from './api.js';
import { chatTitle } from './chat-title.js';
import { Avatar } from './avatar.js';
import { CloseIcon, SearchIcon } from './icons.js';
import './search.css';

interface SearchPage {
  messages: Message[];
  next_cursor?: string;
}

/** A message to show: its key among the chat's messages, and when it was picked (picking again scrolls again). */
export interface Highlight {
  key: string;
  at: number;
}

/** The key of a message among its chat's (its id; an ephemeral message's own id, prefixed). */
export function messageKey(message: Message): string {
  return message.ephemeral_message_id === undefined
    ? String(message.message_id)
    : `e${message.ephemeral_message_id}`;
}

function searchMessages(q: string, chat?: string): Promise<SearchPage> {
  return call<SearchPage>('GET', '/messages/search', { q, chat, limit: 30 });
}

/** The messages holding `query`, read again as it changes (after a pause in typing). */
function useFound(query: string, chat?: string): { found: Message[] | null; error: string | null } {
  const [found, setFound] = useState<Message[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const words = query.trim();
    setError(null);
    if (words === '') return setFound(null);
    let current = true;
    const timer = setTimeout(() => {
      searchMessages(words, chat).then(
        (page) => current && setFound(page.messages),
        (e: Error) => current && setError(e.message),
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, chat]);
  return { found, error };
}

function when(date: number): string {
  return new Date(date * 1000).toLocaleString([], {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

function snippet(message: Message): string {
  return message.text ?? message.caption ?? '';
}

/** Found messages, newest first: each a button that picks it. */
function FoundMessages({
  found,
  showChat,
  onPick,
}: {
  found: Message[];
  showChat: boolean;
  onPick: (message: Message) => void;
}) {
  if (found.length === 0) return <p class="search-none">No messages found.</p>;
  return (
    <ul class="search-results" aria-label="Search results">
      {found.map((message) => (
        <li key={`${message.chat.id}/${messageKey(message)}`}>
          <button type="button" onClick={() => onPick(message)}>
            <span class="search-where">
              {showChat ? chatTitle(message.chat) : (message.from?.first_name ?? '')}
            </span>
            <time dateTime={new Date(message.date * 1000).toISOString()}>{when(message.date)}</time>
            <span class="search-snippet">
              {showChat && message.from && message.chat.type !== 'private'
                ? `${message.from.first_name}: `
                : ''}
              {snippet(message)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The search box above the chat list. While it is empty the list shows (`children`); with words in
 * it, the chats whose name holds them and, below, the messages of every chat that hold them.
 */
export function ChatSearch({
  chats,
  onOpen,
  onPick,
  children,
}: {
  chats: ChatEntry[];
  onOpen: (ref: string, title: string, username?: string, isForum?: boolean) => void;
  onPick: (message: Message) => void;
  children: ComponentChildren;
}) {
  const [query, setQuery] = useState('');
  const { found, error } = useFound(query);
  const words = query.trim().toLowerCase();
  const named = (chat: Chat) => `${chatTitle(chat)} ${chat.username ?? ''}`.toLowerCase().includes(words);
  const matching = words === '' ? [] : chats.filter((entry) => named(entry.chat));
  return (
    <>
      <form class="search-box" role="search" onSubmit={(event) => event.preventDefault()}>
        <SearchIcon />
        <input
          type="search"
          aria-label="Search all chats"
          placeholder="Search"
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
      </form>
      {words === '' ? (
        children
      ) : (
        <div class="search-found">
          <section aria-labelledby="found-chats-heading">
            <h2 id="found-chats-heading">Chats</h2>
            {matching.length === 0 ? (
              <p class="search-none">No chats found.</p>
            ) : (
              <ul class="search-chats" aria-label="Matching chats">
                {matching.map(({ chat }) => (
                  <li key={chat.id}>
                    <button
                      type="button"
                      onClick={() => onOpen(String(chat.id), chatTitle(chat), chat.username, chat.is_forum)}
                    >
                      <Avatar user={chat.type === 'private' ? chat.id : undefined} name={chatTitle(chat)} />
                      <span class="chat-title">{chatTitle(chat)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="found-messages-heading">
            <h2 id="found-messages-heading">Messages</h2>
            {error ? (
              <p role="alert" class="error">
                {error}
              </p>
            ) : found === null ? (
              <p class="search-none">Searching…</p>
            ) : (
              <FoundMessages found={found} showChat onPick={onPick} />
            )}
          </section>
        </div>
      )}
    </>
  );
}

/** A chat's search control (in its header): finds the chat's messages that hold the words. */
export function InChatSearch({ chatRef, onPick }: { chatRef: string; onPick: (message: Message) => void }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const { found, error } = useFound(open ? query : '', chatRef);
  if (!open)
    return (
      <button type="button" class="icon-button" aria-label="Search this chat" onClick={() => setOpen(true)}>
        <SearchIcon />
      </button>
    );
  return (
    <div class="in-chat-search">
      <form role="search" class="search-box" onSubmit={(event) => event.preventDefault()}>
        <SearchIcon />
        <input
          type="search"
          aria-label="Search this chat"
          placeholder="Search this chat"
          value={query}
          autoFocus
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <button
          type="button"
          class="icon-button"
          aria-label="Close search"
          onClick={() => {
            setOpen(false);
            setQuery('');
          }}
        >
          <CloseIcon />
        </button>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {found && <FoundMessages found={found} showChat={false} onPick={onPick} />}
    </div>
  );
}

/**
 * Scrolls the chat's history to the picked message once it is shown and highlights it (until another
 * is picked); `atEnd` is the history's "follow the newest" flag, which a picked message turns off.
 * `notFound` is told of a picked message the history does not hold; when it answers true (it loads
 * the messages around it: ADR 0101 addendum), the next messages shown are searched again.
 * Answers the function that picks one in this chat (its own search control).
 */
export function useHighlight(
  list: { readonly current: HTMLOListElement | null },
  messages: Message[] | null,
  atEnd: { current: boolean },
  given: Highlight | undefined,
  notFound: (key: string) => boolean,
): (message: Message) => void {
  const [target, setTarget] = useState<Highlight | undefined>(given);
  const shown = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (given) setTarget(given);
  }, [given?.at]);
  useLayoutEffect(() => {
    const element = list.current;
    if (!target || !messages || !element || shown.current === target.at) return;
    shown.current = target.at;
    const selector = target.key.startsWith('e')
      ? `[data-ephemeral-message-id="${target.key.slice(1)}"]`
      : `[data-message-id="${target.key}"]`;
    const item = element.querySelector<HTMLElement>(`:scope > ${selector}`);
    for (const old of element.querySelectorAll('.highlighted')) old.classList.remove('highlighted');
    if (!item) {
      if (notFound(target.key)) shown.current = undefined;
      return;
    }
    atEnd.current = false;
    item.classList.add('highlighted');
    item.scrollIntoView({ block: 'center' });
  }, [messages, target]);
  return (message: Message) => setTarget({ key: messageKey(message), at: Date.now() });
}
