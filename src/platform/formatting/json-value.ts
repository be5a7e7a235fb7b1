/**
 * A JSON reader that keeps numbers as their source text and object members in order, as TDLib's
 * json_decode does: the reference reads integer fields from that text (so 1.0 or 1e3 are not integers)
 * and, for a repeated member name, uses the first one.
 */

export type JsonValue =
  | { kind: 'null' }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'number'; text: string }
  | { kind: 'string'; value: string }
  | { kind: 'array'; items: JsonValue[] }
  | { kind: 'object'; members: Array<[string, JsonValue]> };

/** The reference's names of JSON types, as its error texts show them (td::JsonValue::get_type_name). */
export const JSON_TYPE_NAMES: Record<JsonValue['kind'], string> = {
  null: 'Null',
  boolean: 'Boolean',
  number: 'Number',
  string: 'String',
  array: 'Array',
  object: 'Object',
};

const MAX_DEPTH = 100;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

class JsonSyntaxError extends Error {}

/** Parses JSON text; undefined when it is malformed. */
export function parseJson(text: string): JsonValue | undefined {
  let position = 0;
  const fail = (): never => {
    throw new JsonSyntaxError(`malformed JSON at ${position}`);
  };
  const skipSpace = () => {
    while (position < text.length && ' \t\n\r'.includes(text[position]!)) position++;
  };
  const expect = (literal: string) => {
    if (!text.startsWith(literal, position)) fail();
    position += literal.length;
  };

  const readString = (): string => {
    expect('"');
    let value = '';
    for (;;) {
      const c = text[position++];
      if (c === undefined || c < ' ') fail();
      if (c === '"') return value;
      if (c !== '\\') {
        value += c;
        continue;
      }
      const escape = text[position++] ?? '';
      if (escape === 'u') {
        const hex = text.slice(position, position + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail();
        value += String.fromCharCode(parseInt(hex, 16));
        position += 4;
      } else if (Object.hasOwn(ESCAPES, escape)) value += ESCAPES[escape];
      else fail();
    }
  };

  const readValue = (depth: number): JsonValue => {
    if (depth > MAX_DEPTH) fail();
    skipSpace();
    const c = text[position];
    if (c === '"') return { kind: 'string', value: readString() };
    if (c === '{') {
      position++;
      const members: Array<[string, JsonValue]> = [];
      skipSpace();
      if (text[position] === '}') {
        position++;
        return { kind: 'object', members };
      }
      for (;;) {
        skipSpace();
        const name = readString();
        skipSpace();
        expect(':');
        members.push([name, readValue(depth + 1)]);
        skipSpace();
        if (text[position] === '}') {
          position++;
          return { kind: 'object', members };
        }
        expect(',');
      }
    }
    if (c === '[') {
      position++;
      const items: JsonValue[] = [];
      skipSpace();
      if (text[position] === ']') {
        position++;
        return { kind: 'array', items };
      }
      for (;;) {
        items.push(readValue(depth + 1));
        skipSpace();
        if (text[position] === ']') {
          position++;
          return { kind: 'array', items };
        }
        expect(',');
      }
    }
    if (text.startsWith('true', position)) {
      position += 4;
      return { kind: 'boolean', value: true };
    }
    if (text.startsWith('false', position)) {
      position += 5;
      return { kind: 'boolean', value: false };
    }
    if (text.startsWith('null', position)) {
      position += 4;
      return { kind: 'null' };
    }
    NUMBER.lastIndex = position;
    const number = NUMBER.exec(text);
    if (number === null) return fail();
    position += number[0].length;
    return { kind: 'number', text: number[0] };
  };

  try {
    const value = readValue(0);
    skipSpace();
    return position === text.length ? value : undefined;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined;
    throw error;
  }
}

/** The first member with the given name (td::JsonObject::get_field). */
export function getMember(
  object: Extract<JsonValue, { kind: 'object' }>,
  name: string,
): JsonValue | undefined {
  return object.members.find(([memberName]) => memberName === name)?.[1];
}
