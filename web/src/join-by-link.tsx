/**
 * "Join by link" in the chat list: the person pastes an invite link (`https://t.me/+...`, or the
 * server's `--public-url` form), or a public chat's `https://t.me/NAME` or `@username`, and joins; a
 * link that needs an administrator's approval makes a join request instead, which the page says.
 * An invite link opened in the browser (`<public-url>/+HASH`) comes here as `?join=+HASH` (the
 * server redirects it, ADR 0074): the form opens filled with it.
 */
import { LinkIcon } from './icons.js';
import { useState } from 'preact/hooks';
import { groupApi } from './group-api.js';
import { chatTitle } from './chat-title.js';

export function JoinByLink({ onOpen }: { onOpen: (ref: string, title: string) => void }) {
  const given = new URLSearchParams(location.search).get('join');
  const [open, setOpen] = useState(given !== null);
  const [link, setLink] = useState(given ?? '');
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!open) {
    return (
      <button type="button" class="new-group-button" onClick={() => setOpen(true)}>
        <LinkIcon /> Join by link
      </button>
    );
  }

  const join = async () => {
    setError(null);
    setStatus(null);
    try {
      const answer = await groupApi.join(link.trim());
      if (answer.status === 'requested') {
        setStatus(`Request sent: an administrator of "${chatTitle(answer.chat)}" will decide.`);
        return;
      }
      setOpen(false);
      setLink('');
      // The link was used: a reload should not offer it again.
      if (given !== null) history.replaceState(null, '', location.pathname + location.hash);
      onOpen(String(answer.chat.id), chatTitle(answer.chat));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <form
      class="new-group"
      aria-label="Join by link"
      onSubmit={(event) => {
        event.preventDefault();
        void join();
      }}
    >
      <label for="join-link">Invite link</label>
      <input
        id="join-link"
        value={link}
        placeholder="https://t.me/+… or @username"
        onInput={(event) => setLink(event.currentTarget.value)}
      />
      {status && (
        <p role="status" class="quiet">
          {status}
        </p>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="form-buttons">
        <button type="submit">Join</button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
