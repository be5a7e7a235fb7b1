/** An object URL loaded with the session (api.ts `objectUrl`), freed when the component goes. */
import { useEffect, useState } from 'preact/hooks';

/**
 * Loads `load()` while `key` is not null, again whenever `key` changes (a new photo has a new
 * key); answers the URL, or null until it is loaded (or when it could not be).
 */
export function useObjectUrl(key: string | null, load: () => Promise<string>): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (key === null) return;
    let current: string | null = null;
    let live = true;
    load().then(
      (made) => {
        if (live) setUrl((current = made));
        else URL.revokeObjectURL(made);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (current) URL.revokeObjectURL(current);
    };
  }, [key]);
  return url;
}
