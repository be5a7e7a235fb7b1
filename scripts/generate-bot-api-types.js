// Writes src/wire/bot-api-types.ts, the Bot API's types of what the platform answers and the result of
// each method, from the machine-readable Bot API (the reference's bot-api-10.2.json, which stays
// outside the repository):
//
//   npm run generate:bot-api-types -- /work/shared/reference/bot-api-10.2.json
//
// The output is committed, so the project builds without the JSON; src/wire/bot-api-types.test.ts
// reads the JSON when it is there and fails while the committed file is not what this writes (ADR 0068,
// ADR 0085).
import { fileURLToPath } from 'node:url';
import { baseOf, doc, formatted, generatedNotice, runGenerator, versionOf } from './bot-api-json.js';

/** Types a person's client shows that no method answers: the reply keyboards of a person's view. */
const EXTRA_ROOTS = ['Update', 'ReplyKeyboardMarkup', 'ReplyKeyboardRemove', 'ForceReply'];

const SCALARS = { Integer: 'number', Float: 'number', String: 'string', Boolean: 'boolean', True: 'true' };

/**
 * The types to write: those an answer of a method can hold, and an update, and the extra roots;
 * the types that are only ever sent (InputFile, InputMedia, ...) are left out.
 */
export function answerTypes(api) {
  const roots = [...Object.values(api.methods).flatMap((m) => m.returns.map(baseOf)), ...EXTRA_ROOTS];
  const seen = new Set();
  const stack = roots.filter((name) => name in api.types);
  while (stack.length > 0) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    const type = api.types[name];
    const refs = [...(type.subtypes ?? []), ...(type.fields ?? []).flatMap((f) => f.types)].map(baseOf);
    for (const ref of refs) if (ref in api.types && !seen.has(ref)) stack.push(ref);
  }
  // In the documentation's order, as a reader of the Bot API page finds them.
  return Object.keys(api.types).filter((name) => seen.has(name));
}

/** `Array of PhotoSize` -> `PhotoSize[]`; scalars to TypeScript's. */
function typeExpression(type) {
  const array = /^Array of (.+)$/.exec(type);
  if (array) {
    const element = typeExpression(array[1]);
    return /[|&]/.test(element) ? `(${element})[]` : `${element}[]`;
  }
  return SCALARS[type] ?? type;
}

const quoted = (words) => words.map((w) => `'${w}'`).join(' | ');

/**
 * A field's type. The Bot API writes discriminants as text: a String field that is "always 'x'" or
 * "must be x" is the literal `'x'` (ChatMemberOwner.status, MessageOriginUser.type,
 * MenuButtonWebApp.type, ...), one whose description ends
 * in a plain list ("can be either 'private', 'group', 'supergroup' or 'channel'") is that union, and
 * an Integer that is "Always 0." is `0` (InaccessibleMessage.date). Lists with notes between their
 * words ("Currently, can be 'mention' (@username), ...") stay `string`: they grow between versions.
 */
function fieldType(field) {
  if (field.types.length === 1 && field.types[0] === 'String') {
    const always =
      /always '([^']+)'/.exec(field.description) ?? /, must be ([a-z_]+)$/.exec(field.description);
    if (always && field.required) return quoted([always[1]]);
    const list = /can be (?:either )?((?:'[a-z_]+'(?:, or |, | or ))+'[a-z_]+')$/.exec(field.description);
    if (list) return quoted([...list[1].matchAll(/'([a-z_]+)'/g)].map((m) => m[1]));
  }
  if (field.types.length === 1 && field.types[0] === 'Integer') {
    const always = /^Always (\d+)\./.exec(field.description);
    if (always) return always[1];
  }
  return field.types.map(typeExpression).join(' | ');
}

function declaration(type) {
  const link = `@see ${type.href}`;
  if (type.subtypes?.length) {
    return `${doc([...type.description, '', link])}export type ${type.name} = ${type.subtypes.map(typeExpression).join(' | ')};\n`;
  }
  if (!type.fields?.length) {
    // Objects that hold no information yet (ForumTopicClosed, ...): `{}` as the wire has it.
    return `${doc([...type.description, '', link])}export type ${type.name} = Record<string, never>;\n`;
  }
  const fields = type.fields.map(
    (field) =>
      `${doc([field.description], '  ')}  ${field.name}${field.required ? '' : '?'}: ${fieldType(field)};\n`,
  );
  return `${doc([...type.description, '', link])}export interface ${type.name} {\n${fields.join('')}}\n`;
}

/**
 * A method's documented result as a type. `Boolean` is `true`: every method documented to return a
 * Boolean returns True on success ("Returns True on success"), and fails with an error otherwise.
 */
function resultType(returns) {
  return returns.map((type) => (type === 'Boolean' ? 'true' : typeExpression(type))).join(' | ');
}

/**
 * `MethodResults`: each method, in the documentation's order, and its result (ADR 0085), as
 * @grammyjs/types' `ApiMethods` types a method's return.
 */
function methodResults(api) {
  const entries = Object.entries(api.methods).map(
    ([name, method]) =>
      `${method.href ? `  /** @see ${method.href} */\n` : ''}  ${name}: ${resultType(method.returns)};\n`,
  );
  const about = [
    "The result of each method of the Bot API, as its documentation states it: what a successful call's",
    '`result` holds.',
  ];
  return `${doc(about)}export interface MethodResults {\n${entries.join('')}}\n`;
}

/** The whole file, formatted as Prettier formats the repository. */
export async function botApiTypesSource(api, license, file) {
  const version = versionOf(api);
  const header = doc([
    `The Bot API's types (version ${version}, ${api.release_date}) of what the platform answers: every`,
    "type a method returns or an update holds, the reply keyboards a person sees, and each method's result",
    "(`MethodResults`). The Bot API's method table types its handlers' results with them (ADR 0085); the",
    'test kit types its answers with them (control-types.ts) and exports them as `BotApi`, as',
    "@grammyjs/types types a bot's.",
    '',
    ...generatedNotice(api, license, 'generate-bot-api-types.js', 'ADR 0068, ADR 0085'),
  ]);
  const body = [...answerTypes(api).map((name) => declaration(api.types[name])), methodResults(api)];
  return formatted(`${header}\n${body.join('\n')}`, file);
}

export const OUTPUT = fileURLToPath(new URL('../src/wire/bot-api-types.ts', import.meta.url));

await runGenerator(import.meta.url, OUTPUT, (api, license) => botApiTypesSource(api, license, OUTPUT));
