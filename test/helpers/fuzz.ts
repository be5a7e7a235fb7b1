/**
 * What the fuzz tests of the three surfaces share (test/fuzz-*.test.ts): fast-check arbitraries of
 * hostile parameter values, parameter lists built from a table of fields, and the encodings a
 * client can send them in (JSON, x-www-form-urlencoded, query string, multipart, odd content types
 * and encodings), written to bytes by hand so that what fetch would refuse or repair (lone
 * surrogates, invalid UTF-8, malformed percent escapes, duplicate keys) reaches the server as given.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { HostLookup } from '../../src/platform/net/outbound-connector.js';

/** Text inserted verbatim into a JSON body (numbers JSON.stringify cannot write, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `RawJson(${this.text.length > 60 ? `${this.text.slice(0, 60)}... (${this.text.length})` : this.text})`;
  }
}

/** Bytes that are not UTF-8 (or not the UTF-8 of what they seem), inserted as bytes. */
export class RawBytes {
  constructor(readonly bytes: Buffer) {}
  toJSON(): string {
    return `RawBytes(${this.bytes.toString('hex')})`;
  }
}

/** Text inserted verbatim into a form body or a query string (malformed percent escapes, `&`, `=`). */
export class RawForm {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `RawForm(${this.text})`;
  }
}

export type FuzzValue =
  | string
  | number
  | boolean
  | null
  | RawJson
  | RawBytes
  | RawForm
  | FuzzValue[]
  | { [key: string]: FuzzValue };

/** A parameter list: names may repeat (duplicate keys), and the order is the order sent. */
export type Entries = Array<[string, FuzzValue]>;

// ---- values -------------------------------------------------------------------------------------

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
const RIGHT_TO_LEFT = ['\u202e', '\u202b', '\u200f', '\u061c', 'العربية', 'עברית', '\u202egnp.exe'];
const ODD = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\ud83d',
  '\ude00',
  'x\ud800y',
  '😀',
  '👩‍💻',
  '🇺🇦',
  'e\u0301',
  '\uffff',
  '\ufffe',
  '\u{10ffff}',
  '\r\n',
  '\t',
  '\u2028',
  ' ',
  '%',
  '%00',
  '%zz',
  '&',
  '=',
  '+',
  '"',
  '\\',
  "'",
  '<b>',
  '</i>',
  '*_`[',
  '](',
  '~|>#',
  '\\*',
  '@',
  '/start',
  'attach://',
  'attach://photo',
  'http://127.0.0.1:1/x.jpg',
  'null',
  'true',
  'undefined',
  '[]',
  '{}',
  '__proto__',
];

/** One character (or short run) that parsers get wrong. */
export const oddPiece: fc.Arbitrary<string> = fc.constantFrom(...ZERO_WIDTH, ...RIGHT_TO_LEFT, ...ODD);

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Long runs of one character, around the limits the surfaces have (4096, 32 KiB, 64 KiB). */
export const longString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(257, 1025, 4096, 4097, 5000, 32_768, 32_769, 66_000),
    fc.constantFrom('a', 'é', '😀', '\u200b', ' ', '*', '1', '\u0000'),
  )
  .map(([length, piece]) => piece.repeat(length));

/** Strings: ASCII, any code point, odd pieces (NUL, RTL, zero-width, markup), lone surrogates, long. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.string({
      unit: fc.oneof(oddPiece, fc.string({ minLength: 1, maxLength: 3 })),
      maxLength: 8,
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: loneSurrogate, minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: longString },
);

/** Text made of formatting syntax (MarkdownV2, Markdown, HTML), nested, unbalanced and escaped. */
export const markupText: fc.Arbitrary<string> = fc.string({
  unit: fc.constantFrom(
    '*',
    '_',
    '__',
    '~',
    '||',
    '`',
    '```',
    '[',
    ']',
    '(',
    ')',
    '\\',
    '>',
    '**>',
    '!',
    'x',
    ' ',
    '\n',
    '<b>',
    '</b>',
    '<i>',
    '</i>',
    '<a href="tg://user?id=1">',
    '</a>',
    '<pre><code class="language-x">',
    '</code></pre>',
    '<tg-spoiler>',
    '<blockquote expandable>',
    '&amp;',
    '&#x110000;',
    '&lt',
    '<',
  ),
  maxLength: 30,
});

