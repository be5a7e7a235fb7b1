/** "New group" in the chat list: a name and a kind of chat; the person becomes its creator. */
import { useState } from 'preact/hooks';
import { groupApi, type GroupType } from './group-api.js';

export function NewGroup({ onOpen }: { onOpen: (ref: string, title: string) => void }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<GroupType>('group');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!open) {
    return (
      <button type="button" class="new-group-button" onClick={() => setOpen(true)}>
        New group
      </button>
    );
  }

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const chat = await groupApi.create(title, type);
      setOpen(false);
      setTitle('');
      onOpen(String(chat.id), chat.title);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      class="new-group"
      aria-label="New group"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <label for="new-group-title">Group name</label>
      <input
        id="new-group-title"
        value={title}
        maxLength={128}
        onInput={(event) => setTitle(event.currentTarget.value)}
      />
      <label for="new-group-type">Type</label>
      <select
        id="new-group-type"
        value={type}
        onChange={(event) => setType(event.currentTarget.value as GroupType)}
      >
        <option value="group">Group</option>
        <option value="supergroup">Supergroup</option>
        <option value="channel">Channel</option>
      </select>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="form-buttons">
        <button type="submit" disabled={busy}>
          Create
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
