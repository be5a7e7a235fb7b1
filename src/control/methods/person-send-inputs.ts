/**
 * Inputs that the endpoints of people's sends share: sender, chat and reply target, and the
 * numbers and texts of their content. Ranges are the platform's to check (person-*.ts); here only
 * the JSON types.
 */
import { ControlError, optionalInteger, requireString } from '../control-context.js';

/** `from` (USER_REF) writing in `chat` (CHAT_REF), optionally replying to a message. */
export function sender(input: Record<string, unknown>) {
  return {
    from: requireString(input, 'from'),
    chat: requireString(input, 'chat'),
    replyTo: optionalInteger(input, 'reply_to_message_id', 1, 2 ** 31 - 1),
  };
}

/** A number (JSON number, or a decimal string as in a query); undefined when absent. */
export function optionalNumber(input: Record<string, unknown>, name: string): number | undefined {
  const value = input[name];
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new ControlError(400, 'BAD_REQUEST', `${name} must be a number`);
  }
  return number;
}

export function requireNumber(input: Record<string, unknown>, name: string): number {
  const number = optionalNumber(input, name);
  if (number === undefined) throw new ControlError(400, 'BAD_REQUEST', `${name} is required`);
  return number;
}

/** An integer of any size (the platform checks its range); undefined when absent. */
export function optionalWholeNumber(input: Record<string, unknown>, name: string): number | undefined {
  return optionalInteger(input, name, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
}

/** A string that may be empty; undefined when absent. A number is taken as its text. */
export function optionalText(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw new ControlError(400, 'BAD_REQUEST', `${name} must be a string`);
  return value;
}
