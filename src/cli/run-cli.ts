/**
 * The `parley` command: the command table, dispatch and help. Every command but `start` is a client of
 * the control API (docs/control-api.md) through the test kit's ControlClient.
 */
import { readFileSync } from 'node:fs';
import { ControlApiError } from '../testkit/index.js';
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, usageError } from './cli-error.js';
import type { CliContext, Command } from './command.js';
import { botCreateCommand, botGetCommand } from './commands/bot.js';
import { clockAdvanceCommand, clockShowCommand } from './commands/clock.js';
import { messagesCommand } from './commands/messages.js';
import { sendCommand } from './commands/send.js';
import { startCommand } from './commands/start.js';
import { userCreateCommand, userGetCommand } from './commands/user.js';
import { waitCommand } from './commands/wait.js';
import { pressCommand } from './commands/press.js';
import { voteCommand } from './commands/vote.js';
import {
  gatewayAccountCommand,
  gatewayChannelCommand,
  gatewayInboxCommand,
  gatewayLogCommand,
  gatewayReadCommand,
  gatewayWaitCodeCommand,
} from './commands/gateway.js';
import {
  deviceAddCommand,
  deviceListCommand,
  deviceOfflineCommand,
  deviceOnlineCommand,
  deviceSetCommand,
} from './commands/device.js';
import { inlineCommand } from './commands/inline.js';
import { chooseCommand } from './commands/choose.js';
import { reactCommand } from './commands/react.js';
import {
  groupAddCommand,
  groupCreateCommand,
  groupJoinCommand,
  groupLeaveCommand,
  groupLinkCommand,
  groupMigrateCommand,
  groupShowCommand,
} from './commands/group.js';
import { groupPromoteCommand, groupRemoveCommand, groupRestrictCommand } from './commands/group-admin.js';
import { blockCommand, botPrivacyCommand, unblockCommand } from './commands/block.js';
import { CLIENT_OPTIONS_HELP } from './resolve-server.js';

/** Every command, in the order the help lists them. The names are part of the product. */
export const COMMANDS: readonly Command[] = [
  startCommand,
  userCreateCommand,
  userGetCommand,
  botCreateCommand,
  botGetCommand,
  sendCommand,
  messagesCommand,
  waitCommand,
  pressCommand,
  voteCommand,
  clockAdvanceCommand,
  clockShowCommand,
  gatewayAccountCommand,
  gatewayChannelCommand,
  gatewayWaitCodeCommand,
  gatewayInboxCommand,
  gatewayReadCommand,
  gatewayLogCommand,
  deviceListCommand,
  deviceAddCommand,
  deviceSetCommand,
  deviceOnlineCommand,
  deviceOfflineCommand,
  inlineCommand,
  chooseCommand,
  reactCommand,
  groupCreateCommand,
  groupShowCommand,
  groupAddCommand,
  groupJoinCommand,
  groupLeaveCommand,
  groupPromoteCommand,
  groupRestrictCommand,
  groupRemoveCommand,
  groupMigrateCommand,
  groupLinkCommand,
  blockCommand,
  unblockCommand,
  botPrivacyCommand,
];

/** Runs one invocation and resolves to its exit code; it never rejects. */
export async function runCli(argv: readonly string[], ctx: CliContext): Promise<number> {
  try {
    return await dispatch([...argv], ctx);
  } catch (error) {
    return report(error, ctx);
  }
}

async function dispatch(argv: string[], ctx: CliContext): Promise<number> {
  const [first, ...rest] = argv;
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

  const command = findCommand(argv);
  if (command) {
    const args = argv.slice(command.name.split(' ').length);
    if (wantsHelp(args)) {
      ctx.stdout(command.help);
      return EXIT_OK;
    }
    return await command.run(args, ctx);
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
function findCommand(argv: readonly string[]): Command | undefined {
  const two = argv.slice(0, 2).join(' ');
  return COMMANDS.find((c) => c.name === two) ?? COMMANDS.find((c) => c.name === argv[0]);
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

function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  const line = (c: Command) => `  ${c.name.padEnd(width)} ${c.summary}`;
  return `parley: a self-hosted server of the messaging platform, and a client of its control API

Usage: parley <command> [options]

Server:
${line(startCommand)}

Control API of a running server:
${COMMANDS.filter((c) => c !== startCommand)
  .map(line)
  .join('\n')}

${CLIENT_OPTIONS_HELP}

Run "parley <command> --help" for the options of a command, "parley --version" for the version.

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
