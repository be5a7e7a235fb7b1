/**
 * Signing in as a person. Local profile: pick one, or give a phone number; a number nobody has
 * goes on to sign-up, which asks for a name and creates the person (ADR 0098). Strict profile: give
 * a phone number, then the login code sent to the person's other devices (nobody is created).
 */
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, session, type User } from './api.js';
import { LoginCode } from './login-code.js';

export function SignIn({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const [people, setPeople] = useState<User[]>([]);
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [lastName, setLastName] = useState('');
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

  const signIn = async (phoneNumber: string, firstName?: string, last?: string) => {
    setError(null);
    try {
      const answer = await api.signIn({
        phone_number: phoneNumber,
        ...(firstName ? { first_name: firstName } : {}),
        ...(firstName && last ? { last_name: last } : {}),
      });
      session.token = answer.token;
      onSignedIn(answer.user);
    } catch (e) {
      if (e instanceof ApiError && e.error === 'SIGN_IN_BY_CODE_REQUIRED') {
        setProfile('strict');
        return requestCode(phoneNumber);
      }
      // A number nobody has: the sign-up step asks for the new person's name.
      if (e instanceof ApiError && e.error === 'USER_NOT_FOUND') return setNeedsName(true);
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
      ) : needsName ? (
        <form
          class="sign-up"
          aria-labelledby="sign-up-heading"
          onSubmit={(event) => {
            event.preventDefault();
            void signIn(phone.trim(), name.trim(), lastName.trim() || undefined);
          }}
        >
          <h2 id="sign-up-heading">Create your account</h2>
          <p class="quiet">
            Nobody has the number <strong>{phone.trim()}</strong> yet. Give your name to sign up with it.
          </p>
          <label>
            First name
            <input
              name="first_name"
              autocomplete="given-name"
              value={name}
              onInput={(event) => setName(event.currentTarget.value)}
              required
            />
          </label>
          <label>
            Last name (optional)
            <input
              name="last_name"
              autocomplete="family-name"
              value={lastName}
              onInput={(event) => setLastName(event.currentTarget.value)}
            />
          </label>
          <div class="login-code-actions">
            <button type="submit">Sign up</button>
            <button type="button" onClick={() => setNeedsName(false)}>
              Back
            </button>
          </div>
          {error && (
            <p role="alert" class="error">
              {error}
            </p>
          )}
        </form>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (profile === 'strict') void requestCode(phone.trim());
            else void signIn(phone.trim());
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
