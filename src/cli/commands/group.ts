/**
 * `parley group create|show|add|join|leave|migrate|link`: people creating and using groups,
 * supergroups and channels through the control API (`/control/chats...`). Administration (promote,
 * restrict, remove) is in group-admin.ts.
 */
import { usageError } from '../cli-error.js';
import { parseCommandArgs, type Command } from '../command.js';
import { printResult } from '../output.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { ChatInviteLink, ChatMember, ChatRecord } from '../../testkit/index.js';

/** `chat -1001234567890 supergroup "Title" @name` and one line per member: `  creator Alice (123)`. */
export function formatChat(chat: ChatRecord): string {
  const username = chat.username ? ` @${chat.username}` : '';
  const moved = chat.migrated_to_chat_id ? ` (upgraded to ${chat.migrated_to_chat_id})` : '';
  const forum = chat.is_forum ? ' (forum)' : '';
  const lines = [`chat ${chat.id} ${chat.type} "${chat.title}"${username}${moved}${forum}`];
  for (const member of chat.members) lines.push(`  ${formatMember(member)}`);
  return lines.join('\n');
}

function formatMember(member: ChatMember): string {
  const who = member.user.username ? `@${member.user.username}` : member.user.first_name;
  const until = member.until_date ? ` until ${member.until_date}` : '';
  return `${member.status} ${who} (${member.user.id})${until}`;
}

export function formatLink(link: ChatInviteLink): string {
  const flags = [link.creates_join_request ? 'join requests' : '', link.is_revoked ? 'revoked' : '']
    .filter(Boolean)
    .join(', ');
  return flags ? `${link.invite_link} (${flags})` : link.invite_link;
}

export const CHAT_HELP = `CHAT is the chat's id (-100...) or the @username of a public chat (also accepted as
--chat CHAT, the form of earlier versions).`;

const CREATE = routeCli('createChat', {
  flags: { members: 'member' },
  bare: ['username'],
  metavars: { username: 'NAME', description: 'TEXT', members: 'USER' },
});
const CREATE_OPTIONS = { ...CLIENT_OPTIONS, ...CREATE.options } as const;

export const groupCreateCommand: Command = {
  name: 'group create',
  summary: 'create a group, supergroup or channel as a user',
  options: CREATE_OPTIONS,
  routes: [CREATE],
  help: `Usage: parley group create --owner USER --title TITLE [--type group|supergroup|channel]
                           [--username NAME] [--description TEXT] [--forum] [--member USER]... [--json]

Creates a chat owned by a user and prints it with its members. Bots added with --member get
my_chat_member; bots join channels only by "parley group promote"; with --forum, getChat shows
is_forum (see "parley topic").

Options:
${CREATE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CREATE_OPTIONS);
    const { values } = parsed;
    const params = await CREATE.params(parsed, this.name);
    const chat = await withClient(values, ctx, (client) => client.createChat(params));
    printResult(ctx, values.json, chat, formatChat);
    return 0;
  },
};

/** `group show CHAT`: the path's chat reference, also as --chat CHAT (the form of earlier versions). */
const SHOW = routeCli('getChat', {
  subject: 'ref',
  subjectOption: true,
  flags: { ref: 'chat' },
  metavars: { ref: 'CHAT' },
});
const SHOW_OPTIONS = { ...CLIENT_OPTIONS, ...SHOW.options } as const;

export const groupShowCommand: Command = {
  name: 'group show',
  summary: 'show a group, supergroup or channel with its members',
  options: SHOW_OPTIONS,
  routes: [SHOW],
  help: `Usage: parley group show CHAT [--json]

Prints a chat and its members.
${CHAT_HELP}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, SHOW_OPTIONS, SHOW.positionals);
    const { values } = parsed;
    const params = await SHOW.params(parsed, this.name);
    const record = await withClient(values, ctx, (client) => client.getChat(params.ref));
    printResult(ctx, values.json, record, formatChat);
    return 0;
  },
};

/** The chat every group command but `create` acts on: CHAT, or `--chat CHAT` as in earlier versions. */
const CHAT_SUBJECT = { subject: 'chat', subjectOption: true } as const;

const ADD = routeCli('addChatMember', CHAT_SUBJECT);
const ADD_OPTIONS = { ...CLIENT_OPTIONS, ...ADD.options } as const;

