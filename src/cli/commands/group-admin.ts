/**
 * `parley group promote|restrict|remove`: a chat's creator or administrators managing its members
 * through the control API. Rights and permissions are given as comma-separated names of the Bot
 * API's ChatAdministratorRights and ChatPermissions fields.
 */
import { CHAT_HELP, formatChat } from './group.js';
import { usageError } from '../cli-error.js';
import { parseCommandArgs, requireOption, type Command } from '../command.js';
import { printResult } from '../output.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
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

/**
 * The chat acted on is CHAT (or --chat CHAT, as in earlier versions). --rights and --allow are the
 * commands' own: they give ChatAdministratorRights / ChatPermissions (objects of booleans) as comma
 * lists of names.
 */
const ON_CHAT = { subject: 'chat', subjectOption: true } as const;
const UNTIL = { flags: { until_date: 'until' }, metavars: { until_date: 'UNIX_TIME' } } as const;

const PROMOTE = routeCli('promoteChatMember', {
  ...ON_CHAT,
  flags: { custom_title: 'title' },
  metavars: { custom_title: 'TITLE' },
});
const PROMOTE_OPTIONS = { ...CLIENT_OPTIONS, ...PROMOTE.options, rights: { type: 'string' } } as const;

export const groupPromoteCommand: Command = {
  name: 'group promote',
  summary: 'make a member (or a bot) an administrator, or demote one',
  options: PROMOTE_OPTIONS,
  routes: [PROMOTE],
  help: `Usage: parley group promote CHAT --user USER --by USER --rights RIGHTS [--title TITLE] [--json]

Gives administrator rights (a bot not in the chat joins as an administrator, as bots join
channels); "--rights none" demotes. The user, if a bot, gets my_chat_member. Prints the chat.
${CHAT_HELP}

Options:
${routeHelp(
  [PROMOTE],
  [['--rights RIGHTS', `comma-separated: ${ADMIN_RIGHT_NAMES.join(', ')}, is_anonymous; or none (required)`]],
)}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, PROMOTE_OPTIONS, PROMOTE.positionals);
    const { values } = parsed;
    const params = await PROMOTE.params(parsed, this.name);
    const rights = names(
      requireOption(values.rights, '--rights', this.name),
      [...ADMIN_RIGHT_NAMES, 'is_anonymous'],
      '--rights',
      this.name,
    );
    const chat = await withClient(values, ctx, (client) => client.promoteChatMember({ ...params, rights }));
    printResult(ctx, values.json, chat, formatChat);
    return 0;
  },
};

/** Not offered: use_independent_chat_permissions (never offered; --allow gives the permissions as listed). */
const RESTRICT = routeCli('restrictChatMember', {
  ...ON_CHAT,
  ...UNTIL,
  omit: ['use_independent_chat_permissions'],
});
const RESTRICT_OPTIONS = { ...CLIENT_OPTIONS, ...RESTRICT.options, allow: { type: 'string' } } as const;

export const groupRestrictCommand: Command = {
  name: 'group restrict',
  summary: 'restrict a member of a supergroup',
  options: RESTRICT_OPTIONS,
  routes: [RESTRICT],
  help: `Usage: parley group restrict CHAT --user USER --by USER [--allow PERMISSIONS] [--until UNIX_TIME] [--json]

Restricts a member of a supergroup to the permissions given (none by default: read only) until a
time (default: forever; less than 30 s or more than 366 days away is forever). Prints the chat.
${CHAT_HELP}

Options:
${routeHelp([RESTRICT], [['--allow PERMISSIONS', `comma-separated: ${PERMISSION_NAMES.join(', ')}`]])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, RESTRICT_OPTIONS, RESTRICT.positionals);
    const { values } = parsed;
    const params = await RESTRICT.params(parsed, this.name);
    const permissions = names(values.allow ?? 'none', PERMISSION_NAMES, '--allow', this.name);
    const chat = await withClient(values, ctx, (client) =>
      client.restrictChatMember({ ...params, permissions }),
    );
    printResult(ctx, values.json, chat, formatChat);
    return 0;
  },
};

const REMOVE = routeCli('removeChatMember', { ...ON_CHAT, ...UNTIL });
const REMOVE_OPTIONS = { ...CLIENT_OPTIONS, ...REMOVE.options } as const;

export const groupRemoveCommand: Command = {
  name: 'group remove',
  summary: 'remove and ban a member (a bot gets my_chat_member)',
  options: REMOVE_OPTIONS,
  routes: [REMOVE],
  help: `Usage: parley group remove CHAT --user USER --by USER [--until UNIX_TIME] [--json]

Removes a member and bans them until a time (default: forever). A removed bot gets my_chat_member
with status "kicked".
${CHAT_HELP}

Options:
${REMOVE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, REMOVE_OPTIONS, REMOVE.positionals);
    const { values } = parsed;
    const params = await REMOVE.params(parsed, this.name);
    const done = await withClient(values, ctx, (client) => client.removeChatMember(params));
    printResult(ctx, values.json, done, () => 'removed');
    return 0;
  },
};
