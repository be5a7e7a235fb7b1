/**
 * The checker of a world file's shape (ADR 0102): typed reads of each field that add a problem, with
 * its path and, from a text, its line and column, instead of throwing, so that one pass finds every
 * problem of the file. The checks themselves are world-check.ts and world-check-bots.ts.
 */
import { ADMIN_RIGHT_KEYS } from '../chats/chat-rights.js';
import { pathText, type WorldPath, type WorldProblem, type WorldSource } from './world-source.js';

export const E164 = /^\+[1-9]\d{6,14}$/;
export const USERNAME = /^[a-zA-Z](?:[a-zA-Z0-9_]{3,30}[a-zA-Z0-9])$/;
/** User ids as the platform makes them (users.ts), up to 10 digits. */
export const MAX_USER_ID = 9_999_999_999;
export const RIGHT_KEYS: readonly string[] = [...ADMIN_RIGHT_KEYS, 'is_anonymous'];

export type Obj = Record<string, unknown>;

/** The keys of an object whose keys are the file's own (languages, prefixes, content); none for others. */
export function keysOf(value: unknown): string[] {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
}

/** Collects the problems of one file, each with its path and, from a text, its line and column. */
export class WorldProblems {
  readonly list: WorldProblem[] = [];
  constructor(private readonly source: WorldSource) {}

  add(path: WorldPath, message: string): void {
    const at = this.source.locate(path);
    this.list.push({ path: pathText(path), message, ...(at ? { line: at.line, column: at.column } : {}) });
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

export class Checker {
  constructor(readonly problems: WorldProblems) {}

  object(path: WorldPath, value: unknown, keys: readonly string[]): Obj | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.problems.add(path, `must be an object, not ${typeName(value)}`);
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (!keys.includes(key)) this.problems.add([...path, key], `unknown field (known: ${keys.join(', ')})`);
    }
    return value as Obj;
  }

  list(path: WorldPath, value: unknown): unknown[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) {
      this.problems.add(path, `must be a list, not ${typeName(value)}`);
      return [];
    }
    return value;
  }

  string(
    path: WorldPath,
    value: unknown,
    rule: { required?: boolean; pattern?: RegExp; what?: string; max?: number; empty?: boolean } = {},
  ): void {
    if (value === undefined) {
      if (rule.required) this.problems.add(path, 'is required');
      return;
    }
    if (typeof value !== 'string') return this.problems.add(path, `must be a string, not ${typeName(value)}`);
    if (value === '' && !rule.empty && !rule.pattern) return this.problems.add(path, 'must not be empty');
    if (rule.pattern && !rule.pattern.test(value)) {
      return this.problems.add(path, `${JSON.stringify(value)} is not ${rule.what ?? 'valid'}`);
    }
    if (rule.max !== undefined && [...value].length > rule.max) {
      this.problems.add(path, `must be at most ${rule.max} characters`);
    }
  }

  integer(path: WorldPath, value: unknown, min: number, max: number, required = false): void {
    if (value === undefined) {
      if (required) this.problems.add(path, 'is required');
      return;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.problems.add(path, `must be an integer from ${min} to ${max}, not ${typeName(value)}`);
    }
  }

  number(path: WorldPath, value: unknown): void {
    if (value === undefined) return;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      this.problems.add(path, `must be a number of credits, 0 or more, not ${typeName(value)}`);
    }
  }

  boolean(path: WorldPath, value: unknown): void {
    if (value !== undefined && typeof value !== 'boolean') {
      this.problems.add(path, `must be true or false, not ${typeName(value)}`);
    }
  }

  oneOf(path: WorldPath, value: unknown, allowed: readonly string[], required = true): void {
    if (value === undefined) {
      if (required) this.problems.add(path, `is required (one of ${allowed.join(', ')})`);
      return;
    }
    if (typeof value !== 'string' || !allowed.includes(value)) {
      this.problems.add(path, `must be one of ${allowed.join(', ')}, not ${typeName(value)}`);
    }
  }

  ref(path: WorldPath, value: unknown, required = true): void {
    if (value === undefined) {
      if (required) this.problems.add(path, 'is required (a user id, @username or phone number)');
      return;
    }
    const ok =
      (typeof value === 'number' && Number.isInteger(value)) ||
      (typeof value === 'string' && /^(@\w{1,32}|\+\d{7,15}|-?\d{1,16})$/.test(value));
    if (!ok) this.problems.add(path, `must be a user id, @username or phone number, not ${typeName(value)}`);
  }

  flags(path: WorldPath, value: unknown, keys: readonly string[]): void {
    if (value === undefined) return;
    const obj = this.object(path, value, keys);
    if (obj) for (const [key, flag] of Object.entries(obj)) this.boolean([...path, key], flag);
  }
}
