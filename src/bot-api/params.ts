/**
 * Method parameters as the reference reads them (reference §1.3-1.4): every value is a string (JSON
 * bodies keep non-string members as JSON text), the first occurrence wins, an empty value counts as
 * absent, and values are coerced leniently: booleans are true only for true/yes/1, integers stop at
 * the first non-digit, ranges are clamped rather than refused.
 */
import { botApiError } from './errors.js';
import { nestedDeeperThan } from '../platform/core/json-depth.js';
import { discardSpooled, type SpooledUpload } from '../platform/files/upload.js';

/** A multipart file part, spooled to a temporary file as it arrived (ADR 0063). */
export type UploadedFile = SpooledUpload & {
  /** The multipart field name. */
  field: string;
};

/** td::to_integer: optional '-', then digits, stopping at the first other character; "" -> 0. */
export function lenientInteger(text: string): number {
  let i = 0;
  let negative = false;
  if (text[0] === '-') {
    negative = true;
    i = 1;
  }
  let value = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    value = value * 10 + c;
  }
  return negative ? -value : value;
}

export function lenientBoolean(text: string): boolean {
  const value = text.trim().toLowerCase();
  return value === 'true' || value === 'yes' || value === '1';
}

/** Stands for a JSON-typed value nested too deeply: `JSON.parse` refuses it. */
const TOO_DEEP = '<nested too deeply>';

export class Params {
  readonly #values = new Map<string, string>();
  /** Files, by field; made by the first (most calls have none, and a long poll keeps its Params). */
  #files: Map<string, UploadedFile> | undefined;
  /** Every spooled part, also those a repeated field name leaves out, for `discardFiles`. */
  #spooled: UploadedFile[] | undefined;
  /** The JSON object body the values came from, when they came from nothing else (`recordText`). */
  #jsonBody: string | undefined = undefined;

  /** Adds a value unless one of that name is there already (the first occurrence wins). */
  add(name: string, value: string): void {
    if (!this.#values.has(name)) this.#values.set(name, value);
  }

  addFile(file: UploadedFile): void {
    (this.#spooled ??= []).push(file);
    const files = (this.#files ??= new Map());
    if (!files.has(file.field)) files.set(file.field, file);
  }

  /**
   * Removes the temporary files of the uploads: once the call is answered or refused, whatever it
   * stored has been linked to its own place.
   */
  async discardFiles(): Promise<void> {
    const files = this.#spooled?.splice(0) ?? [];
    await Promise.all(files.map((file) => discardSpooled(file.spooled)));
  }

  /**
   * Marks the values just read from a JSON object body as all there is when nothing was read before
   * them, so that the timeline keeps that body as it was sent (`recordText`).
   */
  readFromJsonBody(text: string, hadValues: boolean): void {
    if (!hadValues && (this.#files?.size ?? 0) === 0) this.#jsonBody = text;
  }

  /** Whether any value was read yet. */
  get isEmpty(): boolean {
    return this.#values.size === 0;
  }

  /** Every value, and each file as `<file name, size bytes>` (the timeline's record of a call, ADR 0099). */
  record(): Record<string, string> {
    const out = Object.fromEntries(this.#values);
    for (const [name, file] of this.#files ?? [])
      out[name] = `<file ${file.filename}, ${file.spooled.size} bytes>`;
    return out;
  }

  /**
   * The call's parameters as the timeline keeps them (ADR 0099): a JSON object body as it was sent
   * when the values are all its own (no re-serialisation: the usual call of a bot library), else
   * `record()`'s JSON. The timeline redacts either before it keeps it.
   */
  recordText(): string {
    if (this.#jsonBody !== undefined && (this.#files?.size ?? 0) === 0) return this.#jsonBody;
    return JSON.stringify(this.record());
  }

  get fileCount(): number {
    return this.#files?.size ?? 0;
  }

  /** The raw value, or undefined when absent or empty. */
  string(name: string): string | undefined {
    const value = this.#values.get(name);
    return value === undefined || value === '' ? undefined : value;
  }

  /**
   * Whether the parameter was given at all, even empty: a few methods tell "absent" from "empty"
   * (copyMessage's caption, the reference's has_arg).
   */
  has(name: string): boolean {
    return this.#values.has(name);
  }

  bool(name: string): boolean {
    const value = this.#values.get(name);
    return value === undefined ? false : lenientBoolean(value);
  }

  /** A lenient integer, or undefined when absent or empty. */
  int(name: string): number | undefined {
    const value = this.string(name);
    return value === undefined ? undefined : lenientInteger(value);
  }

  /** A lenient integer clamped to [min, max]; `fallback` when absent. */
  clampedInt(name: string, fallback: number, min: number, max: number): number {
    const value = this.int(name);
    return value === undefined ? fallback : Math.min(max, Math.max(min, value));
  }

  /**
   * The JSON text of a JSON-typed parameter, or undefined when absent. Text nested deeper than
   * MAX_JSON_DEPTH reads as text that is not JSON, so that every reader refuses it with its own
   * "can't parse ..." answer (or ignores it, as for entities) before walking it: the reference's
   * depth-limited decoder makes its readers do the same.
   */
  json(name: string): string | undefined {
    const text = this.string(name);
    return text !== undefined && nestedDeeperThan(text) ? TOO_DEEP : text;
  }

  /**
   * Decodes a JSON-typed parameter: undefined when absent; when it is not valid JSON, refused with
   * "can't parse <object> JSON object" (`object` as the reference names the parameter's type).
   */
  parsedJson(name: string, object: string): unknown {
    const text = this.json(name);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw botApiError('JSON_UNPARSABLE', { object });
    }
  }

  file(name: string): UploadedFile | undefined {
    return this.#files?.get(name);
  }

  /**
   * An input file (reference §1.4): a multipart part named by `attach://<name>`, the part with the
   * parameter's own name when the value is empty, or a string (file_id or URL) otherwise.
   */
  inputFile(name: string): { upload: UploadedFile } | { ref: string } | undefined {
    const value = this.#values.get(name);
    if (value !== undefined && value !== '') {
      if (value.startsWith('attach://')) {
        const upload = this.#files?.get(value.slice('attach://'.length));
        return upload ? { upload } : undefined;
      }
      return { ref: value };
    }
    const upload = this.#files?.get(name);
    return upload ? { upload } : undefined;
  }

  /** chat_id as the reference reads it: required; `@username` or a lenient integer. */
  chatId(name = 'chat_id'): number | string {
    const value = this.string(name);
    if (value === undefined) throw botApiError('PARAMETER_EMPTY', { name });
    const trimmed = value.trim();
    if (trimmed.startsWith('@')) return trimmed;
    return lenientInteger(trimmed);
  }
}