/** Numbers and number-like text: huge, negative, fractional, NaN-ish, other digits, overflowing. */
export const nastyNumber: fc.Arbitrary<FuzzValue> = fc.oneof(
  fc.integer(),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31),
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    -(2 ** 63),
    1e21,
    1e308,
    5e-324,
    0.5,
    -1.5,
  ),
  fc.double().map((n): FuzzValue => (Number.isFinite(n) ? n : String(n))),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-0',
    '0x1F',
    '0b1',
    '1_000',
    ' 12',
    '12 ',
    '12abc',
    '+5',
    '٣',
    '１２',
    '9'.repeat(30),
    `-${'9'.repeat(25)}`,
    '1.0',
    '1e3',
    '',
    ' ',
    '00012',
    '--1',
    '-',
  ),
  fc
    .constantFrom('1e400', '-1e400', '123456789012345678901234567890', '1.0e+2', '-0.0', '-0', '1E2')
    .map((text) => new RawJson(text)),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => new RawJson(n.toString())),
);

const nest = (depth: number, open: string, inner: string, close: string) =>
  new RawJson(open.repeat(depth) + inner + close.repeat(depth));

/** JSON nested within and beyond the 100-level limit (arrays and objects), and very deep. */
export const deepJson: fc.Arbitrary<RawJson> = fc.oneof(
  fc.integer({ min: 1, max: 130 }).map((depth) => nest(depth, '[', '', ']')),
  fc.constantFrom(97, 98, 99, 100, 101, 102).map((depth) => nest(depth, '{"a":', '1', '}')),
  fc.constantFrom(98, 99, 100, 101).map((depth) => nest(depth, '[{"text":"a","b":', '1', '}]')),
  fc.constantFrom(5000, 60_000).map((depth) => nest(depth, '[', '', ']')),
);

/** Byte strings that are not valid UTF-8 or are its edge cases. */
export const rawBytes: fc.Arbitrary<RawBytes> = fc.oneof(
  fc.uint8Array({ maxLength: 12 }).map((bytes) => new RawBytes(Buffer.from(bytes))),
  fc
    .constantFrom(
      [0xff],
      [0xc0, 0x80],
      [0xed, 0xa0, 0x80],
      [0xed, 0xbf, 0xbf],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
      [0xef, 0xbb, 0xbf],
      [0x00],
    )
    .map((bytes) => new RawBytes(Buffer.from(bytes))),
);

/** Form text that is not what an encoder would write. */
export const rawForm: fc.Arbitrary<RawForm> = fc
  .constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%80',
    '%00',
    'a=b=c',
    '&&',
    '=',
    '+%2B+',
    '%u0041',
    '%%',
  )
  .map((text) => new RawForm(text));

/** Parameter names that no method reads, or that objects and parsers treat specially. */
export const oddKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'method',
    'content',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    ' ',
    'chat_id[]',
    'chat_id ',
    'CHAT_ID',
    'a.b',
    'x'.repeat(300),
  ),
  fc.string({ minLength: 1, maxLength: 10 }),
  fc.string({
    unit: fc.oneof(oddPiece, fc.string({ minLength: 1, maxLength: 2 })),
    minLength: 1,
    maxLength: 4,
  }),
);

const leaf: fc.Arbitrary<FuzzValue> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Small JSON-ish structures of hostile leaves (arrays where objects are expected, and the converse). */
export const structure: fc.Arbitrary<FuzzValue> = fc.letrec<{ value: FuzzValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(oddKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Any value of the wrong kind: the generic half of every field. */
export const anyValue: fc.Arbitrary<FuzzValue> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 4, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 3, arbitrary: structure },
  { weight: 2, arbitrary: deepJson },
  { weight: 1, arbitrary: rawBytes },
  { weight: 1, arbitrary: rawForm },
);

