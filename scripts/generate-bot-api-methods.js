// Writes src/bot-api/declared/methods.ts, the declaration of every method of the Bot API, from the
// machine-readable Bot API (the reference's bot-api-10.2.json, which stays outside the repository):
//
//   npm run generate:bot-api-methods -- /work/shared/reference/bot-api-10.2.json
//
// For each method: its parameters in the documented order with their types and required flags, the
// limits their documented text states (parsed here: lengths, ranges, item counts, enumerations,
// defaults), its result, and the facts a runner needs. It prints the parameters whose text mentions a
// limit that it could not parse; src/bot-api/declared/overrides.ts corrects or explains each (ADR 0070).
// The output is committed, so the project builds without the JSON; src/bot-api/declared/methods.test.ts
// reads the JSON when it is there and fails while the committed file is not what this writes.
import { fileURLToPath } from 'node:url';
import { doc, formatted, generatedNotice, runGenerator, versionOf } from './bot-api-json.js';

const NUMBER = /^(?:Integer|Float)$/;

/** One recognizer: a pattern, the parameter types it applies to, and the limit it reads off a match. */
const RECOGNIZERS = [
  // "1-4096 characters after entities parsing", "0-128 bytes", "1-64 characters."
  {
    applies: (kind) => kind === 'string',
    pattern: /\b(\d+)-(\d+) (characters|bytes)\b(?: after entit(?:y|ies) parsing)?/g,
    read: (m) => ({ length: lengthOf(+m[1], +m[2], m[3], m[0]) }),
  },
  // "up to 4096 characters", "Offset length can't exceed 64 bytes"
  {
    applies: (kind) => kind === 'string',
    pattern: /\b(?:up to|can't exceed) (\d+) (characters|bytes)\b(?: after entit(?:y|ies) parsing)?/g,
    read: (m) => ({ length: lengthOf(0, +m[1], m[2], m[0]) }),
  },
  // "Values between 1-100 are accepted", "; 1-25000", ", 1-100."
  {
    applies: (kind) => kind === 'number',
    pattern: /(?:\bbetween )?(?<!ISO )\b(\d+)-(\d+)\b/gi,
    read: (m) => ({ range: { min: +m[1], max: +m[2] } }),
  },
  // "Must be between 1 and 360 if specified"
  {
    applies: (kind) => kind === 'number',
    pattern: /\bbetween (\d+) and (\d+)\b/gi,
    read: (m) => ({ range: { min: +m[1], max: +m[2] } }),
  },
  // "must be non-negative"
  {
    applies: (kind) => kind === 'number',
    pattern: /\bnon-negative\b/gi,
    read: () => ({ range: { min: 0 } }),
  },
  // "must be non-zero"
  { applies: (kind) => kind === 'number', pattern: /\bnon-zero\b/gi, read: () => ({ nonZero: true }) },
  // "A JSON-serialized list of 1-100 identifiers", "must include 2-10 items"
  {
    applies: (kind) => kind === 'array',
    pattern: /(?<!ISO )\b(\d+)-(\d+)\b(?! characters| bytes)/g,
    read: (m) => ({ items: { min: +m[1], max: +m[2] } }),
  },
  // "up to 10 items", "At most 100 commands can be specified", "At most 4 suggested tip amounts"
  {
    applies: (kind) => kind === 'array',
    pattern: /\b(?:up to|at most) (\d+)\b(?! characters| bytes)/gi,
    read: (m) => ({ items: { min: 0, max: +m[1] } }),
  },
  // "must be one of 'static', 'animated', 'video'", "Must be either 'approve' to ..., or 'queue' to ..."
  {
    applies: (kind) => kind === 'string',
    pattern: /\b(?:one of|either) ('[^']+'(?:[^.]|\.(?=\w))*)/gi,
    read: (m) => ({ oneOf: [...m[1].matchAll(/'([^']+)'/g)].map((q) => q[1]) }),
  },
  // "Poll type, 'quiz' or 'regular'"; not "Entities other than 'bold', 'italic', and 'spoiler' are ignored"
  {
    applies: (kind) => kind === 'string',
    pattern: /(?<!than )'\w+'(?:, '\w+')*,? or '\w+'/g,
    read: (m) => ({ oneOf: [...m[0].matchAll(/'([^']+)'/g)].map((q) => q[1]) }),
  },
  // "must be one of 3, 6, or 12", "one of 7322096 (0x6FB9F0), ...", "one of 6 * 3600, ..., or 2 * 86400"
  {
    applies: (kind) => kind === 'number',
    pattern:
      /\bone of ((?:\d+(?: \* \d+)?(?: \([^)]*\))?(?:, or |, | or ))+\d+(?: \* \d+)?(?: \([^)]*\))?)/gi,
    read: (m) => ({
      oneOf: [...m[1].replace(/ \([^)]*\)/g, '').matchAll(/(\d+)(?: \* (\d+))?/g)].map(
        (n) => +n[1] * (n[2] === undefined ? 1 : +n[2]),
      ),
    }),
  },
  // "Defaults to 100.", "defaults to True", "Defaults to 'regular'", "Defaults to 0, i.e. ..."
  {
    applies: () => true,
    pattern: /\bdefaults? to (True|False|-?\d+(?:\.\d+)?|'[^']*')(?=[.,;]|$)/gi,
    read: (m) => ({ default: valueOf(m[1]) }),
  },
];

/** Words that say a text states a limit; a mention no recognizer read is reported as unparsed. */
const MENTIONS = [
  /(?<!ISO )\b\d+-\d+\b/g,
  /\bbetween \d+/gi,
  /\b(?:up to|at most|at least|no more than|not more than|can't exceed|must not exceed) (?:\d+|one\b)/gi,
  /\b(?:one of|either)\b/gi,
  /'[\w]+' or '/g,
  /\bdefaults? to\b/gi,
  /\bnon-(?:negative|zero|empty)\b/gi,
  /\bmust (?:always )?be (?:\d+|positive|empty)\b/gi,
];

function lengthOf(min, max, unit, text) {
  const length = { min, max, unit };
  if (/after entit/.test(text)) length.afterEntities = true;
  return length;
}

function valueOf(word) {
  if (word === 'True' || word === 'true') return true;
  if (word === 'False' || word === 'false') return false;
  if (word.startsWith("'")) return word.slice(1, -1);
  return Number(word);
}

/** What a parameter's limits apply to: a string, a number, an array, or neither (objects, files, flags). */
function kindOf(types) {
  if (types.some((t) => t.startsWith('Array of'))) return 'array';
  if (types.length === 1 && types[0] === 'String') return 'string';
  if (types.length === 1 && NUMBER.test(types[0])) return 'number';
  if (types.length === 1 && types[0] === 'Boolean') return 'boolean';
  return 'other';
}

/**
 * The limits a parameter's documented text states, and the mentions of a limit it could not read
 * (`unparsed`: the words, for the generator's report and overrides.ts).
 */
export function parseLimits(field) {
  const text = field.description.replace(/\s+/g, ' ');
  const kind = kindOf(field.types);
  const limits = {};
  const read = [];
  for (const recognizer of RECOGNIZERS) {
    if (!recognizer.applies(kind)) continue;
    for (const match of text.matchAll(recognizer.pattern)) {
      const found = recognizer.read(match);
      const [key] = Object.keys(found);
      if (key in limits) continue; // the first statement of a limit is the limit
      Object.assign(limits, found);
      read.push([match.index, match.index + match[0].length]);
    }
  }
  // A flag's text states no limit but its default ("allow up to 1000 messages per second" is not one);
  // an object's limits are its type's, and a file's (size, dimensions) are the upload's.
  const unparsed =
    kind === 'boolean' || kind === 'other'
      ? []
      : MENTIONS.flatMap((pattern) => [...text.matchAll(pattern)])
          .filter((m) => !read.some(([from, to]) => m.index >= from && m.index < to))
          .map((m) => m[0]);
  return { limits, unparsed };
}

/**
 * `Array of InputMediaAudio, InputMediaDocument, InputMediaPhoto and InputMediaVideo` reaches the JSON
 * split at its commas: one array of the union, as the documentation means.
 */
export function paramTypes(types) {
  const last = types[types.length - 1];
  if (types.length > 1 && types[0].startsWith('Array of ') && last.includes(' and ')) {
    const members = [types[0].slice('Array of '.length), ...types.slice(1, -1), ...last.split(' and ')];
    return [`Array of ${members.join(' | ')}`];
  }
  return types;
}

const MESSAGE_RESULTS = new Set(['Message', 'Array of Message', 'MessageId', 'Array of MessageId']);

/** Methods a webhook's reply may not call (reference §4.2): their result would be lost, or they change the webhook. */
const NOT_IN_WEBHOOK_REPLY = new Set(['setWebhook', 'deleteWebhook', 'close', 'logOut']);

/** A method's declaration as the table holds it, and the parameters whose limits were not all read. */
export function declareMethod(method) {
  const names = new Set(method.fields.map((f) => f.name));
  const unparsed = [];
  const params = method.fields.map((field) => {
    const parsed = parseLimits(field);
    if (parsed.unparsed.length > 0) unparsed.push({ param: field.name, mentions: parsed.unparsed });
    return {
      name: field.name,
      types: paramTypes(field.types),
      required: field.required,
      ...parsed.limits,
      description: field.description,
    };
  });
  const declaration = {
    name: method.name,
    href: method.href,
    returns: method.returns,
    params,
    // A send puts new messages into a chat: it names the chat and answers the messages (or their ids);
    // an edit answers the message it changed.
    send:
      names.has('chat_id') &&
      !method.name.startsWith('edit') &&
      method.returns.every((r) => MESSAGE_RESULTS.has(r)),
    business: names.has('business_connection_id'),
    thread: names.has('message_thread_id'),
    reply: names.has('reply_parameters'),
    replyMarkup: names.has('reply_markup'),
    webhookReply: !method.name.startsWith('get') && !NOT_IN_WEBHOOK_REPLY.has(method.name),
  };
  return { declaration, unparsed };
}

/** The parameters of every method whose text mentions a limit the parser could not read. */
export function unparsedLimits(api) {
  return Object.values(api.methods).flatMap((method) =>
    declareMethod(method).unparsed.map((u) => ({ method: method.name, ...u })),
  );
}

const literal = (value) =>
  JSON.stringify(value).replace(/'/g, "\\'").replace(/^"|"$/g, "'").replace(/\\"/g, '"');

/** A value as TypeScript source, strings single-quoted as the repository writes them. */
function source(value, indent = '') {
  if (typeof value === 'string') return literal(value);
  if (Array.isArray(value)) return `[${value.map((v) => source(v)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${k}: ${source(v, indent)}`)
      .join(', ')} }`;
  }
  return String(value);
}

function methodSource({ params, ...method }) {
  const fields = Object.entries(method).map(([key, value]) => `    ${key}: ${source(value)},\n`);
  const list = params.map(
    ({ description, ...param }) => `${doc([description], '      ')}      ${source(param)},\n`,
  );
  return `  ${method.name}: {\n${fields.join('')}    params: [\n${list.join('')}    ],\n  },\n`;
}

/** The whole file, formatted as Prettier formats the repository. */
export async function botApiMethodsSource(api, license, file) {
  const version = versionOf(api);
  const header = doc([
    `The Bot API's methods (version ${version}, ${api.release_date}), declared once: for each method its`,
    'parameters in the documented order, their types, required flags and the limits their text states,',
    'its result, and the facts a runner needs (a send, a business connection, a thread, a reply, a reply',
    "markup, allowed in a webhook's reply). overrides.ts corrects what the text says that was not parsed",
    'right, and method-declarations.ts applies it (ADR 0070).',
    '',
    ...generatedNotice(api, license, 'generate-bot-api-methods.js', 'ADR 0070'),
  ]);
  const declarations = Object.values(api.methods).map((m) => declareMethod(m).declaration);
  const names = declarations.map((d) => `  | '${d.name}'\n`).join('');
  const body = [
    "import type { MethodDeclaration } from './method-declaration.js';",
    '',
    `/** The name of a method of Bot API ${version}. */`,
    `export type DeclaredMethodName =\n${names};`,
    '',
    `/** Every method of Bot API ${version}, in the order of the documentation. */`,
    'export const GENERATED_METHODS: { readonly [name in DeclaredMethodName]: MethodDeclaration } = {',
    ...declarations.map(methodSource),
    '};',
  ];
  return formatted(`${header}${body.join('\n')}\n`, file);
}

export const OUTPUT = fileURLToPath(new URL('../src/bot-api/declared/methods.ts', import.meta.url));

const api = await runGenerator(import.meta.url, OUTPUT, (json, license) =>
  botApiMethodsSource(json, license, OUTPUT),
);
if (api) {
  const unparsed = unparsedLimits(api);
  console.log(`${unparsed.length} parameters mention a limit the parser could not read:`);
  for (const u of unparsed) console.log(`  ${u.method}.${u.param}: ${u.mentions.join('; ')}`);
}
