/**
 * The timeline (ADR 0099), the inspector's first part: what happened, newest first, live over the
 * inspector's event stream, filtered by bot, chat, person, kind and status, searched by text, with the
 * raw request and answer of an event one click away. Read through `GET /control/timeline`.
 */
import { useEffect, useState } from 'preact/hooks';
import { controlApi, type TimelineEvent, type TimelineQuery } from './control.js';

const KINDS = ['call', 'update', 'delivery', 'gateway', 'action', 'fault'];

function time(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

/** A raw JSON text, pretty when it parses. */
function raw(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Filter(props: {
  label: string;
  value: string;
  set: (value: string) => void;
  type?: 'text' | 'search';
}) {
  return (
    <label>
      {props.label}
      <input type="text" value={props.value} onInput={(event) => props.set(event.currentTarget.value)} />
    </label>
  );
}

/** One event's row, and its raw request and answer when opened. */
function Row({ event, open, toggle }: { event: TimelineEvent; open: boolean; toggle: () => void }) {
  return (
    <>
      <tr class={`timeline-${event.status}`}>
        <td>
          <time>{time(event.at_ms)}</time>
        </td>
        <td>{event.kind}</td>
        <td>
          <button type="button" onClick={toggle} aria-expanded={open}>
            {event.name}
          </button>
        </td>
        <td>{event.status}</td>
        <td>{event.summary}</td>
        <td>{event.duration_ms === undefined ? '' : `${event.duration_ms} ms`}</td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6}>
            {event.request !== undefined && (
              <section aria-label="Request">
                <h4>Request</h4>
                <pre>{raw(event.request)}</pre>
              </section>
            )}
            {event.answer !== undefined && (
              <section aria-label="Answer">
                <h4>Answer</h4>
                <pre>{raw(event.answer)}</pre>
              </section>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

export function Timeline({ version }: { version: Record<string, number> }) {
  const [bot, setBot] = useState('');
  const [chat, setChat] = useState('');
  const [person, setPerson] = useState('');
  const [kind, setKind] = useState('');
  const [status, setStatus] = useState('');
  const [q, setQ] = useState('');
  const [events, setEvents] = useState<TimelineEvent[]>([]);
  const [older, setOlder] = useState<TimelineEvent[]>([]);
  const [cursor, setCursor] = useState<number | undefined>(undefined);
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query: TimelineQuery = {};
  if (bot.trim()) query.bot = bot.trim();
  if (/^-?\d+$/.test(chat.trim())) query.chat = Number(chat.trim());
  if (person.trim()) query.person = person.trim();
  if (kind) query.kind = kind;
  if (status.trim()) query.status = status.trim();
  if (q) query.q = q;
  const key = JSON.stringify(query);
  // Live: read again when the timeline grew (or updates were queued), and when a filter changes.
  const live = `${version.timeline ?? 0}.${version.bots ?? 0}.${version.all ?? 0}`;
  useEffect(() => {
    let current = true;
    controlApi.timeline({ ...query, limit: 100 }).then(
      (page) => {
        if (!current) return;
        setEvents(page.events);
        setError(null);
        setCursor((old) => (older.length === 0 ? page.next_cursor : old));
      },
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [key, live]);
  useEffect(() => {
    setOlder([]);
    setCursor(undefined);
  }, [key]);
  const shown = [...events, ...older.filter((event) => !events.some((e) => e.id === event.id))];
  return (
    <section aria-labelledby="timeline-title" class="panel timeline">
      <h2 id="timeline-title">Timeline</h2>
      <form role="search" aria-label="Timeline filters" onSubmit={(event) => event.preventDefault()}>
        <Filter label="Search" value={q} set={setQ} />
        <Filter label="Bot" value={bot} set={setBot} />
        <Filter label="Chat" value={chat} set={setChat} />
        <Filter label="Person" value={person} set={setPerson} />
        <label>
          Kind
          <select value={kind} onChange={(event) => setKind(event.currentTarget.value)}>
            <option value="">any</option>
            {KINDS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <Filter label="Status" value={status} set={setStatus} />
      </form>
      {error && <p role="alert">{error}</p>}
      <table aria-label="Events">
        <thead>
          <tr>
            <th>Time</th>
            <th>Kind</th>
            <th>Name</th>
            <th>Status</th>
            <th>Summary</th>
            <th>Took</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((event) => (
            <Row
              key={event.id}
              event={event}
              open={open === event.id}
              toggle={() => setOpen(open === event.id ? null : event.id)}
            />
          ))}
        </tbody>
      </table>
      {cursor !== undefined && (
        <button
          type="button"
          onClick={() =>
            controlApi.timeline({ ...query, limit: 100, before: cursor }).then(
              (page) => {
                setOlder((old) => [...old, ...page.events]);
                setCursor(page.next_cursor);
              },
              (e: Error) => setError(e.message),
            )
          }
        >
          Older events
        </button>
      )}
    </section>
  );
}
