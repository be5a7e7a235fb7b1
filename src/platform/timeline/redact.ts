/**
 * What the timeline never holds (ADR 0099): bot tokens, anywhere in a text (in a URL's path too), and
 * the values of the members that carry secrets or codes (a webhook's secret_token, a verification
 * code, a token), at any depth. Applied before a row is
 * built, so no viewer, the admin included, and no copy of the database shows them.
 */

/** Members whose value is a secret or a code, whatever their type. */
const SECRET_KEYS = new Set([
  'token',
  'admin_token',
  'access_token',
  'secret_token',
  'code',
  'code_entered',
  'password',
  'secret',
  // A world file's text (ADR 0102) carries bot and gateway tokens and webhook secrets.
  'world_text',
]);

export const REDACTED = '<redacted>';

/**
 * A bot token: the transcripts' pattern (platform/transcripts/normalise.ts) without its leading word
 * boundary, so that a token in a URL's path (`/bot<token>/`, a webhook's URL) is found too.
 */
const TOKEN = /(?<![0-9])\d{1,20}:[A-Za-z0-9_-]{30,}(?![A-Za-z0-9_-])/g;

/**
 * What every bot token contains (digits, a colon, 30 characters of its secret): a text without it
 * holds no token, told by one test that allocates nothing, which most texts pass (ADR 0099).
 */
const TOKEN_HINT = /\d:[A-Za-z0-9_-]{30}/;

/**
 * What every secret member's name contains in a JSON text (`token"`, `"code`, `password"`,
 * `secret"`): a text without it has no member to redact.
 */
const SECRET_HINT = /(?:token|password|secret)"|"code|"world_text"/;

/** A secret member's name, as a member (followed by its colon). */
const SECRET_MEMBER = /"(?:[a-z_]*token|code|code_entered|password|secret|world_text)"\s*:/;

/** A text with every bot token replaced by `<token>`. */
export function redactText(text: string): string {
  return TOKEN_HINT.test(text) ? text.replace(TOKEN, '<token>') : text;
}

/** A JSON value with the secret members' values replaced and tokens taken out of every string. */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_KEYS.has(key) ? REDACTED : redactValue(item);
    }
    return out;
  }
  return value;
}

/** The longest request or answer kept, in UTF-16 units; a longer one is cut and says so. */
export const MAX_TEXT = 16_384;

/**
 * A JSON text, redacted and capped. Most texts hold neither a token nor a secret member's name: two
 * tests, and the text is kept as it is (no parse, no copy). One with a secret member's name is
 * parsed and its members' values replaced; one that is not JSON, is nested too deeply for the walk
 * or is too long to parse cheaply, and has a secret member, is not kept (its values cannot be told
 * apart); else its tokens are replaced.
 */
export function redactJson(text: string): string {
  let out = text;
  if (SECRET_HINT.test(text)) {
    let parsed = false;
    if (text.length <= 4 * MAX_TEXT) {
      try {
        out = JSON.stringify(redactValue(JSON.parse(text)));
        parsed = true;
      } catch {
        // Not JSON, or nested too deeply for the walk.
      }
    }
    if (!parsed) out = SECRET_MEMBER.test(text) ? REDACTED : redactText(text);
  } else {
    out = redactText(text);
  }
  return out.length > MAX_TEXT ? `${out.slice(0, MAX_TEXT)}…(${out.length - MAX_TEXT} more)` : out;
}
