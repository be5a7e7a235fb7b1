/**
 * The second step of signing in by a login code (the strict profile, ADR 0055 addendum): the code
 * arrived in the person's service chat ("Verification Codes") on their other devices; the person
 * types it here.
 */
import { useState } from 'preact/hooks';
import { api, ApiError, session, type User } from './api.js';

export function LoginCode({
  phone,
  codeId,
  onSignedIn,
  onNewCode,
  onBack,
}: {
  phone: string;
  codeId: string;
  onSignedIn: (user: User) => void;
  onNewCode: (codeId: string) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      const answer = await api.signIn({ phone_number: phone, code_id: codeId, code: code.trim() });
      session.token = answer.token;
      onSignedIn(answer.user);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(null);
    try {
      onNewCode((await api.requestLoginCode(phone)).code_hash_id);
      setCode('');
    } catch (e) {
      setError(
        e instanceof ApiError && e.error === 'FLOOD_WAIT'
          ? `${e.message}.`
          : e instanceof Error
            ? e.message
            : String(e),
      );
    }
  };

  return (
    <form
      class="login-code"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>
        We sent a login code to <strong>{phone}</strong>: it is in the chat “Verification Codes” on your other
        devices.
      </p>
      <label>
        Code
        <input
          name="code"
          inputMode="numeric"
          autocomplete="one-time-code"
          value={code}
          onInput={(event) => setCode(event.currentTarget.value)}
          required
          autoFocus
        />
      </label>
      <button type="submit" disabled={busy}>
        Continue
      </button>
      <div class="login-code-actions">
        <button type="button" onClick={() => void resend()}>
          Send a new code
        </button>
        <button type="button" onClick={onBack}>
          Another number
        </button>
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </form>
  );
}
