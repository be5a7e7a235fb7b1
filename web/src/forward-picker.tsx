/**
 * Forward (a message's Actions, ADR 0103): a dialog of the person's chats, searchable by name;
 * picking one forwards the message there as the platform forwards (the bots of that chat get it
 * with its forward_origin). The service chat is not offered: nobody writes in it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type ChatEntry, type Message } from './api.js';
import { chatTitle } from './chat-title.js';
import { Avatar } from './avatar.js';

export function ForwardPicker({
  fromChat,
  message,
  onDone,
  onClose,
}: {
  /** The chat the message is in, as the page names it. */
  fromChat: string;
  message: Message;
  /** Forwarded: the chat it went to, with its title. */
  onDone: (ref: string, title: string) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [chats, setChats] = useState<ChatEntry[] | null>(null);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    api.chats().then(
      (answer) => setChats(answer.filter((entry) => !entry.is_service)),
      (e: Error) => setError(e.message),
    );
  }, []);

  const forward = async (entry: ChatEntry) => {
    setBusy(true);
    setError(null);
    try {
      await api.forward(fromChat, message.message_id, String(entry.chat.id));
      onDone(String(entry.chat.id), chatTitle(entry.chat));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  const wanted = query.trim().toLowerCase();
  const shown = (chats ?? []).filter(
    (entry) =>
      wanted === '' ||
      chatTitle(entry.chat).toLowerCase().includes(wanted) ||
      (entry.chat.username ?? '').toLowerCase().includes(wanted.replace(/^@/, '')),
  );
  return (
    <dialog
      ref={dialog}
      class="forward-picker"
      aria-label="Forward message"
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2>Forward to…</h2>
      <input
        type="search"
        aria-label="Search chats"
        placeholder="Search chats"
        value={query}
        onInput={(event) => setQuery(event.currentTarget.value)}
      />
      <ul aria-label="Chats to forward to">
        {shown.map((entry) => (
          <li key={entry.chat.id}>
            <button type="button" disabled={busy} onClick={() => void forward(entry)}>
              <Avatar
                user={entry.chat.type === 'private' ? entry.chat.id : undefined}
                name={chatTitle(entry.chat)}
              />
              <span>{chatTitle(entry.chat)}</span>
            </button>
          </li>
        ))}
        {chats && shown.length === 0 && <li class="quiet">No chat by that name</li>}
      </ul>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="form-buttons">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

/** "Forwarded from ...": the name of where a forwarded message first came from (its forward_origin). */
export function forwardedFrom(message: Message): string | undefined {
  const origin = message.forward_origin as
    | {
        type: string;
        sender_user?: { first_name: string; last_name?: string };
        sender_user_name?: string;
        sender_chat?: { title?: string };
        chat?: { title?: string };
      }
    | undefined;
  if (!origin) return undefined;
  switch (origin.type) {
    case 'user':
      return [origin.sender_user?.first_name, origin.sender_user?.last_name].filter(Boolean).join(' ');
    case 'hidden_user':
      return origin.sender_user_name;
    case 'chat':
      return origin.sender_chat?.title;
    case 'channel':
      return origin.chat?.title;
    default:
      return undefined;
  }
}
