/**
 * Reading a request's parameters by the schema (dsl.ts), before the route's handler runs: what the
 * control layer answers 400 BAD_REQUEST for, with the description of ParamError. The same reading
 * serves a JSON body and a query string, whose values are all strings: integers, numbers and
 * booleans are also taken in their string forms ("5", "-1.5", "true"), and a number where a string
 * is expected as its text.
 *
 * The texts, by kind (docs/control-api.md "Error codes"):
 * - absent and required: `<name> is required` (a required string or reference of another type, or
 *   empty, is absent);
 * - string: `<name> must be a string`;
 * - integer: `<name> must be an integer from <min> to <max>`;
 * - number: `<name> must be a number` (`... from <min> to <max>` when the schema checks a range);
 * - boolean: `<name> must be true or false`;
 * - array: `<name> must be an array of <items>`; object: `<name> must be an object`;
 * - flags: `<name> must be an object of booleans`, `<name>.<key> is not one of <keys>`,
 *   `<name>.<key> must be true or false`;
 * or the parameter's own `invalid` text.
 */
import type { Fields, ParamGroup, ParamSpec } from './dsl.js';

/** A parameter the schema refuses; its message is the answer's description. */
export class ParamError extends Error {
  override readonly name = 'ParamError';
}

/** Integers beyond these are not exact as JSON numbers. */
const SAFE = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

const ABSENT = Symbol('absent');

/**
 * The parameters of `group` read from `input` (a body or a query): the value of each that is there
 * (its default when absent), and nothing else. Throws ParamError at the first parameter refused, in
 * the schema's order.
 */
export function readParams(
  group: ParamGroup | undefined,
  input: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (group) readFields(group.fields, input, values);
  return values;
}

function readFields(
  fields: Fields,
  input: Readonly<Record<string, unknown>>,
  values: Record<string, unknown>,
) {
  for (const name of Object.keys(fields)) {
    const spec = fields[name]!;
    let raw = input[name];
    for (const alias of spec.aliases ?? []) {
      if (raw !== undefined && raw !== null) break;
      raw = input[alias];
    }
    const value = readValue(name, spec, raw);
    if (value !== ABSENT) values[name] = value;
    else if (spec.default !== undefined) values[name] = spec.default;
    else if (spec.required) throw new ParamError(`${name} is required`);
  }
}

function refuse(name: string, spec: ParamSpec, text: string): never {
  throw new ParamError(spec.invalid ?? `${name} ${text}`);
}

function readValue(name: string, spec: ParamSpec, raw: unknown): unknown {
  switch (spec.kind) {
    case 'string':
    case 'ref':
      return readString(name, spec, raw);
    case 'integer':
      return readInteger(name, spec, raw);
    case 'number':
      return readNumber(name, spec, raw);
    case 'boolean':
      if (raw === undefined || raw === null) return ABSENT;
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      return refuse(name, spec, 'must be true or false');
    case 'credits':
      return raw === undefined || raw === null || raw === '' ? ABSENT : raw;
    case 'array':
      return readArray(name, spec, raw);
    case 'object':
    case 'map':
      if (raw === undefined || raw === null) return ABSENT;
      if (!isObject(raw)) return refuse(name, spec, 'must be an object');
      return raw;
    case 'flags':
      return readFlags(name, spec, raw);
    case 'opaque':
      return raw === undefined || raw === null ? ABSENT : raw;
  }
}

function readString(name: string, spec: ParamSpec, raw: unknown): unknown {
  if (raw === undefined || raw === null) return ABSENT;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (spec.required) {
    // A required text of the wrong type is as good as absent (`<name> is required`).
    if (typeof text !== 'string' || (text === '' && !spec.allowEmpty)) return ABSENT;
  } else if (typeof text !== 'string') {
    return refuse(name, spec, 'must be a string');
  }
  if (!spec.platform) {
    if (spec.enum && !spec.enum.includes(text)) refuse(name, spec, `must be one of ${spec.enum.join(', ')}`);
    const { minLength = 0, maxLength = Infinity } = spec;
    if (text.length < minLength || text.length > maxLength) {
      refuse(name, spec, `must be ${minLength}-${maxLength} characters long`);
    }
  }
  return text;
}

/** The integer range the schema checks: the parameter's own, or any exact one when the platform checks it. */
function integerRange(spec: ParamSpec) {
  if (spec.platform) return SAFE;
  return { min: spec.min ?? SAFE.min, max: spec.max ?? SAFE.max };
}

function readInteger(name: string, spec: ParamSpec, raw: unknown): unknown {
  if (raw === null && spec.nullable) return null;
  if (raw === undefined || raw === null || raw === '') return ABSENT;
  const value = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  const { min, max } = integerRange(spec);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return refuse(name, spec, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function readNumber(name: string, spec: ParamSpec, raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return ABSENT;
  const value = typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) return refuse(name, spec, 'must be a number');
  if (!spec.platform && (spec.min !== undefined || spec.max !== undefined)) {
    const { min = -Infinity, max = Infinity } = spec;
    if (value < min || value > max) refuse(name, spec, `must be a number from ${min} to ${max}`);
  }
  return value;
}

/** What an array's items are, in its refusal's text. */
const ITEM_NOUNS: Partial<Record<ParamSpec['kind'], string>> = {
  string: 'strings',
  integer: 'integers',
  ref: 'references',
};

function readArray(name: string, spec: ParamSpec, raw: unknown): unknown {
  if (raw === undefined || raw === null || (spec.lone && raw === '')) return ABSENT;
  const list = spec.lone && !Array.isArray(raw) ? [raw] : raw;
  const items = spec.items!;
  if (!Array.isArray(list) || !list.every((item) => isItem(items, item))) {
    return refuse(name, spec, `must be an array of ${ITEM_NOUNS[items.kind] ?? 'values'}`);
  }
  if (!spec.platform) {
    const { minItems = 0, maxItems = Infinity } = spec;
    if (list.length < minItems || list.length > maxItems) {
      refuse(name, spec, `must have ${minItems} to ${maxItems} items`);
    }
  }
  // References are read as their text, as everywhere.
  return items.kind === 'ref' ? list.map(String) : list;
}

/** Whether `item` is of an array's item kind: by its JSON type, without the string forms. */
function isItem(spec: ParamSpec, item: unknown): boolean {
  switch (spec.kind) {
    case 'string':
      return typeof item === 'string';
    case 'ref':
      return typeof item === 'string' || typeof item === 'number';
    case 'integer': {
      if (!Number.isInteger(item)) return false;
      return (
        spec.platform ||
        ((item as number) >= (spec.min ?? SAFE.min) && (item as number) <= (spec.max ?? SAFE.max))
      );
    }
    default:
      return true;
  }
}

function readFlags(name: string, spec: ParamSpec, raw: unknown): unknown {
  if (raw === undefined || raw === null) return ABSENT;
  if (!isObject(raw)) return refuse(name, spec, 'must be an object of booleans');
  const keys = spec.keys ?? [];
  const flags: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!keys.includes(key)) throw new ParamError(`${name}.${key} is not one of ${keys.join(', ')}`);
    if (typeof value !== 'boolean') throw new ParamError(`${name}.${key} must be true or false`);
    flags[key] = value;
  }
  return flags;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
