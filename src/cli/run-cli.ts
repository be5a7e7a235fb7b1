/**
 * The `parley` command: the command table, dispatch and help. Every command but `start` is a client of
 * the control API (docs/control-api.md) through the test kit's ControlClient.
 */
import { readFileSync } from 'node:fs';
import { ControlApiError } from '../testkit/index.js';
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, usageError } from './cli-error.js';
import type { CliContext, Command } from './command.js';
import { nearestName } from './nearest-name.js';
import { COMMAND_GROUPS, COMMANDS } from './command-table.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP } from './resolve-server.js';

export { COMMANDS };

/** Runs one invocation and resolves to its exit code; it never rejects. */
export async function runCli(argv: readonly string[], ctx: CliContext): Promise<number> {
  try {
    return await dispatch([...argv], ctx);
  } catch (error) {
    return report(error, ctx);
  }
}

async function dispatch(argv: string[], ctx: CliContext): Promise<number> {
  const { leading, rest: words } = leadingOptions(argv);
  const [first, ...rest] = words;
  if (first === undefined) {
    ctx.stderr(generalHelp());
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h') {
    ctx.stdout(generalHelp());
    return EXIT_OK;
  }
  if (first === 'help') return help(rest, ctx);
  if (first === '--version') {
    ctx.stdout(version());
    return EXIT_OK;
  }
  if (first.startsWith('-')) {
    const flag = first.split('=')[0]!;
    const nearest = nearestName(flag.replace(/^--?/, ''), Object.keys(CLIENT_OPTIONS));
    const only = nearest === undefined ? ': only' : `; did you mean --${nearest}? Only`;
    throw usageError(
      `unknown option '${flag}' before the command${only} ${LEADING_NAMES} go there; give the command's own options after it`,
    );
  }

  const command = findCommand(words);
  if (command) {
    const args = words.slice(command.name.split(' ').length);
    if (wantsHelp(args)) {
      ctx.stdout(command.help);
      return EXIT_OK;
    }
    return await command.run(withLeading(args, leading), ctx);
  }

  const group = groupCommands(first);
  if (group.length === 0) throw usageError(`unknown command "${first}"`);
  if (wantsHelp(rest)) {
    ctx.stdout(groupHelp(first, group));
    return EXIT_OK;
  }
  const sub = rest[0];
  if (sub === undefined || sub.startsWith('-')) {
    throw usageError(`"${first}" needs a subcommand: ${subcommandNames(first, group).join(', ')}`, first);
  }
  throw usageError(`unknown command "${first} ${sub}"`, first);
}

/** The connection options, which may come before the command (`parley --json user get 5`). */
const LEADING_NAMES = Object.keys(CLIENT_OPTIONS)
  .map((name) => `--${name}`)
  .join(', ');

/**
 * Takes the connection options (CLIENT_OPTIONS) off the front of the arguments, each with its value
 * if it takes one, and leaves the rest (the command's words first) as they were.
 */
function leadingOptions(argv: readonly string[]): { leading: string[]; rest: string[] } {
  const leading: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag = '', inline] = arg.split(/=(.*)/s, 2);
    const option = clientOption(flag);
    if (option === undefined) break;
    if (option.type === 'boolean') {
      if (inline !== undefined) throw usageError(`option '${flag}' does not take an argument`);
      leading.push(arg);
    } else if (inline !== undefined) {
      leading.push(arg);
    } else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('-')) {
        throw usageError(
          value === undefined
            ? `option '${flag}' needs a value`
            : `option '${flag}' needs a value; for a value that starts with "-", write ${flag}=VALUE`,
        );
      }
      leading.push(arg, value);
      i++;
    }
  }
  return { leading, rest: argv.slice(i) };
}

/** The connection option spelled `flag` (`--server`), if it is one. */
function clientOption(flag: string): { type: 'string' | 'boolean' } | undefined {
  const name = flag.slice(2);
  return flag.startsWith('--') && Object.hasOwn(CLIENT_OPTIONS, name)
    ? CLIENT_OPTIONS[name as keyof typeof CLIENT_OPTIONS]
    : undefined;
}

/**
 * Hands the options given before the command to it as if given after its own arguments (but before a
 * `--`, after which they would be positionals). An option given both before and after the command
 * keeps the value given after it, the nearer one.
 */
