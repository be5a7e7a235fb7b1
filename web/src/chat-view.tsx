/** One chat: its messages (live), inline keyboards to press, and the composer. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Message, type ReplyMarkup } from './api.js';
import { MessageText } from './message-text.js';
import { RichMessage, richPreview } from './rich-message.js';
import { Drafts } from './drafts.js';
import { Media } from './media.js';
import { Composer } from './composer.js';
import { Reactions } from './reactions.js';
import { TopicBar, inTopic, type Topic } from './topics.js';
import { ChatHeaderActions } from './group-panel.js';
import { ServiceLine, serviceText } from './service-message.js';
import { openWebApp } from './web-app.js';

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

function MessageItem({
  chat,
  message,
  mine,
  onPress,
  onVote,
  onReply,
  onReact,
  onPin,
}: {
  chat: string;
  message: Message;
  mine: boolean;
  onPress: (message: Message, button: string) => void;
  onVote: (message: Message, option: number) => void;
  onReply: (message: Message) => void;
  onReact: (message: Message, emoji: string | undefined) => void;
  onPin: (message: Message) => void;
}) {
  const service = serviceText(message);
  if (service !== null) return <ServiceLine message={message} text={service} />;
  const keyboard = message.reply_markup?.inline_keyboard;
  // An ephemeral message (ADR 0080) is this person's alone; it can't be replied to, pinned or reacted to.
  const ephemeral = message.ephemeral_message_id !== undefined;
  const classes = ['message', mine ? 'mine' : '', ephemeral ? 'ephemeral' : ''].filter(Boolean).join(' ');
  return (
    <li
      class={classes}
      data-message-id={message.message_id}
      data-ephemeral-message-id={message.ephemeral_message_id}
    >
      <article>
        {!mine && <div class="sender">{senderName(message)}</div>}
        {ephemeral && <div class="only-you">only you can see this</div>}
        {message.reply_to_message && (
          <blockquote class="reply-to">
            {message.reply_to_message.text ??
              message.reply_to_message.caption ??
              richPreview(message.reply_to_message.rich_message) ??
              ''}
          </blockquote>
        )}
        <Media chat={chat} message={message} onVote={(option) => onVote(message, option)} />
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
        {message.rich_message && (
          <RichMessage
            rich={message.rich_message}
            id={`${message.chat.id}-${message.message_id || `e${message.ephemeral_message_id ?? 0}`}`}
          />
        )}
        <div class="meta">
          {!ephemeral && (
            <button type="button" class="reply" onClick={() => onReply(message)}>
              Reply
            </button>
          )}
          {!ephemeral && (
            <button type="button" class="reply" onClick={() => onPin(message)}>
              Pin
            </button>
          )}
          {message.edit_date ? <span class="edited">edited </span> : null}
          <time dateTime={new Date(message.date * 1000).toISOString()}>{time(message.date)}</time>
        </div>
        {!ephemeral && <Reactions message={message} onReact={(emoji) => onReact(message, emoji)} />}
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

/** The reply keyboard the newest message of the other side shows, unless a newer one removed it. */
function currentKeyboard(messages: Message[], me: number): { markup: ReplyMarkup; from: number } | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const markup = messages[i]!.reply_markup;
    if (messages[i]!.from?.id === me || !markup) continue;
    if (markup.remove_keyboard) return null;
    if (markup.keyboard) return { markup, from: messages[i]!.message_id };
  }
  return null;
}

