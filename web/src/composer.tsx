/**
 * The composer of a chat: a text box labelled "Message" (Enter sends, Shift+Enter a new line) with
 * its formatting toolbar (markers, markers.ts), a file picker (photos and documents), the message
 * being replied to, the sticker picker (sticker-picker.tsx), inline mode (`@bot query` shows the bot's results; choosing one sends it), the
 * bot's reply keyboard and its menu button: its commands, or its Mini App.
 */
import { AttachIcon, SendIcon } from './icons.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  api,
  type BotCommand,
  type InlineAnswer,
  type MenuButton,
  type Message,
  type ReplyMarkup,
} from './api.js';
import { FormatToolbar, applyShortcut } from './format-toolbar.js';
import { parseMarkers } from './markers.js';
import { openWebApp } from './web-app.js';
import { StickerPicker } from './sticker-picker.js';

export interface ComposerProps {
  chatRef: string;
  /** The bot's @username in a private chat with a bot (commands menu), else undefined. */
  botUsername: string | undefined;
  replyTo: Message | null;
  /** In a forum: the topic written to (none: General). */
  threadId?: number | undefined;
  onCancelReply: () => void;
  /** The reply keyboard the bot showed last (none after remove_keyboard). */
  keyboard: ReplyMarkup | null;
  onKeyboardUsed: () => void;
  onSent: (message: Message) => void;
  onError: (text: string) => void;
}

function buttonText(button: { text: string } | string): string {
  return typeof button === 'string' ? button : button.text;
}

/** `@bot query` at the start of the text: the bot's username and the query. */
function inlineTarget(text: string): { bot: string; query: string } | undefined {
  const match = /^@(\w{3,32}bot) (.*)$/is.exec(text);
  return match ? { bot: match[1]!, query: match[2]! } : undefined;
}

export function Composer(props: ComposerProps) {
  const { chatRef, botUsername, replyTo, keyboard } = props;
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [inline, setInline] = useState<InlineAnswer | null>(null);
  const [commands, setCommands] = useState<BotCommand[] | null>(null);
  const [menuButton, setMenuButton] = useState<MenuButton | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [stickersOpen, setStickersOpen] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    setCommands(null);
    setMenuButton(null);
    if (!botUsername) return;
    api.commands(`@${botUsername}`).then(
      (answer) => {
        setCommands(answer.commands);
        setMenuButton(answer.menu_button);
      },
      () => setCommands([]),
    );
  }, [botUsername]);

  // Inline mode: ask the bot after a short pause in typing.
  const target = inlineTarget(draft);
  useEffect(() => {
    setInline(null);
    if (!target) return;
    let live = true;
    const timer = setTimeout(() => {
      api.inline(`@${target.bot}`, target.query, chatRef).then(
        (answer) => live && setInline(answer),
        (e: Error) => live && props.onError(e.message),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [target?.bot, target?.query, chatRef]);

  /** Sends `text` as it is (a command, a keyboard button), or with its markers read (`typed`). */
  const send = async (text: string, typed = false) => {
    if (text.trim() === '' || busy) return;
    setBusy(true);
    try {
      const { text: plain, entities } = typed ? parseMarkers(text) : { text, entities: [] };
      props.onSent(await api.send(chatRef, plain, replyTo?.message_id, props.threadId, entities));
      setDraft('');
    } catch (e) {
      props.onError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const sendFile = async (file: File) => {
    setBusy(true);
    try {
      props.onSent(await api.sendFile(chatRef, file, draft, replyTo?.message_id));
      setDraft('');
    } catch (e) {
      props.onError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      if (picker.current) picker.current.value = '';
    }
  };

  const choose = async (resultId: string) => {
    if (!inline) return;
    try {
      props.onSent((await api.chooseInline(inline.query_id, resultId)).message);
      setDraft('');
      setInline(null);
    } catch (e) {
      props.onError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <div class="composer-area">
      {inline?.results && inline.results.length > 0 && (
        <ul class="inline-results" aria-label="Inline results">
          {inline.results.map((result) => (
            <li key={result.id}>
              <button type="button" onClick={() => void choose(result.id)}>
                {result.title ?? result.id}
                {result.description ? <small> {result.description}</small> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      {replyTo && (
        <div class="replying">
          <span>
            Replying to <q>{replyTo.text ?? replyTo.caption ?? '…'}</q>
          </span>
          <button type="button" onClick={props.onCancelReply}>
            Cancel reply
          </button>
        </div>
      )}
      {menuOpen && commands && commands.length > 0 && (
        <ul class="commands" aria-label="Commands">
          {commands.map((command) => (
            <li key={command.command}>
              <button
                type="button"
                onClick={() => {
                  setMenuOpen(false);
                  void send(`/${command.command}`);
                }}
              >
                /{command.command} <small>{command.description}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {stickersOpen && (
        <StickerPicker
          chatRef={chatRef}
          replyTo={replyTo}
          onSent={props.onSent}
          onClose={() => setStickersOpen(false)}
        />
      )}
      <FormatToolbar box={box} onChange={setDraft} />
      <form
        class="composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send(draft, true);
        }}
      >
        {menuButton?.type === 'web_app' && botUsername ? (
          <button
            type="button"
            class="menu-app"
            onClick={() => void openWebApp(`@${botUsername}`).catch((e: Error) => props.onError(e.message))}
          >
            {menuButton.text ?? 'Open'}
          </button>
        ) : (
          commands &&
          commands.length > 0 && (
            <button type="button" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
              Menu
            </button>
          )
        )}
        <input
          ref={picker}
          id="attach"
          type="file"
          class="visually-hidden"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void sendFile(file);
          }}
        />
        <label for="attach" class="attach" title="Attach a photo or a document">
          <AttachIcon />
          <span class="visually-hidden">Attach file</span>
        </label>
        <button
          type="button"
          class="stickers-button"
          aria-expanded={stickersOpen}
          title="Send a sticker of a set"
          onClick={() => setStickersOpen(!stickersOpen)}
        >
          Stickers
        </button>
        <label class="visually-hidden" for="composer">
          Message
        </label>
        <textarea
          id="composer"
          ref={box}
          rows={1}
          placeholder={keyboard?.input_field_placeholder ?? 'Message'}
          value={draft}
          onInput={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (applyShortcut(event, event.currentTarget, setDraft)) return;
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send(draft, true);
            }
          }}
        />
        <button type="submit" class="send" aria-label="Send" title="Send" disabled={busy}>
          <SendIcon />
        </button>
      </form>
      {keyboard?.keyboard && (
        <div class="reply-keyboard" role="group" aria-label="Bot keyboard">
          {keyboard.keyboard.map((row, r) => (
            <div class="keyboard-row" key={r}>
              {row.map((button) => (
                <button
                  type="button"
                  key={buttonText(button)}
                  onClick={() => {
                    void send(buttonText(button));
                    if (keyboard.one_time_keyboard) props.onKeyboardUsed();
                  }}
                >
                  {buttonText(button)}
                </button>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