function withLeading(args: readonly string[], leading: readonly string[]): string[] {
  const end = args.indexOf('--') === -1 ? args.length : args.indexOf('--');
  const own = args.slice(0, end);
  const given = (flag: string) => own.some((a) => a === flag || a.startsWith(`${flag}=`));
  const kept: string[] = [];
  for (let i = 0; i < leading.length; i++) {
    const arg = leading[i]!;
    const flag = arg.split('=')[0]!;
    const pair = !arg.includes('=') && clientOption(flag)?.type === 'string';
    const words = pair ? [arg, leading[++i]!] : [arg];
    if (!given(flag)) kept.push(...words);
  }
  return [...own, ...kept, ...args.slice(end)];
}

/** `parley help`, `parley help <command...>`. */
function help(topic: string[], ctx: CliContext): number {
  if (topic.length === 0) {
    ctx.stdout(generalHelp());
    return EXIT_OK;
  }
  const command = findCommand(topic);
  if (command && command.name.split(' ').length === topic.length) {
    ctx.stdout(command.help);
    return EXIT_OK;
  }
  const group = topic.length === 1 ? groupCommands(topic[0]!) : [];
  if (group.length > 0) {
    ctx.stdout(groupHelp(topic[0]!, group));
    return EXIT_OK;
  }
  throw usageError(`no help on "${topic.join(' ')}": unknown command`);
}

/** The command whose words start the arguments, two-word names first (`user create` before `user`). */
/** The command named by the first words, the longest name first (`user photo add` before `user`). */
function findCommand(argv: readonly string[]): Command | undefined {
  for (const length of [3, 2, 1]) {
    const name = argv.slice(0, length).join(' ');
    const command = argv.length >= length ? COMMANDS.find((c) => c.name === name) : undefined;
    if (command) return command;
  }
  return undefined;
}

function groupCommands(word: string): Command[] {
  return COMMANDS.filter((c) => c.name.startsWith(`${word} `));
}

function subcommandNames(word: string, group: readonly Command[]): string[] {
  return group.map((c) => c.name.slice(word.length + 1));
}

/** `--help` anywhere before `--` (after it, it would be a value). */
function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

function report(error: unknown, ctx: CliContext): number {
  if (error instanceof CliError) {
    ctx.stderr(`parley: ${error.message} (${error.code})`);
    if (error.helpTopic !== undefined) {
      ctx.stderr(`Run "parley ${error.helpTopic ? `${error.helpTopic} ` : ''}--help" for usage.`);
    }
    return error.exitCode;
  }
  if (error instanceof ControlApiError) {
    ctx.stderr(`parley: ${error.description} (${error.error})`);
    return EXIT_FAILURE;
  }
  // Anything else is unforeseen (the server failing to listen, a bug): its errno code if it has one.
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  ctx.stderr(`parley: ${message} (${typeof code === 'string' ? code : 'INTERNAL_ERROR'})`);
  return EXIT_FAILURE;
}

/** The commands under the headings of COMMAND_GROUPS, then the connection options and exit codes. */
function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  const line = (c: Command) => `  ${c.name.padEnd(width)} ${c.summary}`;
  const groups = COMMAND_GROUPS.map((group) => `${group.title}:\n${group.commands.map(line).join('\n')}`);
  return `parley: a self-hosted server of the messaging platform, and a client of its control API

Usage: parley <command> [options]

${groups.join('\n\n')}

Every command but "start" acts on a running server through its control API.
${CLIENT_OPTIONS_HELP}

Run "parley <command> --help" for the options of a command, "parley <word> --help" for the
commands that begin with that word (e.g. "parley group --help"), "parley --version" for the version.

Exit codes: 0 done; 1 the operation failed (an error answer, a wait that timed out, no server);
2 usage or configuration error. Errors are one line on stderr: parley: <description> (<CODE>).`;
}

function groupHelp(word: string, group: readonly Command[]): string {
  const names = subcommandNames(word, group);
  const width = Math.max(...names.map((n) => n.length)) + 2;
  return `Usage: parley ${word} <${names.join('|')}> [options]

${group.map((c, i) => `  ${names[i]!.padEnd(width)} ${c.summary}`).join('\n')}

Run "parley ${word} <${names.join('|')}> --help" for the options of each.`;
}

/** Read from package.json, two levels up from both src/cli/ and dist/cli/. */
function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return `parley ${manifest.version}`;
}
