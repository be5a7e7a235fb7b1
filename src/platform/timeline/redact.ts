/**
 * What the timeline never holds (ADR 0099): bot tokens, anywhere in a text (the transcripts' pattern,
 * platform/transcripts/normalise.ts), and the values of the members that carry secrets or codes
 * (a webhook's secret_token, a verification code, a token), at any depth. Applied before a row is
 * built, so no viewer, the admin included, and no copy of the database shows them.
 */
import { TOKEN } from '../transcripts/normalise.js';

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

/** A text with every bot token replaced by `<token>`. */
export function redactText(text: string): string {
  return text.replace(TOKEN, '<token>');
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
 * A JSON text, redacted and capped. A text that is not JSON (or too long to parse cheaply) has its
 * tokens replaced only; the parse is skipped for texts with no secret member's name in them.
 */
export function redactJson(text: string): string {
  let out = text;
  if (text.length > 4 * MAX_TEXT && /"world_text"\s*:/.test(text)) {
    // A world file too long to parse cheaply: its text cannot be redacted in part (ADR 0102).
    out = REDACTED;
  } else if (
    text.length <= 4 * MAX_TEXT &&
    /"(?:[a-z_]*token|code|code_entered|password|secret|world_text)"/.test(text)
  ) {
    try {
      out = JSON.stringify(redactValue(JSON.parse(text)));
    } catch {
      // Not JSON, or nested too deeply for the walk: the tokens are taken out of the text, and a
      // secret member's value cannot be told apart, so the text is not kept.
      out = /"(?:[a-z_]*token|code|code_entered|password|secret|world_text)"\s*:/.test(text)
        ? REDACTED
        : redactText(text);
    }
  } else {
    out = redactText(text);
  }
  return out.length > MAX_TEXT ? `${out.slice(0, MAX_TEXT)}…(${out.length - MAX_TEXT} more)` : out;
}
