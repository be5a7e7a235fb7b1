/**
 * The drafts a bot streams into the person's private chat with it (sendMessageDraft,
 * sendRichMessageDraft; ADR 0048, 0051): shown below the messages as the bot's message in the
 * making, its thinking block included, until the final message replaces it. Each version the bot
 * streams comes as a `draft` event of the person's stream (main.tsx hands it to `draftStreamed`), and
 * the open chat reads its drafts again then; the bot's final message comes as a message event (the
 * chat's `version`). Only a draft's end after its 30 seconds has no event: the chat reads its drafts
 * again once, when the first of them is due to end (ADR 0095 addendum). A stream that may have missed
 * events says `resync`, which bumps `version` too, so no timer polls.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Draft } from './api.js';
import { MessageText } from './message-text.js';
import { RichMessage } from './rich-message.js';

/** The open chats' Drafts, told of their chat's draft events. */
const streamed = new Set<(chatRef: string) => void>();

/** A bot streamed a draft into the chat `chatRef` (the person's stream's `draft` event). */
export function draftStreamed(chatRef: string): void {
  for (const listener of streamed) listener(chatRef);
}

/**
 * Milliseconds until the first of `drafts` ends: a draft is listed while the server's time is at most
 * its `expires_at`. The server's time is taken as the newest draft's date (the load follows its event),
 * so the reload comes at the end or after it; at least a second.
 */
function untilFirstEnd(drafts: Draft[]): number {
  const now = Math.max(...drafts.map((draft) => draft.date));
  const end = Math.min(...drafts.map((draft) => draft.expires_at));
  return Math.max(1, end + 1 - now) * 1000;
}

export function Drafts({ chatRef, version }: { chatRef: string; version: number }) {
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [pushed, setPushed] = useState(0);
  const last = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const listener = (ref: string) => {
      if (ref === chatRef) setPushed((count) => count + 1);
    };
    streamed.add(listener);
    return () => void streamed.delete(listener);
  }, [chatRef]);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      api.drafts(chatRef).then(
        (answer) => {
          if (!live) return;
          setDrafts(answer);
          // No event tells a draft's 30 seconds ended: read again when the first one is due to.
          if (answer.length > 0) timer = setTimeout(load, untilFirstEnd(answer));
        },
        () => live && setDrafts([]),
      );
    };
    load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [chatRef, version, pushed]);
  const shown = drafts.map((draft) => `${draft.draft_id}:${draft.date}`).join();
  useEffect(() => {
    last.current?.scrollIntoView({ block: 'end' });
  }, [shown]);
  return (
    <>
      {drafts.map((draft, index) => (
        <li
          key={draft.draft_id}
          class="message draft"
          data-draft-id={draft.draft_id}
          aria-busy="true"
          ref={index === drafts.length - 1 ? last : undefined}
        >
          <article aria-label={`${draft.from.first_name} is writing`}>
            <div class="sender">{draft.from.first_name}</div>
            {draft.rich_message ? (
              <RichMessage rich={draft.rich_message} id={`draft-${draft.draft_id}`} />
            ) : draft.text ? (
              <div class="text">
                <MessageText text={draft.text} entities={draft.entities} />
              </div>
            ) : (
              <div class="rich-thinking" role="status">
                <span class="rich-thinking-label">Thinking…</span>
              </div>
            )}
          </article>
        </li>
      ))}
    </>
  );
}
