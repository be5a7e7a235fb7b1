import type { Platform } from '../platform/platform.js';
import type { VirtualTime } from '../platform/virtual-time.js';

/** What a control API handler is given: the platform, virtual time, and the request's input. */
export interface ControlContext {
  platform: Platform;
  time: VirtualTime;
  /** The JSON body (POST) or the query (GET), as an object. */
  input: Record<string, unknown>;
  /** Path parameters. */
  path: Record<string, string>;
  signal: AbortSignal;
}

export type ControlHandler = (ctx: ControlContext) => Promise<unknown>;

export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

/** Reads a required string input. */
export function requireString(input: Record<string, unknown>, name: string): string {
  const value = input[name];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value === '')
    throw new ControlError(400, 'BAD_REQUEST', `${name} is required`);
  return value;
}

export function optionalString(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new ControlError(400, 'BAD_REQUEST', `${name} must be a string`);
  }
  return String(value);
}

export function optionalInteger(
  input: Record<string, unknown>,
  name: string,
  min: number,
  max: number,
): number | undefined {
  const value = input[name];
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw new ControlError(400, 'BAD_REQUEST', `${name} must be an integer from ${min} to ${max}`);
  }
  return number;
}

export function optionalBoolean(input: Record<string, unknown>, name: string): boolean | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ControlError(400, 'BAD_REQUEST', `${name} must be true or false`);
}
