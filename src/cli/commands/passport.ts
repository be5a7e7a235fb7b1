/**
 * `parley passport key`, `parley passport share` and `parley passport errors`: a bot's Passport
 * public key (`POST /control/bots/passport-key`), a user sharing Passport data with a bot
 * (`POST /control/passport/share`), the errors the bot set (`GET /control/passport/errors`).
 * docs/passport.md.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PassportErrors, SharePassportDataParams } from '../../testkit/index.js';
import { usageError } from '../cli-error.js';
import { parseCommandArgs, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

type Elements = SharePassportDataParams['elements'];

const FILE_FIELDS = ['front_side', 'reverse_side', 'selfie'] as const;
const FILE_LIST_FIELDS = ['files', 'translation'] as const;

async function readText(file: string, cwd: string, flag: string, command: string): Promise<Buffer> {
  return readFile(path.resolve(cwd, file)).catch((error: NodeJS.ErrnoException) => {
    throw usageError(`cannot read ${flag} ${file}: ${error.code ?? error.message}`, command);
  });
}

/**
 * The elements of an elements file: a JSON array as the control API takes it, where a file given
 * as "@path" (relative to the elements file) is read and sent as base64.
 */
async function readElements(file: string, cwd: string, command: string): Promise<Elements> {
  const text = (await readText(file, cwd, '--elements', command)).toString('utf8');
  let elements: unknown;
  try {
    elements = JSON.parse(text);
  } catch {
    throw usageError(`--elements ${file} is not JSON`, command);
  }
  if (!Array.isArray(elements)) throw usageError(`--elements ${file} must hold a JSON array`, command);
  const base = path.dirname(path.resolve(cwd, file));
  const load = async (value: unknown) =>
    typeof value === 'string' && value.startsWith('@')
      ? (await readText(value.slice(1), base, '--elements file', command)).toString('base64')
      : value;
  for (const element of elements as Array<Record<string, unknown>>) {
    if (typeof element !== 'object' || element === null) continue;
    for (const field of FILE_FIELDS) element[field] = await load(element[field]);
    for (const field of FILE_LIST_FIELDS) {
      const list = element[field];
      if (Array.isArray(list)) element[field] = await Promise.all(list.map(load));
    }
  }
  return elements as Elements;
}

const KEY = routeCli('setBotPassportKey', { flags: { public_key: 'key' }, files: ['public_key'] });
const KEY_OPTIONS = { ...CLIENT_OPTIONS, ...KEY.options } as const;

export const passportKeyCommand: Command = {
  name: 'passport key',
  summary: "register a bot's Passport public key (RSA, PEM)",
  options: KEY_OPTIONS,
  routes: [KEY],
  help: `Usage: parley passport key --bot BOT --key FILE

Registers the bot's RSA public key (2048 bits or more, PEM): what people share with the bot is
encrypted for it. Make one with:
  openssl genrsa -out private.key 2048 && openssl rsa -in private.key -pubout -out public.key

Options:
${KEY.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, KEY_OPTIONS);
    const { values } = parsed;
    const params = await KEY.params(parsed, this.name, { cwd: ctx.cwd });
    await withClient(values, ctx, (client) => client.setBotPassportKey(params));
    printResult(ctx, values.json, true, () => 'key registered');
    return 0;
  },
};

/** --elements is the command's own: a JSON file of the elements, whose "@path" values are files read as base64. */
const SHARE = routeCli('sharePassportData', { metavars: { nonce: 'NONCE' } });
const SHARE_OPTIONS = { ...CLIENT_OPTIONS, ...SHARE.options, elements: { type: 'string' } } as const;

export const passportShareCommand: Command = {
  name: 'passport share',
  summary: 'share Passport data with a bot as a user',
  options: SHARE_OPTIONS,
  routes: [SHARE],
  help: `Usage: parley passport share --user USER --bot BOT --nonce NONCE --elements FILE [--json]

The user shares the elements of FILE with the bot, which gets them encrypted for its public key as
a "passport_data" message; prints it. FILE is a JSON array of elements as POST
/control/passport/share takes them; a file (front_side, reverse_side, selfie, items of files and
translation) may be "@scan.jpg", read relative to FILE. For example:
  [{"type": "personal_details", "data": {"first_name": "Alice", "last_name": "Liddell",
    "birth_date": "04.05.1990", "gender": "female", "country_code": "GB",
    "residence_country_code": "GB"}},
   {"type": "passport", "data": {"document_no": "X1"}, "front_side": "@front.jpg"},
   {"type": "email", "email": "alice@example.com"}]

Options:
${routeHelp([SHARE], [['--elements FILE', 'the elements (required)']])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, SHARE_OPTIONS);
    const { values } = parsed;
    const file = requireOption(values.elements, '--elements', this.name);
    const elements = await readElements(file, ctx.cwd, this.name);
    const params = await SHARE.params(parsed, this.name, { set: { elements } });
    const message = await withClient(values, ctx, (client) => client.sharePassportData(params));
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};

/** One line per error: `type source: message` and the field it names. */
export function formatPassportErrors(view: PassportErrors): string {
  if (view.errors.length === 0) return '(no errors)';
  return view.errors
    .map((e) => `${e.type} ${e.source}${e.field_name ? ` ${e.field_name}` : ''}: ${e.message}`)
    .join('\n');
}

const ERRORS = routeCli('getPassportErrors');
const ERRORS_OPTIONS = { ...CLIENT_OPTIONS, ...ERRORS.options } as const;

export const passportErrorsCommand: Command = {
  name: 'passport errors',
  summary: 'show the Passport errors a bot set on what a user shared',
  options: ERRORS_OPTIONS,
  routes: [ERRORS],
  help: `Usage: parley passport errors --user USER --bot BOT [--json]

Shows what the user's app would show: the errors the bot set with setPassportDataErrors, until the
user shares those element types again.

Options:
${ERRORS.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, ERRORS_OPTIONS);
    const { values } = parsed;
    const params = await ERRORS.params(parsed, this.name);
    const view = await withClient(values, ctx, (client) => client.getPassportErrors(params));
    printResult(ctx, values.json, view, formatPassportErrors);
    return 0;
  },
};
