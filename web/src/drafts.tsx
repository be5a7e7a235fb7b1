/**
 * The drafts a bot streams into the person's private chat with it (sendMessageDraft,
 * sendRichMessageDraft; ADR 0048, 0051): shown below the messages as the bot's message in the
 * making, its thinking block included, until the final message replaces it. Streaming a draft
 * emits no event, so the open chat asks for its drafts again every second (ADR 0095).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Draft } from './api.js';
import { MessageText } from './message-text.js';
import { RichMessage } from './rich-message.js';

/** How often an open bot chat asks for its drafts. */
const DRAFT_POLL_MS = 1000;

export function Drafts({ chatRef, version }: { chatRef: string; version: number }) {
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const last = useRef<HTMLLIElement>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      api.drafts(chatRef).then(
        (answer) => live && setDrafts(answer),
        () => live && setDrafts([]),
      );
      timer = setTimeout(load, DRAFT_POLL_MS);
    };
    load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [chatRef, version]);
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
