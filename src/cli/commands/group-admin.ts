/**
 * `parley group promote|restrict|remove`: a chat's creator or administrators managing its members
 * through the control API. Rights and permissions are given as comma-separated names of the Bot
 * API's ChatAdministratorRights and ChatPermissions fields.
 */
import { CHAT_HELP, chatOf, formatChat } from './group.js';
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import { ADMIN_RIGHT_NAMES, PERMISSION_NAMES } from '../../testkit/index.js';

/** `can_a,can_b` -> `{can_a: true, can_b: true}`; `none` -> `{}`. */
function names(
  text: string,
  known: readonly string[],
  flag: string,
  command: string,
): Record<string, boolean> {
  if (text === 'none') return {};
  const result: Record<string, boolean> = {};
  for (const name of text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)) {
    if (!known.includes(name))
      throw usageError(`${flag}: unknown name "${name}"; known: ${known.join(', ')}`, command);
    result[name] = true;
  }
  return result;
}

// Hand-written: --rights and --allow give ChatAdministratorRights / ChatPermissions (flags objects) as comma lists of names.
const TARGET_OPTIONS = {
  ...CLIENT_OPTIONS,
  chat: { type: 'string' },
  user: { type: 'string' },
  by: { type: 'string' },
} as const;

/** The member (`--user`) of the chat (CHAT) acted on, and who acts (`--by`). */
function target(
  { values, positionals }: { values: { chat?: string; user?: string; by?: string }; positionals: string[] },
  command: string,
) {
  return {
    chat: chatOf(command, positionals[0], values.chat),
    user: refArgument(requireOption(values.user, '--user', command)),
    by: refArgument(requireOption(values.by, '--by', command)),
  };
}

const PROMOTE_OPTIONS = { ...TARGET_OPTIONS, rights: { type: 'string' }, title: { type: 'string' } } as const;

export const groupPromoteCommand: Command = {
  name: 'group promote',
  summary: 'make a member (or a bot) an administrator, or demote one',
  help: `Usage: parley group promote CHAT --user USER --by USER --rights RIGHTS [--title TITLE] [--json]

Gives administrator rights (a bot not in the chat joins as an administrator, as bots join
channels); "--rights none" demotes. The user, if a bot, gets my_chat_member. Prints the chat.
${CHAT_HELP}

Options:
  --user USER          who is promoted (required)
  --by USER            the creator or an administrator who can promote members (required)
  --rights RIGHTS      comma-separated: ${ADMIN_RIGHT_NAMES.join(', ')}, is_anonymous; or none (required)
  --title TITLE        a custom title

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, PROMOTE_OPTIONS, ['CHAT?']);
    const { values } = parsed;
    const who = target(parsed, this.name);
    const rights = names(
      requireOption(values.rights, '--rights', this.name),
      [...ADMIN_RIGHT_NAMES, 'is_anonymous'],
      '--rights',
      this.name,
    );
    const chat = await withClient(values, ctx, (client) =>
      client.promoteChatMember({ ...who, rights, custom_title: values.title }),
    );
    printResult(ctx, values.json, chat, formatChat);
    return 0;
  },
};

const RESTRICT_OPTIONS = { ...TARGET_OPTIONS, allow: { type: 'string' }, until: { type: 'string' } } as const;

export const groupRestrictCommand: Command = {
  name: 'group restrict',
  summary: 'restrict a member of a supergroup',
  help: `Usage: parley group restrict CHAT --user USER --by USER [--allow PERMISSIONS] [--until UNIX_TIME] [--json]

Restricts a member of a supergroup to the permissions given (none by default: read only) until a
time (default: forever; less than 30 s or more than 366 days away is forever). Prints the chat.
${CHAT_HELP}

Options:
  --user USER          the member (required)
  --by USER            the creator or an administrator who can restrict members (required)
  --allow PERMISSIONS  comma-separated: ${PERMISSION_NAMES.join(', ')}
  --until UNIX_TIME    when the restriction ends, in Unix seconds of the server's clock

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, RESTRICT_OPTIONS, ['CHAT?']);
    const { values } = parsed;
    const who = target(parsed, this.name);
    const permissions = names(values.allow ?? 'none', PERMISSION_NAMES, '--allow', this.name);
    const until = integerOption(values.until, '--until', this.name, 0);
    const chat = await withClient(values, ctx, (client) =>
      client.restrictChatMember({ ...who, permissions, until_date: until }),
    );
    printResult(ctx, values.json, chat, formatChat);
    return 0;
  },
};

const REMOVE_OPTIONS = { ...TARGET_OPTIONS, until: { type: 'string' } } as const;

export const groupRemoveCommand: Command = {
  name: 'group remove',
  summary: 'remove and ban a member (a bot gets my_chat_member)',
  help: `Usage: parley group remove CHAT --user USER --by USER [--until UNIX_TIME] [--json]

Removes a member and bans them until a time (default: forever). A removed bot gets my_chat_member
with status "kicked".
${CHAT_HELP}

Options:
  --user USER          the member (required)
  --by USER            the creator or an administrator who can ban members (required)
  --until UNIX_TIME    when the ban ends, in Unix seconds of the server's clock

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, REMOVE_OPTIONS, ['CHAT?']);
    const { values } = parsed;
    const who = target(parsed, this.name);
    const until = integerOption(values.until, '--until', this.name, 0);
    const done = await withClient(values, ctx, (client) =>
      client.removeChatMember({ ...who, until_date: until }),
    );
    printResult(ctx, values.json, done, () => 'removed');
    return 0;
  },
};