/** A value that is valid in (roughly) `validWeight` cases out of `validWeight + wrong`. */
export function field(valid: fc.Arbitrary<FuzzValue>, { wrong = 1, validWeight = 6 } = {}) {
  return fc.oneof({ weight: validWeight, arbitrary: valid }, { weight: wrong, arbitrary: anyValue });
}

/** One of these values, given as they are, as a string, or as a JSON string of their JSON text. */
export function oneOfValues(...values: FuzzValue[]): fc.Arbitrary<FuzzValue> {
  return fc
    .constantFrom(...values)
    .chain((value) =>
      typeof value === 'number' || typeof value === 'boolean'
        ? fc.constantFrom<FuzzValue>(value, String(value))
        : fc.constant(value),
    );
}

/** Mostly one of the `valid` values, sometimes one of the `invalid` ones (each as oneOfValues gives it). */
export function pool(valid: FuzzValue[], invalid: FuzzValue[]): fc.Arbitrary<FuzzValue> {
  return invalid.length === 0
    ? oneOfValues(...valid)
    : fc.oneof(
        { weight: 3, arbitrary: oneOfValues(...valid) },
        { weight: 1, arbitrary: oneOfValues(...invalid) },
      );
}

/** An object given either as JSON (the usual way) or as a JSON string of it (double-encoded). */
export function jsonish(value: fc.Arbitrary<FuzzValue>): fc.Arbitrary<FuzzValue> {
  return fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: value.map((v) => toJsonText(v)) });
}

/** A change made to a parameter list of valid values. */
interface Mutation {
  /** Which field (modulo their number). */
  at: number;
  kind: 'wrong' | 'empty' | 'remove' | 'twice-before' | 'twice-after';
  value: FuzzValue;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat({ max: 63 }),
  kind: fc.oneof(
    { weight: 6, arbitrary: fc.constant<'wrong'>('wrong') },
    fc.constantFrom<Mutation['kind']>('empty', 'remove', 'twice-before', 'twice-after'),
  ),
  value: anyValue,
});

/**
 * Parameter lists from a table of fields: each field present with one of its (mostly valid)
 * values or absent (`required` ones nearly always present, `rare` ones seldom), then (except for
 * the `fixed` ones, whose values the caller must keep within bounds) up to three mutations (a value of
 * the wrong kind, an empty one, the field removed or given twice) and a few unknown parameters. A
 * third of the lists have no mutation, so that calls also get past the first check and succeed.
 */
export function entriesOf(
  fields: Record<string, fc.Arbitrary<FuzzValue>>,
  { required = [] as string[], rare = [] as string[], fixed = [] as string[] } = {},
): fc.Arbitrary<Entries> {
  const names = Object.keys(fields);
  const mutable = names.filter((name) => !fixed.includes(name));
  // Present in 19, 7 or 2 cases out of 20, 10 or 10.
  const weights = (name: string) =>
    required.includes(name) ? [19, 1] : rare.includes(name) ? [2, 8] : [7, 3];
  const base = fc.tuple(
    ...names.map((name) =>
      // A fixed field is always there: absent, it would take its default (a wait of 10 s, say).
      fixed.includes(name)
        ? fields[name]!.map((v) => ({ v }))
        : fc.oneof(
            { weight: weights(name)[0]!, arbitrary: fields[name]!.map((v) => ({ v })) },
            { weight: weights(name)[1]!, arbitrary: fc.constant(undefined) },
          ),
    ),
  );
  const mutations = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 2, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
  );
  const unknown = fc.oneof(
    { weight: 3, arbitrary: fc.constant<Entries>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(oddKey, anyValue), { minLength: 1, maxLength: 2 }) },
  );
  return fc.tuple(base, mutations, unknown, fc.boolean()).map(([values, changes, extra, extraFirst]) => {
    const slots: Entries[] = names.map((name, i) => (values[i] ? [[name, values[i].v]] : []));
    for (const change of changes) {
      if (mutable.length === 0) break;
      const name = mutable[change.at % mutable.length]!;
      const i = names.indexOf(name);
      const current = slots[i]!;
      if (change.kind === 'wrong') slots[i] = [[name, change.value]];
      else if (change.kind === 'empty') slots[i] = [[name, '']];
      else if (change.kind === 'remove') slots[i] = [];
      else if (change.kind === 'twice-before') slots[i] = [[name, change.value], ...current];
      else slots[i] = [...current, [name, change.value]];
    }
    const known = slots.flat();
    return extraFirst ? [...extra, ...known] : [...known, ...extra];
  });
}

