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
import { parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
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

// Hand-written for now: --key names a PEM file (derivable with `files`), not moved yet.
const KEY_OPTIONS = { ...CLIENT_OPTIONS, bot: { type: 'string' }, key: { type: 'string' } } as const;

export const passportKeyCommand: Command = {
  name: 'passport key',
  summary: "register a bot's Passport public key (RSA, PEM)",
  help: `Usage: parley passport key --bot BOT --key FILE

Registers the bot's RSA public key (2048 bits or more, PEM): what people share with the bot is
encrypted for it. Make one with:
  openssl genrsa -out private.key 2048 && openssl rsa -in private.key -pubout -out public.key

Options:
  --bot BOT     the bot's @username or id (required)
  --key FILE    the public key's PEM file (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, KEY_OPTIONS);
    const bot = refArgument(requireOption(values.bot, '--bot', this.name));
    const file = requireOption(values.key, '--key', this.name);
    const pem = (await readText(file, ctx.cwd, '--key', this.name)).toString('utf8');
    await withClient(values, ctx, (client) => client.setBotPassportKey({ bot, public_key: pem }));
    printResult(ctx, values.json, true, () => 'key registered');
    return 0;
  },
};

// Hand-written: --elements is a JSON file whose "@path" values are files read as base64.
const SHARE_OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  bot: { type: 'string' },
  nonce: { type: 'string' },
  elements: { type: 'string' },
} as const;

export const passportShareCommand: Command = {
  name: 'passport share',
  summary: 'share Passport data with a bot as a user',
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
  --user USER         the user: a phone number (+15550001), a user id or @username (required)
  --bot BOT           the bot's @username or id (required)
  --nonce NONCE       the nonce of the bot's Passport request (required)
  --elements FILE     the elements (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, SHARE_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const bot = refArgument(requireOption(values.bot, '--bot', this.name));
    const nonce = requireOption(values.nonce, '--nonce', this.name);
    const elements = await readElements(
      requireOption(values.elements, '--elements', this.name),
      ctx.cwd,
      this.name,
    );
    const message = await withClient(values, ctx, (client) =>
      client.sharePassportData({ user, bot, nonce, elements }),
    );
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

// Hand-written for now: derivable as is, not moved yet.
const ERRORS_OPTIONS = { ...CLIENT_OPTIONS, user: { type: 'string' }, bot: { type: 'string' } } as const;

export const passportErrorsCommand: Command = {
  name: 'passport errors',
  summary: 'show the Passport errors a bot set on what a user shared',
  help: `Usage: parley passport errors --user USER --bot BOT [--json]

Shows what the user's app would show: the errors the bot set with setPassportDataErrors, until the
user shares those element types again.

Options:
  --user USER   the user: a phone number (+15550001), a user id or @username (required)
  --bot BOT     the bot's @username or id (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, ERRORS_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const bot = refArgument(requireOption(values.bot, '--bot', this.name));
    const view = await withClient(values, ctx, (client) => client.getPassportErrors({ user, bot }));
    printResult(ctx, values.json, view, formatPassportErrors);
    return 0;
  },
};
