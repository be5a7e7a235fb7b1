/**
 * One chat: its header (Back on a phone, ADR 0098), its messages (live, by day, opened at the
 * newest), inline keyboards to press, and the composer (none in the service chat).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api, type Message, type ReplyMarkup } from './api.js';
import { richPreview } from './rich-message.js';
import { Drafts } from './drafts.js';
import { Composer } from './composer.js';
import { TopicBar, inTopic, type Topic } from './topics.js';
import { ChatHeaderActions } from './group-panel.js';
import { openWebApp } from './web-app.js';
import { MessageItem } from './message-item.js';
import { Avatar } from './avatar.js';
import { BackIcon, PinIcon } from './icons.js';
import { ForwardPicker } from './forward-picker.js';
import { InChatSearch, useHighlight, type Highlight } from './message-search.js';

export interface Notice {
  text: string;
  alert: boolean;
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
  onBack,
  group = false,
  service = false,
  highlight,
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
  /** Back to the chat list (shown where one pane shows at a time). */
  onBack: () => void;
  /** A group, supergroup or channel: others' messages show their sender's avatar. */
  group?: boolean | undefined;
  /** The service chat: codes arrive in it, nobody writes (no composer). */
  service?: boolean | undefined;
  /** A message picked from search results: the history scrolls to it and highlights it. */
  highlight?: Highlight | undefined;
}) {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [hiddenKeyboard, setHiddenKeyboard] = useState<number | null>(null);
  const [pinned, setPinned] = useState<Message[]>([]);
  const [topic, setTopic] = useState<Topic | null>(null);
  const [forwarding, setForwarding] = useState<Message | null>(null);
  /** The message whose surroundings are shown instead of the newest (a search result older than them). */
  const [around, setAround] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  /** The history follows its newest message unless the person scrolled up to read. */
  const atEnd = useRef(true);
  /**
   * Where the history last scrolled itself to its end: the scroll event of that move is not the
   * person's, and is not read (it can arrive after an image grew the history, which would look like
   * the person had scrolled up, and the history would stop following).
   */
  const followedTo = useRef(-1);

  useEffect(() => {
    let current = true;
    // Around an old message the chat is read only up to it (the server's rule), so it is not
    // counted as read here.
    (around === null ? api.messages(chatRef) : api.messagesAround(chatRef, around)).then(
      (answer) => {
        if (!current) return;
        setMessages(answer);
        if (around === null) onRead();
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
  }, [chatRef, version, reloads, around]);

  // The chat opens at its newest message and stays there as messages come and as their images
  // load (a load grows the history after it was scrolled), unless the person scrolled up.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const follow = () => {
      if (!atEnd.current) return;
      element.scrollTop = element.scrollHeight;
      followedTo.current = element.scrollTop;
    };
    follow();
    element.addEventListener('load', follow, true);
    const resized = new ResizeObserver(follow);
    resized.observe(element);
    return () => {
      element.removeEventListener('load', follow, true);
      resized.disconnect();
    };
  }, [messages]);

  // A picked message that the history does not hold is shown among the messages around it, once.
  const pick = useHighlight(list, messages, atEnd, highlight, (key) => {
    const id = /^\d+$/.test(key) ? Number(key) : undefined;
    if (id !== undefined && around !== id) {
      atEnd.current = false;
      setAround(id);
      return true;
    }
    notify({ text: 'That message is not among the messages this chat shows.', alert: false });
    return false;
  });

  /** Back from an old message's surroundings to the newest messages, followed again. */
  const toNewest = () => {
    atEnd.current = true;
    setAround(null);
  };

  const sent = (message: Message) => {
    setError(null);
    setReplyTo(null);
    atEnd.current = true;
    setAround(null);
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

  const actions = {
    onPress: press,
    onVote: vote,
    onReply: setReplyTo,
    onReact: (m: Message, emoji: string | undefined) => void react(m, emoji),
    onPin: (m: Message) => void pin(m, true),
    onForward: setForwarding,
  };

  // A one-time keyboard hides once used, until the bot shows one again.
  const shown = messages ? currentKeyboard(messages, me) : null;
  const keyboard = shown && hiddenKeyboard !== shown.from ? shown.markup : null;

  return (
    <section class="chat" aria-label={title}>
      <header>
        <button type="button" class="back" aria-label="Back to chats" onClick={onBack}>
          <BackIcon />
        </button>
        <Avatar user={group || chatRef.startsWith('@') ? undefined : Number(chatRef)} name={title} />
        <h2>{title}</h2>
        <InChatSearch chatRef={chatRef} onPick={pick} />
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
            <PinIcon />{' '}
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
      <ol
        class="messages"
        ref={list}
        aria-label="Chat history"
        onScroll={(event) => {
          const element = event.currentTarget;
          const own = element.scrollTop === followedTo.current;
          followedTo.current = -1;
          if (own) return;
          atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
          // The end of an old message's surroundings leads on to the newest messages.
          if (atEnd.current && around !== null) toNewest();
        }}
      >
        {(messages ?? [])
          .filter((message) => !isForum || inTopic(message, topic))
          .flatMap((message, index, shown) => [
            ...(index === 0 || day(shown[index - 1]!.date) !== day(message.date)
              ? [<DaySeparator key={`day-${day(message.date)}`} date={message.date} />]
              : []),
            <MessageItem
              key={
                message.ephemeral_message_id === undefined
                  ? message.message_id
                  : `e${message.ephemeral_message_id}`
              }
              chat={chatRef}
              message={message}
              mine={message.from?.id === me}
              group={group}
              actions={actions}
            />,
          ])}
        {botUsername !== undefined && <Drafts chatRef={chatRef} version={version} />}
      </ol>
      {around !== null && (
        <button type="button" class="to-newest" onClick={toNewest}>
          Newest messages
        </button>
      )}
      {messages && messages.length === 0 && chatRef.startsWith('@') && (
        <button type="button" class="start" onClick={() => void start()}>
          Start
        </button>
      )}
      {forwarding && (
        <ForwardPicker
          fromChat={chatRef}
          message={forwarding}
          onClose={() => setForwarding(null)}
          onDone={(_ref, to) => {
            setForwarding(null);
            notify({ text: `Forwarded to ${to}`, alert: false });
          }}
        />
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {service ? (
        <p class="service-note">Service notifications: nobody can write in this chat.</p>
      ) : (
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
      )}
    </section>
  );
}

/** The local calendar day of a Unix time, as a key. */
function day(date: number): string {
  return new Date(date * 1000).toDateString();
}

/** The line above a day's first message: its date. */
function DaySeparator({ date }: { date: number }) {
  const when = new Date(date * 1000);
  return (
    <li class="day-separator" role="separator" aria-label={when.toDateString()}>
      <span>{when.toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' })}</span>
    </li>
  );
}
