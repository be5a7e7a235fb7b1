/** `--public-url` / PARLEY_PUBLIC_URL (docs/adr/0074-invite-link-form.md). */
import { ConfigError } from './config-error.js';

/**
 * The public URL invite links are shown under, present only when given (ADR 0074): an http(s) URL
 * without query or fragment, kept without its trailing `/`.
 */
export function publicUrlSetting(given: string | undefined): { publicUrl?: string } {
  const text = given?.trim();
  if (text === undefined || text === '') return {};
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search !== '' || url.hash !== '' || text.includes('+')) {
    throw new ConfigError(`invalid public URL "${text}": expected http(s)://host[/path], without ? # or +`);
  }
  return { publicUrl: text.replace(/\/+$/, '') };
}