// ---- encodings ----------------------------------------------------------------------------------

/** A value's JSON text (RawJson as it is; numbers JSON cannot write as strings). */
export function toJsonText(value: FuzzValue): string {
  return jsonBytes(value).toString('utf8');
}

function jsonBytes(value: FuzzValue): Buffer {
  if (value instanceof RawJson) return Buffer.from(value.text);
  if (value instanceof RawBytes) {
    // Inside a JSON string: the bytes as they are (not UTF-8), but quotes, backslashes and control
    // characters escaped, so that the JSON around them stays well-formed.
    const bytes = [...value.bytes].map((byte) =>
      byte === 0x22 || byte === 0x5c || byte < 0x20
        ? Buffer.from(`\\u${byte.toString(16).padStart(4, '0')}`)
        : Buffer.from([byte]),
    );
    return Buffer.concat([Buffer.from('"'), ...bytes, Buffer.from('"')]);
  }
  if (value instanceof RawForm) return Buffer.from(JSON.stringify(value.text));
  if (typeof value === 'string') return Buffer.from(JSON.stringify(value));
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return Buffer.from('-0');
    return Buffer.from(Number.isFinite(value) ? String(value) : JSON.stringify(String(value)));
  }
  if (value === null || typeof value === 'boolean') return Buffer.from(String(value));
  if (Array.isArray(value)) {
    const parts: Buffer[] = [Buffer.from('[')];
    value.forEach((item, i) => {
      if (i > 0) parts.push(Buffer.from(','));
      parts.push(jsonBytes(item));
    });
    parts.push(Buffer.from(']'));
    return Buffer.concat(parts);
  }
  return jsonObjectBytes(Object.entries(value));
}

/** A JSON object of these members in this order, repeated names included. */
export function jsonObjectBytes(entries: Entries): Buffer {
  const parts: Buffer[] = [Buffer.from('{')];
  entries.forEach(([name, value], i) => {
    if (i > 0) parts.push(Buffer.from(','));
    parts.push(Buffer.from(`${JSON.stringify(name)}:`), jsonBytes(value));
  });
  parts.push(Buffer.from('}'));
  return Buffer.concat(parts);
}

/** A value as the bytes of a form field or multipart part: strings as UTF-8, the rest as JSON text. */
export function valueBytes(value: FuzzValue): Buffer {
  if (typeof value === 'string') return Buffer.from(value);
  if (value instanceof RawBytes) return value.bytes;
  if (value instanceof RawForm || value instanceof RawJson) return Buffer.from(value.text);
  return jsonBytes(value);
}

/** Percent-encodes bytes as a form encoder does (unreserved characters kept, space as `+`). */
export function percent(bytes: Buffer): string {
  let text = '';
  for (const byte of bytes) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c)) text += c;
    else if (byte === 0x20) text += '+';
    else text += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return text;
}

/** `a=1&b=2` of the entries; RawForm values are inserted as they are. */
export function formText(entries: Entries): string {
  return entries
    .map(([name, value]) => {
      const text = value instanceof RawForm ? value.text : percent(valueBytes(value));
      return `${percent(Buffer.from(name))}=${text}`;
    })
    .join('&');
}