export function ChatView({
  chatRef,
  title,
  botUsername,
  isForum,
  me,
  version,
  action,
  onSent,
  onRead,
  notify,
}: {
  chatRef: string;
  title: string;
  /** In a private chat with a bot: its @username (commands menu). */
  botUsername?: string | undefined;
  /** A supergroup with topics: messages are shown and written per topic. */
  isForum?: boolean | undefined;
  me: number;
  /** Grows when the event stream says this chat changed. */
  version: number;
  /** What the other side shows now ("typing", ...), from sendChatAction. */
  action?: string | undefined;
  onSent: (ref: string) => void;
  /** The chat was read (its messages fetched): its unread count is 0 now. */
  onRead: () => void;
  notify: (notice: Notice) => void;
}) {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [hiddenKeyboard, setHiddenKeyboard] = useState<number | null>(null);
  const [pinned, setPinned] = useState<Message[]>([]);
  const [topic, setTopic] = useState<Topic | null>(null);
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
    // Not every chat has pins to show (a chat opened by @username does not exist yet).
    api.pins(chatRef).then(
      (answer) => current && setPinned(answer),
      () => current && setPinned([]),
    );
    return () => {
      current = false;
    };
  }, [chatRef, version, reloads]);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages?.length]);

  const sent = (message: Message) => {
    setError(null);
    setReplyTo(null);
    // A chat opened by @username has the other party's id from now on.
    onSent(String(message.chat.id));
    setMessages((old) =>
      old ? [...old.filter((m) => m.message_id !== message.message_id), message] : [message],
    );
  };

  const start = async () => {
    try {
      sent(await api.send(chatRef, '/start'));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const press = async (message: Message, button: string) => {
    // A web_app button opens the bot's Mini App rather than sending a callback query.
    const pressed = message.reply_markup?.inline_keyboard?.flat().find((b) => b.text === button);
    if (pressed?.web_app && message.from) {
      await openWebApp(String(message.from.id), message.message_id, button).catch((e: Error) =>
        notify({ text: e.message, alert: true }),
      );
      return;
    }
    try {
      const answer = await api.press(chatRef, message.message_id, button);
      if (answer.url) window.open(answer.url, '_blank', 'noopener');
      if (answer.text) notify({ text: answer.text, alert: Boolean(answer.show_alert) });
    } catch (e) {
      notify({ text: e instanceof Error ? e.message : String(e), alert: true });
    }
  };

  const react = async (message: Message, emoji: string | undefined) => {
    try {
      await api.react(chatRef, message.message_id, emoji);
      setReloads((n) => n + 1);
    } catch (e) {
      notify({ text: e instanceof Error ? e.message : String(e), alert: true });
    }
  };

  const pin = async (message: Message, on: boolean) => {
    try {
      if (on) await api.pin(chatRef, message.message_id);
      else await api.unpin(chatRef, message.message_id);
      setReloads((n) => n + 1);
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

  // A one-time keyboard hides once used, until the bot shows one again.
  const shown = messages ? currentKeyboard(messages, me) : null;
  const keyboard = shown && hiddenKeyboard !== shown.from ? shown.markup : null;

  return (
    <section class="chat" aria-label={title}>
      <header>
        <h2>{title}</h2>
        <ChatHeaderActions chatRef={chatRef} version={version} />
        {action && (
          <p class="action" aria-live="polite">
            {action === 'typing' ? 'typing…' : `${action.replace(/_/g, ' ')}…`}
          </p>
        )}
      </header>
      {pinned[0] && (
        <div class="pinned" role="note" aria-label="Pinned">
          <span>
            📌{' '}
            {pinned[0].text ??
              pinned[0].caption ??
              richPreview(pinned[0].rich_message) ??
              `#${pinned[0].message_id}`}
          </span>
          <button type="button" onClick={() => void pin(pinned[0]!, false)}>
            Unpin
          </button>
        </div>
      )}
      {isForum && (
        <TopicBar chatRef={chatRef} version={version} chosen={topic} onChoose={setTopic} onError={setError} />
      )}
      <ol class="messages" ref={list} aria-label="Chat history">
        {(messages ?? [])
          .filter((message) => !isForum || inTopic(message, topic))
          .map((message) => (
            <MessageItem
              key={
                message.ephemeral_message_id === undefined
                  ? message.message_id
                  : `e${message.ephemeral_message_id}`
              }
              chat={chatRef}
              message={message}
              mine={message.from?.id === me}
              onPress={press}
              onVote={vote}
              onReply={setReplyTo}
              onReact={(m, emoji) => void react(m, emoji)}
              onPin={(m) => void pin(m, true)}
            />
          ))}
        {botUsername !== undefined && <Drafts chatRef={chatRef} version={version} />}
      </ol>
      {messages && messages.length === 0 && chatRef.startsWith('@') && (
        <button type="button" class="start" onClick={() => void start()}>
          Start
        </button>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <Composer
        chatRef={chatRef}
        botUsername={botUsername}
        replyTo={replyTo}
        threadId={isForum && topic && !topic.is_general ? topic.message_thread_id : undefined}
        onCancelReply={() => setReplyTo(null)}
        keyboard={keyboard}
        onKeyboardUsed={() => setHiddenKeyboard(shown?.from ?? null)}
        onSent={sent}
        onError={setError}
      />
    </section>
  );
}
