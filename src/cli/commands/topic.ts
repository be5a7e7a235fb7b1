/**
 * `parley topic create|list` and `parley group forum`: people and forum topics through the control
 * API (`/control/topics`, `/control/chats/forum`; ADR 0045).
 */
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { ForumTopic } from '../../testkit/index.js';
import { chatOf, CHAT_HELP, formatChat } from './group.js';

/** `topic 42 "Releases" (closed)`; General shows as `topic General "General" (hidden)`. */
export function formatTopic(topic: ForumTopic): string {
  const flags = [topic.is_closed ? 'closed' : '', topic.is_hidden ? 'hidden' : ''].filter(Boolean).join(', ');
  const id = topic.is_general ? 'General' : String(topic.message_thread_id);
  return `topic ${id} "${topic.name}"${flags ? ` (${flags})` : ''}`;
}

const CREATE_OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  name: { type: 'string' },
  'icon-color': { type: 'string' },
  'icon-emoji': { type: 'string' },
} as const;

export const topicCreateCommand: Command = {
  name: 'topic create',
  summary: 'create a topic in a forum as a user',
  help: `Usage: parley topic create --user USER --chat CHAT --name NAME [--icon-color RGB] [--icon-emoji ID] [--json]

Creates a topic in a forum supergroup (one made with "parley group create --type supergroup --forum"
or turned into one with "parley group forum") and prints it; --json prints the ForumTopic, whose
message_thread_id "parley send --thread" takes. The user needs can_manage_topics. Bots of the chat
get the forum_topic_created message.

Options:
  --user USER          the user: a phone number (+15550001), a user id or @username (required)
  --chat CHAT          the forum's id (-100...) or @username (required)
  --name NAME          1-128 characters (required)
  --icon-color RGB     7322096, 16766590, 13338331, 9367192, 16749490 or 16478047
  --icon-emoji ID      a custom emoji id shown as the icon

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, CREATE_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = refArgument(requireOption(values.chat, '--chat', this.name));
    const name = requireOption(values.name, '--name', this.name);
    const color = integerOption(values['icon-color'], '--icon-color', this.name, 0);
    const topic = await withClient(values, ctx, (client) =>
      client.createForumTopic({
        user,
        chat,
        name,
        ...(color !== undefined ? { icon_color: color } : {}),
        ...(values['icon-emoji'] ? { icon_custom_emoji_id: values['icon-emoji'] } : {}),
      }),
    );
    printResult(ctx, values.json, topic, formatTopic);
    return 0;
  },
};

export const topicListCommand: Command = {
  name: 'topic list',
  summary: "list a forum's topics as a user",
  help: `Usage: parley topic list --user USER --chat CHAT [--json]

Prints the topics of a forum as one of its members sees them, the General topic first.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const options = { ...CLIENT_OPTIONS, user: { type: 'string' }, chat: { type: 'string' } } as const;
    const { values } = parseCommandArgs(this.name, args, options);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = refArgument(requireOption(values.chat, '--chat', this.name));
    const topics = await withClient(values, ctx, (client) => client.listForumTopics({ user, chat }));
    printResult(ctx, values.json, topics, (list) => list.map(formatTopic).join('\n'));
    return 0;
  },
};

export const groupForumCommand: Command = {
  name: 'group forum',
  summary: 'turn topics on or off in a supergroup',
  help: `Usage: parley group forum CHAT --by USER [--off] [--json]

Turns topics on in a supergroup (a forum; getChat shows is_forum) or, with --off, off again (its
topics are kept). The user must be the creator or an administrator with can_change_info.
${CHAT_HELP}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const options = {
      ...CLIENT_OPTIONS,
      chat: { type: 'string' },
      by: { type: 'string' },
      off: { type: 'boolean' },
    } as const;
    const { values, positionals } = parseCommandArgs(this.name, args, options, ['CHAT?']);
    const chat = chatOf(this.name, positionals[0], values.chat);
    const by = refArgument(requireOption(values.by, '--by', this.name));
    const record = await withClient(values, ctx, (client) =>
      client.setChatForum({ by, chat, enabled: !values.off }),
    );
    printResult(ctx, values.json, record, formatChat);
    return 0;
  },
};
