/** One chat: its messages (live), inline keyboards to press, and the composer. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Message } from './api.js';
import { MessageText } from './message-text.js';

export interface Notice {
  text: string;
  alert: boolean;
}

function time(date: number): string {
  return new Date(date * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function senderName(message: Message): string {
  if (message.sender_chat && !message.from) return message.sender_chat.title ?? '';
  return message.from ? [message.from.first_name, message.from.last_name].filter(Boolean).join(' ') : '';
}

interface PollView {
  question: string;
  options: { text: string; voter_count: number }[];
  total_voter_count: number;
  is_closed: boolean;
  allows_multiple_answers?: boolean;
}

/** A poll: its options are buttons until it closes; a vote shows the counts. */
function PollCard({ poll, onVote }: { poll: PollView; onVote: (option: number) => void }) {
  return (
    <fieldset class="media media-poll">
      <legend>{poll.question}</legend>
      <ul>
        {poll.options.map((option, index) => (
          <li key={option.text}>
            {poll.is_closed ? (
              <span>{option.text}</span>
            ) : (
              <button type="button" onClick={() => onVote(index)}>
                {option.text}
              </button>
            )}
            <span class="votes"> {option.voter_count}</span>
          </li>
        ))}
      </ul>
      <small>
        {poll.total_voter_count} {poll.total_voter_count === 1 ? 'vote' : 'votes'}
        {poll.is_closed ? ' · closed' : ''}
      </small>
    </fieldset>
  );
}

function Media({ message, onVote }: { message: Message; onVote: (option: number) => void }) {
  for (const kind of ['photo', 'document', 'sticker', 'video', 'audio', 'voice', 'animation']) {
    if (kind in message) {
      const document = message.document as { file_name?: string } | undefined;
      const sticker = message.sticker as { emoji?: string } | undefined;
      const label =
        kind === 'document' && document?.file_name
          ? document.file_name
          : kind === 'sticker'
            ? (sticker?.emoji ?? 'sticker')
            : kind;
      return <div class={`media media-${kind}`}>[{label}]</div>;
    }
  }
  const location = message.location as { latitude: number; longitude: number } | undefined;
  if (message.venue) {
    const venue = message.venue as { title: string; address: string };
    return (
      <div class="media media-venue">
        📍 {venue.title}, {venue.address}
      </div>
    );
  }
  if (location) {
    return (
      <div class="media media-location">
        📍 {location.latitude.toFixed(5)}, {location.longitude.toFixed(5)}
      </div>
    );
  }
  if (message.contact) {
    const contact = message.contact as { first_name: string; phone_number: string };
    return (
      <div class="media media-contact">
        👤 {contact.first_name} {contact.phone_number}
      </div>
    );
  }
  if (message.dice) {
    const dice = message.dice as { emoji: string; value: number };
    return (
      <div class="media media-dice">
        {dice.emoji} {dice.value}
      </div>
    );
  }
  if (message.poll) return <PollCard poll={message.poll as PollView} onVote={onVote} />;
  return null;
}

function MessageItem({
  message,
  mine,
  onPress,
  onVote,
}: {
  message: Message;
  mine: boolean;
  onPress: (message: Message, button: string) => void;
  onVote: (message: Message, option: number) => void;
}) {
  const keyboard = message.reply_markup?.inline_keyboard;
  return (
    <li class={mine ? 'message mine' : 'message'} data-message-id={message.message_id}>
      <article>
        {!mine && <div class="sender">{senderName(message)}</div>}
        {message.reply_to_message && (
          <blockquote class="reply-to">
            {message.reply_to_message.text ?? message.reply_to_message.caption ?? ''}
          </blockquote>
        )}
        <Media message={message} onVote={(option) => onVote(message, option)} />
        {message.text !== undefined && (
          <div class="text">
            <MessageText text={message.text} entities={message.entities} />
          </div>
        )}
        {message.caption !== undefined && (
          <div class="text">
            <MessageText text={message.caption} entities={message.caption_entities} />
          </div>
        )}
        <div class="meta">
          {message.edit_date ? <span class="edited">edited </span> : null}
          <time dateTime={new Date(message.date * 1000).toISOString()}>{time(message.date)}</time>
        </div>
        {keyboard && (
          <div class="inline-keyboard">
            {keyboard.map((row, r) => (
              <div class="keyboard-row" key={r}>
                {row.map((button) =>
                  button.url ? (
                    <a
                      class="button"
                      key={button.text}
                      href={button.url}
                      target="_blank"
                      rel="noreferrer noopener"
                    >
                      {button.text}
                    </a>
                  ) : (
                    <button type="button" key={button.text} onClick={() => onPress(message, button.text)}>
                      {button.text}
                    </button>
                  ),
                )}
              </div>
            ))}
          </div>
        )}
      </article>
    </li>
  );
}

export function ChatView({
  chatRef,
  title,
  me,
  version,
  onSent,
  onRead,
  notify,
}: {
  chatRef: string;
  title: string;
  me: number;
  /** Grows when the event stream says this chat changed. */
  version: number;
  onSent: (ref: string) => void;
  /** The chat was read (its messages fetched): its unread count is 0 now. */
  onRead: () => void;
  notify: (notice: Notice) => void;
}) {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let current = true;
    api.messages(chatRef).then(
      (answer) => {
        if (!current) return;
        setMessages(answer);
        onRead();
      },
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [chatRef, version, reloads]);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages?.length]);

  const send = async (text: string) => {
    if (text.trim() === '') return;
    setError(null);
    try {
      const sent = await api.send(chatRef, text);
      setDraft('');
      // A chat opened by @username has the other party's id from now on.
      onSent(String(sent.chat.id));
      setMessages((old) => (old ? [...old.filter((m) => m.message_id !== sent.message_id), sent] : [sent]));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const press = async (message: Message, button: string) => {
    try {
      const answer = await api.press(chatRef, message.message_id, button);
      if (answer.url) window.open(answer.url, '_blank', 'noopener');
      if (answer.text) notify({ text: answer.text, alert: Boolean(answer.show_alert) });
    } catch (e) {
      notify({ text: e instanceof Error ? e.message : String(e), alert: true });
    }
  };

  const vote = async (message: Message, option: number) => {
    try {
      await api.vote(chatRef, message.message_id, [option]);
      setReloads((n) => n + 1);
    } catch (e) {
      notify({ text: e instanceof Error ? e.message : String(e), alert: true });
    }
  };

  return (
    <section class="chat" aria-label={title}>
      <header>
        <h2>{title}</h2>
      </header>
      <ol class="messages" ref={list} aria-label="Chat history">
        {(messages ?? []).map((message) => (
          <MessageItem
            key={message.message_id}
            message={message}
            mine={message.from?.id === me}
            onPress={press}
            onVote={vote}
          />
        ))}
      </ol>
      {messages && messages.length === 0 && chatRef.startsWith('@') && (
        <button type="button" class="start" onClick={() => void send('/start')}>
          Start
        </button>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <form
        class="composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send(draft);
        }}
      >
        <label class="visually-hidden" for="composer">
          Message
        </label>
        <textarea
          id="composer"
          rows={1}
          placeholder="Message"
          value={draft}
          onInput={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send(draft);
            }
          }}
        />
        <button type="submit">Send</button>
      </form>
    </section>
  );
}
