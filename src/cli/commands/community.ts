/**
 * `parley community create|add|remove|join`: communities as people use them (Bot API 10.2, ADR 0077).
 * A person creates one (`POST /control/communities`) and adds or removes the supergroups and channels
 * they own (`POST /control/communities/chats`, `.../chats/remove`); the chat gets a
 * community_chat_added or community_chat_removed service message, which its bots get. Another person
 * joins one of its chats from it (`POST /control/communities/join`; 10.3's community_chat_joined,
 * ADR 0096).
 */
import type { CommunityRecord } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import { mergeRouteOptions, routeCli } from '../route-options.js';

const CREATE = routeCli('createCommunity');
const CREATE_OPTIONS = { ...CLIENT_OPTIONS, ...CREATE.options } as const;

export const communityCreateCommand: Command = {
  name: 'community create',
  summary: 'create a community of supergroups and channels as a person',
  options: CREATE_OPTIONS,
  routes: [CREATE],
  help: `Usage: parley community create --owner USER --name NAME [--json]

Prints "community ID NAME"; with --json, the Bot API's Community: {"id": ID, "name": NAME}. The id
has up to 52 bits (more than 32: keep it as a 64-bit integer or a double).

Options:
${CREATE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CREATE_OPTIONS);
    const { values } = parsed;
    const params = await CREATE.params(parsed, this.name);
    const community = await withClient(values, ctx, (client) => client.createCommunity(params));
    printResult(ctx, values.json, community, (c) => `community ${c.id} ${JSON.stringify(c.name)}`);
    return 0;
  },
};

const ADD = routeCli('addCommunityChat', { subject: 'community' });
const REMOVE = routeCli('removeCommunityChat', { subject: 'community' });
const MEMBERSHIP_OPTIONS = { ...CLIENT_OPTIONS, ...mergeRouteOptions(ADD, REMOVE) } as const;

/** `community 4503599627370000 "Name": -1001234567890 "Title", ...` */
export function formatCommunity(community: CommunityRecord): string {
  const chats = community.chats.map((chat) => `${chat.id} ${JSON.stringify(chat.title ?? '')}`);
  return `community ${community.id} ${JSON.stringify(community.name)}: ${chats.length > 0 ? chats.join(', ') : 'no chats'}`;
}

function membershipCommand(verb: 'add' | 'remove'): Command {
  const adding = verb === 'add';
  const route = adding ? ADD : REMOVE;
  return {
    name: `community ${verb}`,
    options: MEMBERSHIP_OPTIONS,
    routes: [route],
    summary: adding
      ? 'add a supergroup or channel you own to your community'
      : 'remove a supergroup or channel from your community',
    help: `Usage: parley community ${verb} COMMUNITY --chat CHAT --by USER [--json]

${
  adding
    ? `The chat gets a community_chat_added service message (its bots get it as any service message)
and getChat shows its community. A chat is in one community at most.`
    : `The chat gets a community_chat_removed service message and getChat no longer shows a community.`
} Prints the community and its chats.

COMMUNITY is the community's id (parley community create prints it).

Options:
${route.help}

${CLIENT_OPTIONS_HELP}`,
    async run(args, ctx) {
      const parsed = parseCommandArgs(this.name, args, MEMBERSHIP_OPTIONS, route.positionals);
      const { values } = parsed;
      const params = await ADD.params(parsed, this.name);
      const record = await withClient(values, ctx, (client) =>
        adding ? client.addCommunityChat(params) : client.removeCommunityChat(params),
      );
      printResult(ctx, values.json, record, formatCommunity);
      return 0;
    },
  };
}

export const communityAddCommand = membershipCommand('add');
export const communityRemoveCommand = membershipCommand('remove');

const JOIN = routeCli('joinCommunityChat', { subject: 'community' });
const JOIN_OPTIONS = { ...CLIENT_OPTIONS, ...JOIN.options } as const;

export const communityJoinCommand: Command = {
  name: 'community join',
  summary: 'join a chat of a community from the community, as a person',
  options: JOIN_OPTIONS,
  routes: [JOIN],
  help: `Usage: parley community join COMMUNITY --chat CHAT --user USER [--json]

The person joins the chat as by any join; a supergroup gets a community_chat_joined service message
from them (Bot API 10.3) instead of new_chat_members, which its bots get. Prints "joined CHAT_ID".

COMMUNITY is the community's id (parley community create prints it).

Options:
${JOIN.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, JOIN_OPTIONS, JOIN.positionals);
    const { values } = parsed;
    const params = await JOIN.params(parsed, this.name);
    const joined = await withClient(values, ctx, (client) => client.joinCommunityChat(params));
    printResult(ctx, values.json, joined, (result) => `joined ${result.chat.id}`);
    return 0;
  },
};
