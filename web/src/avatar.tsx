/**
 * A round avatar (ADR 0098): the user's current profile photo when they have one (a person's or a
 * bot's, from the person API), their initials on a colour of their id otherwise; a group's is its
 * initials.
 */
import { useEffect, useState } from 'preact/hooks';
import { useObjectUrl } from './object-url.js';
import { personApi } from './person-api.js';

/** Photo ids already asked for, by user id: a long chat asks once per sender. */
const known = new Map<number, Promise<string | null>>();

function photoOf(user: number): Promise<string | null> {
  let found = known.get(user);
  if (!found) {
    found = personApi.profilePhotos(user).then(
      (answer) => answer.file_unique_id ?? null,
      () => null,
    );
    known.set(user, found);
  }
  return found;
}

export function initials(name: string): string {
  const words = name.replace(/^@/, '').split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => [...word][0]!.toUpperCase())
      .join('') || '?'
  );
}

const COLOURS = ['#e17076', '#7bc862', '#e5a64e', '#65aadd', '#a695e7', '#ee7aae', '#6ec9cb', '#faa774'];

export function Avatar({
  user,
  name,
  size = 'normal',
}: {
  user?: number | undefined;
  name: string;
  size?: 'small' | 'normal';
}) {
  const [photo, setPhoto] = useState<string | null>(null);
  useEffect(() => {
    setPhoto(null);
    if (user === undefined || user <= 0) return;
    let live = true;
    void photoOf(user).then((id) => live && setPhoto(id));
    return () => {
      live = false;
    };
  }, [user]);
  const url = useObjectUrl(photo === null || user === undefined ? null : `${user}/${photo}`, () =>
    personApi.profilePhotoUrl(user!),
  );
  const colour = COLOURS[Math.abs(user ?? name.length) % COLOURS.length];
  return (
    <span class={`avatar ${size}`} style={url ? undefined : { background: colour }} aria-hidden="true">
      {url ? <img src={url} alt="" /> : initials(name)}
    </span>
  );
}
