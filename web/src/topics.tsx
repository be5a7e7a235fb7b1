/**
 * A forum's topics (ADR 0045) as a bar of buttons, General first; the chosen topic filters the chat's
 * messages and is where the composer writes. "New topic" creates one where the person may.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type Message } from './api.js';

export interface Topic {
  message_thread_id: number;
  name: string;
  is_general?: boolean;
  is_closed?: boolean;
}

/** Whether a message belongs to the chosen topic (General: messages of no topic). */
export function inTopic(message: Message, topic: Topic | null): boolean {
  if (!topic) return true;
  const thread = message.message_thread_id as number | undefined;
  return topic.is_general
    ? thread === undefined || thread === topic.message_thread_id
    : thread === topic.message_thread_id;
}

export function TopicBar({
  chatRef,
  version,
  chosen,
  onChoose,
  onError,
}: {
  chatRef: string;
  version: number;
  chosen: Topic | null;
  onChoose: (topic: Topic) => void;
  onError: (text: string) => void;
}) {
  const [topics, setTopics] = useState<Topic[]>([]);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState(0);

  useEffect(() => {
    let live = true;
    api.topics(chatRef).then(
      (answer) => {
        if (!live) return;
        setTopics(answer);
        if (!chosen && answer[0]) onChoose(answer[0]);
      },
      (e: Error) => live && onError(e.message),
    );
    return () => {
      live = false;
    };
  }, [chatRef, version, made]);

  return (
    <div class="topics">
      <div role="group" aria-label="Topics">
        {topics.map((topic) => (
          <button
            type="button"
            key={topic.message_thread_id}
            aria-pressed={chosen?.message_thread_id === topic.message_thread_id}
            onClick={() => onChoose(topic)}
          >
            {topic.name}
            {topic.is_closed ? ' (closed)' : ''}
          </button>
        ))}
        <button type="button" aria-expanded={adding} onClick={() => setAdding(!adding)}>
          New topic
        </button>
      </div>
      {adding && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            api.createTopic(chatRef, name.trim()).then(
              (topic) => {
                setAdding(false);
                setName('');
                setMade((n) => n + 1);
                onChoose(topic);
              },
              (e: Error) => onError(e.message),
            );
          }}
        >
          <label>
            Topic name
            <input value={name} onInput={(event) => setName(event.currentTarget.value)} />
          </label>
          <button type="submit">Create topic</button>
        </form>
      )}
    </div>
  );
}