export interface UploadPart {
  field: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

export const BOUNDARY = 'fuzz-7b1e3c';

/** A multipart/form-data body: text parts for the entries, then the files. */
export function multipartBody(
  entries: Entries,
  files: UploadPart[],
  { boundary = BOUNDARY, urlencodedPart = false } = {},
): Buffer {
  const parts: Buffer[] = [];
  const head = (lines: string[]) => Buffer.from(`--${boundary}\r\n${lines.join('\r\n')}\r\n\r\n`);
  if (urlencodedPart && entries.length > 0) {
    // One part of type x-www-form-urlencoded carrying every entry (the reference expands it).
    parts.push(
      head([
        'Content-Disposition: form-data; name="params"',
        'Content-Type: application/x-www-form-urlencoded',
      ]),
      Buffer.from(formText(entries)),
      Buffer.from('\r\n'),
    );
  } else {
    for (const [name, value] of entries) {
      parts.push(
        head([`Content-Disposition: form-data; name="${name}"`]),
        valueBytes(value),
        Buffer.from('\r\n'),
      );
    }
  }
  for (const file of files) {
    const lines = [`Content-Disposition: form-data; name="${file.field}"; filename="${file.filename}"`];
    if (file.contentType !== undefined) lines.push(`Content-Type: ${file.contentType}`);
    parts.push(head(lines), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** How a parameter list travels. */
export type Transport = 'json' | 'form' | 'query' | 'multipart';

export interface Shape {
  transport: Transport;
  verb: 'GET' | 'POST';
  /** undefined: no Content-Type header. */
  contentType: string | undefined;
  /** How many leading entries go into the query string instead of the body (json and form). */
  inQuery: number;
  /** JSON bodies: an object (usual), an array of the members, a JSON string, or cut short. */
  jsonTop: 'object' | 'array' | 'string' | 'cut';
  /** Multipart: the entries as one x-www-form-urlencoded part. */
  urlencodedPart: boolean;
  /** Multipart: how the boundary is written in the Content-Type. */
  boundaryStyle: 'plain' | 'quoted' | 'upper' | 'missing' | 'empty' | 'long';
  /** The body is gzipped and says so (Content-Encoding). */
  gzip: boolean;
  /** The body is sent in chunks (Transfer-Encoding: chunked, no Content-Length). */
  chunked?: boolean;
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/json;charset=latin1',
  'text/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  ';',
  '',
  undefined,
];
const FORM_TYPES = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=UTF-8',
  'application/x-www-form-urlencoded; charset=ISO-8859-1',
  'Application/X-WWW-Form-Urlencoded',
  'application/json',
  'text/plain',
  undefined,
];

/**
 * Request shapes, their transports in proportion to `weights` (the gateway reads no multipart), a
 * GET in `get` cases out of `get + 12`.
 */
export function shapes(
  weights: Partial<Record<Transport, number>> = { json: 6, form: 4, query: 2, multipart: 3 },
  { get = 3 } = {},
): fc.Arbitrary<Shape> {
  const transports = (Object.keys(weights) as Transport[]).filter((t) => (weights[t] ?? 0) > 0);
  return fc.record({
    transport: fc.oneof(...transports.map((t) => ({ weight: weights[t]!, arbitrary: fc.constant(t) }))),
    verb:
      get > 0
        ? fc.oneof(
            { weight: 12, arbitrary: fc.constant<'POST'>('POST') },
            { weight: get, arbitrary: fc.constant<'GET'>('GET') },
          )
        : fc.constant<'POST'>('POST'),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...JSON_TYPES, ...FORM_TYPES) },
    ),
    inQuery: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 3 })),
    jsonTop: fc.oneof(
      { weight: 12, arbitrary: fc.constant<'object'>('object') },
      fc.constantFrom<Shape['jsonTop']>('array', 'string', 'cut'),
    ),
    urlencodedPart: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, fc.constant(true)),
    boundaryStyle: fc.oneof(
      { weight: 12, arbitrary: fc.constant<'plain'>('plain') },
      fc.constantFrom<Shape['boundaryStyle']>('quoted', 'upper', 'missing', 'empty', 'long'),
    ),
    gzip: fc.oneof({ weight: 20, arbitrary: fc.constant(false) }, fc.constant(true)),
    chunked: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, fc.constant(true)),
  });
}

