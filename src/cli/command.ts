/**
 * What every `parley` command is made of: its entry in the command table, the context it runs in, and
 * the argument parsing they share.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../config/config.js';
import { usageError } from './cli-error.js';
import { nearestName } from './nearest-name.js';
import type { RouteField } from './route-help.js';

/** Where a command reads its environment and writes its output; tests pass their own. */
export interface CliContext {
  env: NodeJS.ProcessEnv;
  /** Relative paths (`--data ./data`) are resolved against it. */
  cwd: string;
  /** Writes one line (the newline is added) to standard output. */
  stdout(line: string): void;
  /** Writes one line (the newline is added) to standard error. */
  stderr(line: string): void;
  /** Replaces the transport of the control client. */
  fetch?: typeof fetch;
  /** Loads the server for `start`; tests replace it to avoid starting one. */
  loadServer?: () => Promise<ServerModule>;
}

/** The part of `src/server/run.ts` that `start` uses. */
export interface ServerModule {
  runServer(config: Config, options?: { world?: { file: string; text: string } }): Promise<void>;
}

export interface Command {
  /** The words that select it, e.g. `user create`. Part of the product: scripts rely on them. */
  name: string;
  /** One line for the general help. */
  summary: string;
  /** The full text of `parley <name> --help`. */
  help: string;
  /** Runs with the arguments after the command's words; resolves to the exit code. */
  run(args: string[], ctx: CliContext): Promise<number>;
  /** Its parseArgs options (the client's included), held to `routes` by route-options.test.ts. */
  options?: OptionsConfig;
  /** The control routes its options and their help lines are derived from (route-options.ts). */
  routes?: ReadonlyArray<{ readonly id: string; readonly fields: readonly RouteField[] }>;
}

export function processContext(): CliContext {
  return {
    env: process.env,
    cwd: process.cwd(),
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
  };
}

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
/**
 * What parseArgs answers for a command's options, written out so that the build's declarations can
 * name it (node:util does not export the types it would otherwise name; ADR 0057).
 */
type ParsedCommandArgs<O extends OptionsConfig> = Omit<
  ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>,
  'positionals'
> & { positionals: string[] };

/**
 * Parses a command's arguments strictly: unknown options and a wrong number of positionals are usage
 * errors pointing to the command's help. A positional name ending in `?` is optional (a command's
 * subject that may also be given by its older option, see `subjectArgument`). A negative number
 * standing alone (`group show -100200`) is a positional, not a cluster of short options. The option
 * types flow through to the values.
 */
export function parseCommandArgs<const O extends OptionsConfig>(
  command: string,
  args: string[],
  options: O,
  positionalNames: readonly string[] = [],
): ParsedCommandArgs<O> {
  let parsed;
  try {
    parsed = parseArgs({
      args: markNegativeNumbers(args, options),
      options,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError(describeParseError(error, options), command);
  }
  const positionals = parsed.positionals.map((p) => (p.startsWith(NEGATIVE) ? p.slice(1) : p));
  if (positionals.length > positionalNames.length) {
    throw usageError(`unexpected argument "${positionals[positionalNames.length]}"`, command);
  }
  const required = positionalNames.filter((name) => !name.endsWith('?'));
  if (positionals.length < required.length) {
    throw usageError(`missing ${required[positionals.length]}`, command);
  }
  return { ...parsed, positionals };
}

/**
 * The one thing a command acts on (`bot get BOT`, `gateway account show ACCOUNT`): its positional
 * argument, or else the option that named it in earlier versions (`--account ID`), which is kept so
 * that scripts written for that form keep working. Both at once is a usage error.
 */
export function subjectArgument(
  positional: string | undefined,
  option: string | undefined,
  name: string,
  flag: string,
  command: string,
): string {
  if (positional !== undefined && option !== undefined) {
    throw usageError(`give ${name} or ${flag}, not both`, command);
  }
  const value = positional ?? option;
  if (value === undefined || value === '') throw usageError(`missing ${name}`, command);
  return value;
}

/** Prefixes a negative number that parseArgs must read as a positional; removed after parsing. */
const NEGATIVE = '\u0000';

/**
 * `--to -100200` (a group chat id) would be refused as an ambiguous value; no option looks like a
 * negative number, so such a value is joined to its option as `--to=-100200`. One standing alone is
 * a positional (a chat id), marked so that parseArgs does not read it as the short options -1, -0...
 */
function markNegativeNumbers(args: string[], options: OptionsConfig): string[] {
  const marked: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (arg === '--') return [...marked, ...args.slice(i)];
    const takesValue = arg.startsWith('--') && options[arg.slice(2)]?.type === 'string';
    if (takesValue && next !== undefined && /^-\d+$/.test(next)) {
      marked.push(`${arg}=${next}`);
      i++;
    } else if (/^-\d+$/.test(arg)) {
      marked.push(`${NEGATIVE}${arg}`);
    } else {
      marked.push(arg);
    }
  }
  return marked;
}

/**
 * Node's parse errors carry a second sentence of advice that does not fit the one-line format. An
 * unknown option gets the command's nearest option as a suggestion instead.
 */
function describeParseError(error: unknown, options: OptionsConfig): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '(--([^'=]+))/.exec(message);
  if (unknown) return unknownOption(unknown[1]!, Object.keys(options));
  const ambiguous = /^Option '(-[\w-]+)' argument is ambiguous/.exec(message);
  if (ambiguous) {
    const flag = ambiguous[1]!;
    return `option '${flag}' needs a value; for a value that starts with "-", write ${flag}=VALUE`;
  }
  const missing = /^Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(message);
  if (missing) return `option '${missing[1]!}' needs a value`;
  const first = message.split(/\.\s|\n/)[0] ?? message;
  return first.charAt(0).toLowerCase() + first.slice(1);
}

/** `unknown option '--firstname'; did you mean --first-name?` (without a suggestion when none is near). */
export function unknownOption(flag: string, known: readonly string[]): string {
  const nearest = nearestName(flag.replace(/^--/, ''), known);
  return `unknown option '${flag}'${nearest === undefined ? '' : `; did you mean --${nearest}?`}`;
}

export function requireOption(value: string | undefined, flag: string, command: string): string {
  if (value === undefined || value === '') throw usageError(`missing ${flag}`, command);
  return value;
}

/** An integer option within bounds; `undefined` when the option is absent. */
export function integerOption(
  value: string | undefined,
  flag: string,
  command: string,
  min: number,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(number) || number < min) {
    throw usageError(`${flag} must be an integer of at least ${min}, not "${value}"`, command);
  }
  return number;
}

/**
 * A user or chat reference as typed on the command line. Digits (a minus sign for group chats) are an
 * id and go on the wire as a number; a bare name gets the `@` of a username, since usernames start with
 * a letter and nothing else does; anything else (`+1555...`, `@name`) goes as typed for the server to judge.
 */
export function refArgument(text: string): number | string {
  if (/^-?\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  if (/^[a-z]/i.test(text)) return `@${text}`;
  return text;
}

/** Usernames are stored without the `@` that people often type in front of them. */
export function bareUsername(text: string | undefined): string | undefined {
  return text?.replace(/^@/, '');
}
