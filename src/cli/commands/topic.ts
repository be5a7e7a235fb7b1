/**
 * `parley topic create|list` and `parley group forum`: people and forum topics through the control
 * API (`/control/topics`, `/control/chats/forum`; ADR 0045).
 */
import { parseCommandArgs, type Command } from '../command.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { ForumTopic } from '../../testkit/index.js';
import { CHAT_HELP, formatChat } from './group.js';

/** `topic 42 "Releases" (closed)`; General shows as `topic General "General" (hidden)`. */
export function formatTopic(topic: ForumTopic): string {
  const flags = [topic.is_closed ? 'closed' : '', topic.is_hidden ? 'hidden' : ''].filter(Boolean).join(', ');
  const id = topic.is_general ? 'General' : String(topic.message_thread_id);
  return `topic ${id} "${topic.name}"${flags ? ` (${flags})` : ''}`;
}

const CREATE = routeCli('createForumTopic', {
  flags: { icon_custom_emoji_id: 'icon-emoji' },
  metavars: { icon_color: 'RGB', icon_custom_emoji_id: 'ID' },
});
const CREATE_OPTIONS = { ...CLIENT_OPTIONS, ...CREATE.options } as const;

export const topicCreateCommand: Command = {
  name: 'topic create',
  summary: 'create a topic in a forum as a user',
  options: CREATE_OPTIONS,
  routes: [CREATE],
  help: `Usage: parley topic create --user USER --chat CHAT --name NAME [--icon-color RGB] [--icon-emoji ID] [--json]

Creates a topic in a forum supergroup (one made with "parley group create --type supergroup --forum"
or turned into one with "parley group forum") and prints it; --json prints the ForumTopic, whose
message_thread_id "parley send --thread" takes. The user needs can_manage_topics. Bots of the chat
get the forum_topic_created message.

Options:
${CREATE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CREATE_OPTIONS);
    const { values } = parsed;
    const params = await CREATE.params(parsed, this.name);
    const topic = await withClient(values, ctx, (client) => client.createForumTopic(params));
    printResult(ctx, values.json, topic, formatTopic);
    return 0;
  },
};

const LIST = routeCli('listForumTopics');
const LIST_OPTIONS = { ...CLIENT_OPTIONS, ...LIST.options } as const;

export const topicListCommand: Command = {
  name: 'topic list',
  summary: "list a forum's topics as a user",
  options: LIST_OPTIONS,
  routes: [LIST],
  help: `Usage: parley topic list --user USER --chat CHAT [--json]

Prints the topics of a forum as one of its members sees them, the General topic first.

Options:
${LIST.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, LIST_OPTIONS);
    const { values } = parsed;
    const params = await LIST.params(parsed, this.name);
    const topics = await withClient(values, ctx, (client) => client.listForumTopics(params));
    printResult(ctx, values.json, topics, (list) => list.map(formatTopic).join('\n'));
    return 0;
  },
};

/** `--off` says `enabled: false`, the command's own flag. */
const FORUM = routeCli('setChatForum', { subject: 'chat', subjectOption: true, omit: ['enabled'] });
const FORUM_OPTIONS = { ...CLIENT_OPTIONS, ...FORUM.options, off: { type: 'boolean' } } as const;

export const groupForumCommand: Command = {
  name: 'group forum',
  summary: 'turn topics on or off in a supergroup',
  options: FORUM_OPTIONS,
  routes: [FORUM],
  help: `Usage: parley group forum CHAT --by USER [--off] [--json]

Turns topics on in a supergroup (a forum; getChat shows is_forum) or, with --off, off again (its
topics are kept). The user must be the creator or an administrator with can_change_info.
${CHAT_HELP}

Options:
${routeHelp([FORUM], [['--off', 'turn topics off']])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, FORUM_OPTIONS, FORUM.positionals);
    const { values } = parsed;
    const params = await FORUM.params(parsed, this.name, { set: { enabled: !values.off } });
    const record = await withClient(values, ctx, (client) => client.setChatForum(params));
    printResult(ctx, values.json, record, formatChat);
    return 0;
  },
};
