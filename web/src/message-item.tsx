/**
 * One message of the chat history: its bubble (sender, reply, media, text, inline keyboard), the
 * sender's avatar in a group, its time with sent/read on the person's own, its reactions, and its
 * actions (Reply, Pin, Forward, Copy, a reaction) behind the Actions button or a right click (ADR
 * 0098, 0103); a forward says where it came from.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Message } from './api.js';
import { MessageText } from './message-text.js';
import { RichMessage, richPreview } from './rich-message.js';
import { Media } from './media.js';
import { PALETTE, Reactions } from './reactions.js';
import { ServiceLine, serviceText } from './service-message.js';
import { Avatar } from './avatar.js';
import { MoreIcon, SentIcon } from './icons.js';
import { forwardedFrom } from './forward-picker.js';

function time(date: number): string {
  return new Date(date * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function senderName(message: Message): string {
  if (message.sender_chat && !message.from) return message.sender_chat.title ?? '';
  return message.from ? [message.from.first_name, message.from.last_name].filter(Boolean).join(' ') : '';
}

export interface MessageActions {
  onPress: (message: Message, button: string) => void;
  onVote: (message: Message, option: number) => void;
  onReply: (message: Message) => void;
  onReact: (message: Message, emoji: string | undefined) => void;
  onPin: (message: Message) => void;
  onForward: (message: Message) => void;
}

/** The message's text as one would paste it. */
function plainText(message: Message): string {
  return message.text ?? message.caption ?? richPreview(message.rich_message) ?? '';
}

/** Reply, Pin, Forward, Copy and the reaction palette, for the message `open` names. */
function ActionMenu({
  message,
  actions,
  onClose,
}: {
  message: Message;
  actions: MessageActions;
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  // Near the bottom of the history the menu opens upwards, where there is room for it.
  useLayoutEffect(() => {
    const element = menu.current;
    const history = element?.closest('.messages');
    if (!element || !history) return;
    const below =
      history.getBoundingClientRect().bottom - element.parentElement!.getBoundingClientRect().bottom;
    if (below < element.offsetHeight + 8) element.classList.add('up');
  }, []);
  useEffect(() => {
    menu.current?.querySelector('button')?.focus();
    const away = (event: Event) => {
      if (!menu.current?.parentElement?.contains(event.target as Node)) onClose();
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, []);
  const mine = (message.reaction_summary as { chosen?: { emoji?: string }[] } | undefined)?.chosen?.[0]
    ?.emoji;
  const run = (action: () => void) => () => {
    onClose();
    action();
  };
  const text = plainText(message);
  return (
    <div class="message-menu" role="group" aria-label="Message actions" ref={menu}>
      <span class="palette" role="group" aria-label="Reactions">
        {PALETTE.map((emoji) => (
          <button
            type="button"
            key={emoji}
            aria-pressed={emoji === mine}
            onClick={run(() => actions.onReact(message, emoji === mine ? undefined : emoji))}
          >
            {emoji}
          </button>
        ))}
      </span>
      <button type="button" onClick={run(() => actions.onReply(message))}>
        Reply
      </button>
      <button type="button" onClick={run(() => actions.onPin(message))}>
        Pin
      </button>
      <button type="button" onClick={run(() => actions.onForward(message))}>
        Forward
      </button>
      {text && (
        <button
          type="button"
          onClick={run(() => void navigator.clipboard?.writeText(text).catch(() => undefined))}
        >
          Copy text
        </button>
      )}
    </div>
  );
}

export function MessageItem({
  chat,
  message,
  mine,
  group,
  actions,
}: {
  chat: string;
  message: Message;
  mine: boolean;
  /** A group or channel: others' messages show their sender's avatar. */
  group: boolean;
  actions: MessageActions;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const service = serviceText(message);
  if (service !== null) return <ServiceLine message={message} text={service} />;
  const keyboard = message.reply_markup?.inline_keyboard;
  // An ephemeral message (ADR 0080) is this person's alone; it can't be replied to, pinned or reacted to.
  const ephemeral = message.ephemeral_message_id !== undefined;
  const classes = ['message', mine ? 'mine' : '', ephemeral ? 'ephemeral' : ''].filter(Boolean).join(' ');
  const name = senderName(message);
  const forwarded = forwardedFrom(message);
  return (
    <li
      class={classes}
      data-message-id={message.message_id}
      data-ephemeral-message-id={message.ephemeral_message_id}
    >
      {group && !mine && (
        <Avatar user={message.from?.id ?? message.sender_chat?.id} name={name} size="small" />
      )}
      <article
        onContextMenu={(event) => {
          if (ephemeral) return;
          event.preventDefault();
          setMenuOpen(true);
        }}
      >
        {!mine && <div class="sender">{name}</div>}
        {ephemeral && <div class="only-you">only you can see this</div>}
        {forwarded !== undefined && <div class="forwarded">Forwarded from {forwarded}</div>}
        {message.reply_to_message && (
          <blockquote class="reply-to">
            {message.reply_to_message.text ??
              message.reply_to_message.caption ??
              richPreview(message.reply_to_message.rich_message) ??
              ''}
          </blockquote>
        )}
        <Media chat={chat} message={message} onVote={(option) => actions.onVote(message, option)} />
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
          {message.edit_date ? <span class="edited">edited </span> : null}
          <time dateTime={new Date(message.date * 1000).toISOString()}>{time(message.date)}</time>
          {mine && !ephemeral && (
            <span class={message.read ? 'state read' : 'state'} title={message.read ? 'Read' : 'Sent'}>
              <SentIcon read={Boolean(message.read)} />
              <span class="visually-hidden">{message.read ? 'Read' : 'Sent'}</span>
            </span>
          )}
        </div>
        {!ephemeral && <Reactions message={message} onReact={(emoji) => actions.onReact(message, emoji)} />}
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
                    <button
                      type="button"
                      key={button.text}
                      onClick={() => actions.onPress(message, button.text)}
                    >
                      {button.text}
                    </button>
                  ),
                )}
              </div>
            ))}
          </div>
        )}
        {!ephemeral && (
          <button
            type="button"
            class="actions-button"
            aria-label="Actions"
            aria-haspopup="true"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <MoreIcon />
          </button>
        )}
        {menuOpen && <ActionMenu message={message} actions={actions} onClose={() => setMenuOpen(false)} />}
      </article>
    </li>
  );
}
