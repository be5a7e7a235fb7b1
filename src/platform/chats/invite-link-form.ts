/**
 * How invite links are written (docs/adr/0074-invite-link-form.md). A link is stored under the key
 * `https://parley.invalid/+<hash>`, the form Parley showed before (ADR 0022), so links already stored
 * keep working whatever the shown form; it is shown as the reference shows it, `https://t.me/+<hash>`,
 * or `<public-url>/+<hash>` when the server has a public URL (`--public-url`, for self-hosters whose
 * links should open their own web client). A person may open a link in any of these forms.
 */

/** The prefix of every stored link: never shown, only the key the store finds links by. */
export const STORED_LINK_PREFIX = 'https://parley.invalid/+';
/** Where the reference's links point, and Parley's unless the server has a public URL. */
export const DEFAULT_PUBLIC_URL = 'https://t.me';

/** The prefix links are shown with: `https://t.me/+`, or `<public-url>/+`. */
export function shownLinkPrefix(publicUrl: string | undefined): string {
  return `${publicUrl ?? DEFAULT_PUBLIC_URL}/+`;
}

/** The hash of a link in any form: after its last `+`, else after its last `/` (`joinchat/HASH`). */
function hashOf(text: string): string {
  const trimmed = text.trim();
  const plus = trimmed.lastIndexOf('+');
  return plus >= 0 ? trimmed.slice(plus + 1) : trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The stored key for a link, `+hash` or bare hash a bot or person gives, in any form. */
export function storedLink(text: string): string {
  return `${STORED_LINK_PREFIX}${hashOf(text)}`;
}

/** A stored link as bots and people see it. */
export function shownLink(stored: string, publicUrl: string | undefined): string {
  return `${shownLinkPrefix(publicUrl)}${hashOf(stored)}`;
}

/**
 * The `@username` a public chat's link names (`https://t.me/NAME`, `<public-url>/NAME`,
 * `t.me/NAME`), or undefined when the text is an invite link (it has a `+` or a `joinchat/` path)
 * or a bare hash.
 */
export function publicChatOfLink(text: string): string | undefined {
  const match = /^(?:https?:\/\/)?[^/\s]+(?:\/[^/\s]+)*\/([A-Za-z][A-Za-z0-9_]{3,31})\/?$/.exec(text.trim());
  if (!match || text.includes('+') || /\/joinchat\//i.test(text)) return undefined;
  return `@${match[1]}`;
}