export const groupAddCommand: Command = {
  name: 'group add',
  summary: 'add a user or bot to a chat, as a member of it',
  options: ADD_OPTIONS,
  routes: [ADD],
  help: `Usage: parley group add CHAT --user USER --by USER [--json]

Adds a user or a bot; bots get my_chat_member, groups show new_chat_members. Prints the chat.
${CHAT_HELP}

Options:
${ADD.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, ADD_OPTIONS, ADD.positionals);
    const { values } = parsed;
    const params = await ADD.params(parsed, this.name);
    const record = await withClient(values, ctx, (client) => client.addChatMember(params));
    printResult(ctx, values.json, record, formatChat);
    return 0;
  },
};

/** CHAT and --link are two forms of the route's chat and invite_link: one of them, checked here. */
const JOIN = routeCli('joinChat', {
  ...CHAT_SUBJECT,
  flags: { invite_link: 'link' },
  metavars: { invite_link: 'INVITE_LINK' },
});
const JOIN_OPTIONS = { ...CLIENT_OPTIONS, ...JOIN.options } as const;

export const groupJoinCommand: Command = {
  name: 'group join',
  summary: 'join a public chat or open an invite link as a user',
  options: JOIN_OPTIONS,
  routes: [JOIN],
  help: `Usage: parley group join (CHAT | --link INVITE_LINK) --user USER [--json]

Joins a public supergroup or channel, CHAT being its @username (also accepted as --chat CHAT, the
form of earlier versions), or opens an invite link ("parley group link" makes one). A link that
creates join requests sends one to the chat's administrators instead: "requested <chat>".

Options:
${JOIN.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, JOIN_OPTIONS, JOIN.positionals);
    const { values, positionals } = parsed;
    const byChat = positionals[0] !== undefined || values.chat !== undefined;
    if (byChat === (values.link !== undefined)) {
      throw usageError('give either CHAT or --link INVITE_LINK', this.name);
    }
    const params = await JOIN.params(parsed, this.name, byChat ? {} : { set: { chat: undefined } });
    const result = await withClient(values, ctx, (client) => client.joinChat(params));
    printResult(
      ctx,
      values.json,
      result,
      (r) => `${r.status === 'member' ? 'joined' : 'requested'} ${r.chat.id}`,
    );
    return 0;
  },
};

const LEAVE = routeCli('leaveChat', CHAT_SUBJECT);
const LEAVE_OPTIONS = { ...CLIENT_OPTIONS, ...LEAVE.options } as const;

export const groupLeaveCommand: Command = {
  name: 'group leave',
  summary: 'leave a chat as a user',
  options: LEAVE_OPTIONS,
  routes: [LEAVE],
  help: `Usage: parley group leave CHAT --user USER [--json]

The user leaves the chat (its creator cannot). Groups show left_chat_member.
${CHAT_HELP}

Options:
${LEAVE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, LEAVE_OPTIONS, LEAVE.positionals);
    const { values } = parsed;
    const params = await LEAVE.params(parsed, this.name);
    const left = await withClient(values, ctx, (client) => client.leaveChat(params));
    printResult(ctx, values.json, left, () => 'left');
    return 0;
  },
};

const MIGRATE = routeCli('migrateChat', CHAT_SUBJECT);
const MIGRATE_OPTIONS = { ...CLIENT_OPTIONS, ...MIGRATE.options } as const;

export const groupMigrateCommand: Command = {
  name: 'group migrate',
  summary: 'upgrade a group to a supergroup as its creator',
  options: MIGRATE_OPTIONS,
  routes: [MIGRATE],
  help: `Usage: parley group migrate CHAT --by USER [--json]

Upgrades a group to a supergroup and prints the supergroup. Bots then get 400 "group chat was
upgraded to a supergroup chat" with migrate_to_chat_id for the old id.
${CHAT_HELP}

Options:
${MIGRATE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, MIGRATE_OPTIONS, MIGRATE.positionals);
    const { values } = parsed;
    const params = await MIGRATE.params(parsed, this.name);
    const record = await withClient(values, ctx, (client) => client.migrateChat(params));
    printResult(ctx, values.json, record, formatChat);
    return 0;
  },
};

const LINK = routeCli('createInviteLink', {
  ...CHAT_SUBJECT,
  flags: { member_limit: 'limit', creates_join_request: 'request' },
  omit: ['expire_date'],
});
const LINK_OPTIONS = { ...CLIENT_OPTIONS, ...LINK.options } as const;

export const groupLinkCommand: Command = {
  name: 'group link',
  summary: 'create an invite link as an administrator',
  options: LINK_OPTIONS,
  routes: [LINK],
  help: `Usage: parley group link CHAT --by USER [--name NAME] [--limit N] [--request] [--json]

Creates an invite link and prints it.
${CHAT_HELP}

Options:
${LINK.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, LINK_OPTIONS, LINK.positionals);
    const { values } = parsed;
    const params = await LINK.params(parsed, this.name);
    const link = await withClient(values, ctx, (client) => client.createInviteLink(params));
    printResult(ctx, values.json, link, formatLink);
    return 0;
  },
};