export interface Encoded {
  verb: 'GET' | 'POST';
  /** `?...` or ''. */
  query: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  chunked?: boolean;
}

/** URLs longer than this go as a body instead (Node answers 431 to headers over 16 KiB). */
const MAX_QUERY = 8 * 1024;

/**
 * The request for `entries` in `shape`: the default Content-Type of a transport unless the shape
 * names another (the odd ones: a JSON body sent as text/plain, a form sent as JSON, ...).
 */
export function encode(entries: Entries, shape: Shape, files: UploadPart[] = []): Encoded {
  let transport = shape.transport;
  let verb = shape.verb;
  if (transport === 'query' && formText(entries).length > MAX_QUERY) transport = 'form';
  if (transport === 'multipart' || files.length > 0) {
    transport = 'multipart';
    verb = 'POST';
  }
  // fetch sends no body with GET: a GET carries everything in its query string.
  if (verb === 'GET' && transport !== 'query') {
    if (formText(entries).length > MAX_QUERY) verb = 'POST';
    else transport = 'query';
  }
  const split = transport === 'json' || transport === 'form' ? Math.min(shape.inQuery, entries.length) : 0;
  let queryEntries = transport === 'query' ? entries : entries.slice(0, split);
  let bodyEntries = transport === 'query' ? [] : entries.slice(split);
  if (formText(queryEntries).length > MAX_QUERY) {
    bodyEntries = [...queryEntries, ...bodyEntries];
    queryEntries = [];
  }
  const query = queryEntries.length > 0 ? `?${formText(queryEntries)}` : '';
  const headers: Record<string, string> = {};
  let body: Buffer | undefined;
  if (transport === 'json') {
    headers['content-type'] = 'application/json';
    const object = jsonObjectBytes(bodyEntries);
    if (shape.jsonTop === 'array') {
      body = jsonBytes(bodyEntries.map(([name, value]) => ({ [name]: value })));
    } else if (shape.jsonTop === 'string') body = Buffer.from(JSON.stringify(formText(bodyEntries)));
    else if (shape.jsonTop === 'cut') body = object.subarray(0, Math.max(0, object.length - 1));
    else body = object;
  } else if (transport === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = Buffer.from(formText(bodyEntries));
  } else if (transport === 'multipart') {
    const boundary = {
      plain: `; boundary=${BOUNDARY}`,
      quoted: `; boundary="${BOUNDARY}"`,
      upper: `; BOUNDARY=${BOUNDARY}`,
      missing: '',
      empty: '; boundary=',
      long: `; boundary=${'b'.repeat(71)}`,
    }[shape.boundaryStyle];
    headers['content-type'] = `multipart/form-data${boundary}`;
    body = multipartBody(bodyEntries, files, { urlencodedPart: shape.urlencodedPart });
  }
  if (shape.contentType !== undefined && transport !== 'multipart' && transport !== 'query') {
    if (shape.contentType === '') delete headers['content-type'];
    else headers['content-type'] = shape.contentType;
  }
  if (body !== undefined && shape.gzip) {
    body = gzipSync(body);
    headers['content-encoding'] = 'gzip';
  }
  return { verb, query, headers, body, chunked: shape.chunked === true && body !== undefined };
}

