/**
 * Signing in as a person. Local profile: pick one, or give a phone number (and a name to create one).
 * Strict profile: give a phone number, then the login code sent to the person's other devices.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, session, type User } from './api.js';
import { LoginCode } from './login-code.js';

export function SignIn({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const [people, setPeople] = useState<User[]>([]);
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [needsName, setNeedsName] = useState(false);
  const [profile, setProfile] = useState<string | null>(null);
  /** The login code's attempt, once one was sent (strict profile). */
  const [codeId, setCodeId] = useState<string | null>(null);

  useEffect(() => {
    api.config().then(
      (config) => setProfile(config.profile),
      () => setProfile(null),
    );
    api.people().then(setPeople, () => setPeople([]));
  }, []);

  const requestCode = async (phoneNumber: string) => {
    setError(null);
    try {
      setCodeId((await api.requestLoginCode(phoneNumber)).code_hash_id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const signIn = async (phoneNumber: string, firstName?: string) => {
    setError(null);
    try {
      const answer = await api.signIn({
        phone_number: phoneNumber,
        ...(firstName ? { first_name: firstName } : {}),
      });
      session.token = answer.token;
      onSignedIn(answer.user);
    } catch (e) {
      if (e instanceof ApiError && e.error === 'SIGN_IN_BY_CODE_REQUIRED') {
        setProfile('strict');
        return requestCode(phoneNumber);
      }
      if (e instanceof ApiError && e.error === 'USER_NOT_FOUND') setNeedsName(true);
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <main class="sign-in">
      <h1>Parley</h1>
      {codeId !== null ? (
        <LoginCode
          phone={phone.trim()}
          codeId={codeId}
          onSignedIn={onSignedIn}
          onNewCode={setCodeId}
          onBack={() => setCodeId(null)}
        />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (profile === 'strict') void requestCode(phone.trim());
            else void signIn(phone.trim(), name.trim() || undefined);
          }}
        >
          <label>
            Phone number
            <input
              name="phone"
              type="tel"
              autocomplete="tel"
              placeholder="+15550001234"
              value={phone}
              onInput={(event) => setPhone(event.currentTarget.value)}
              required
            />
          </label>
          {needsName && (
            <label>
              Name
              <input name="first_name" value={name} onInput={(event) => setName(event.currentTarget.value)} />
            </label>
          )}
          <button type="submit">Sign in</button>
          {error && (
            <p role="alert" class="error">
              {error}
            </p>
          )}
        </form>
      )}
      {people.length > 0 && (
        <section aria-labelledby="people-heading">
          <h2 id="people-heading">People on this server</h2>
          <ul class="people">
            {people.map((person) => (
              <li key={person.id}>
                <button type="button" onClick={() => void signIn(person.phone_number ?? '')}>
                  {person.first_name} {person.last_name ?? ''} <small>{person.phone_number}</small>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