/** Bytes as a bash $'...' string (printable ASCII as it is, the rest as \xHH). */
function ansiC(bytes: Buffer): string {
  let text = '';
  for (const byte of bytes) {
    if (byte === 0x27) text += "\\'";
    else if (byte === 0x5c) text += '\\\\';
    else if (byte >= 0x20 && byte < 0x7f) text += String.fromCharCode(byte);
    else text += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `$'${text}'`;
}

/**
 * The request as a curl command (bodies over 2000 bytes are described, not written out: the shrunk
 * counterexample of a failure is small).
 */
export function curl(url: string, request: Encoded, extraHeaders: Record<string, string> = {}): string {
  const parts = [`curl -s -X ${request.verb} ${ansiC(Buffer.from(`${url}${request.query}`))}`];
  for (const [name, value] of Object.entries({ ...request.headers, ...extraHeaders })) {
    parts.push(`-H ${ansiC(Buffer.from(`${name}: ${value}`))}`);
  }
  if (request.chunked) parts.push(`-H ${ansiC(Buffer.from('Transfer-Encoding: chunked'))}`);
  if (request.body !== undefined) {
    parts.push(
      request.body.length > 2000
        ? `--data-binary <${request.body.length} bytes starting ${ansiC(request.body.subarray(0, 200))}>`
        : `--data-binary ${ansiC(request.body)}`,
    );
  }
  return parts.join(' ');
}

export interface Answer {
  status: number;
  contentType: string | null;
  text: string;
}

/** Sends one encoded request. */
export async function send(url: string, request: Encoded, extraHeaders: Record<string, string> = {}) {
  const body = request.body;
  const response = await fetch(`${url}${request.query}`, {
    method: request.verb,
    headers: { ...request.headers, ...extraHeaders },
    ...(body === undefined
      ? {}
      : request.chunked
        ? { body: chunks(body), duplex: 'half' as const }
        : { body }),
  });
  const answer: Answer = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
  return answer;
}

/** A body as a stream of a few chunks: fetch sends it chunked, without a Content-Length. */
function chunks(body: Buffer): ReadableStream<Uint8Array> {
  const size = Math.max(1, Math.ceil(body.length / 3));
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= body.length) controller.close();
      else {
        controller.enqueue(new Uint8Array(body.subarray(at, at + size)));
        at += size;
      }
    },
  });
}

/** The answer's JSON object, or undefined when it is not one. */
export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Keys of an object, sorted, for comparing envelopes' shapes. */
export const keysOf = (object: Record<string, unknown>) => Object.keys(object).sort().join(',');

/** Percent-encodes a path segment byte by byte (lone surrogates become U+FFFD, as UTF-8 must). */
export const pathSegment = (text: string) => percent(Buffer.from(text)).replace(/\+/g, '%20');

/**
 * With FUZZ_STATS=1 in the environment, counts what each method answered and prints it at the end:
 * a way to see that the generators get past the first check of each method.
 */
export class Tally {
  readonly #counts = new Map<string, Map<string, number>>();

  add(group: string, answer: Answer): void {
    if (!process.env.FUZZ_STATS) return;
    const body = parseObject(answer.text) ?? {};
    const detail = body.description ?? body.error ?? '';
    const key = `${answer.status} ${String(detail).slice(0, 70)}`;
    const counts = this.#counts.get(group) ?? new Map<string, number>();
    counts.set(key, (counts.get(key) ?? 0) + 1);
    this.#counts.set(group, counts);
  }

  print(): void {
    for (const [group, counts] of this.#counts) {
      const lines = [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => `    ${n} ${key}`);
      console.log(`${group}\n${lines.join('\n')}`);
    }
  }
}

/**
 * The seed and the number of runs of a property: fixed (the same inputs on every run of the suite),
 * unless FUZZ_SEED or FUZZ_RUNS_FACTOR are set, for hunting with other inputs or more of them
 * (`FUZZ_SEED=7 FUZZ_RUNS_FACTOR=10 npx vitest run test/fuzz-gateway.test.ts`).
 */
export function budget(seed: number, numRuns: number): { seed: number; numRuns: number } {
  const factor = Number(process.env.FUZZ_RUNS_FACTOR ?? 1);
  return {
    seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : seed,
    numRuns: Math.max(1, Math.round(numRuns * (Number.isFinite(factor) ? factor : 1))),
  };
}

/**
 * Names resolve without the network: `hook.example` to loopback (where nothing listens on the
 * default ports), everything else not at all, so webhooks and URLs are checked and nothing leaves.
 */
export const offlineLookup: HostLookup = async (hostname) => {
  if (hostname === 'hook.example') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
