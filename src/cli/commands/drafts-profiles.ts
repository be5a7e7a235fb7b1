/**
 * `parley drafts` (the drafts a bot is streaming to a user), `parley emoji-status allow` (a user
 * lets a bot set their emoji status) and `parley profile add-audio` (the audio of a message joins
 * the user's profile audios), `parley checklist mark` and `parley checklist add` (a user marks
 * tasks of a checklist and adds tasks), `parley profile personal-chat`. ADR 0048.
 */
import type { MessageDraft, ProfileAudios } from '../../testkit/index.js';
import {
  integerOption,
  parseCommandArgs,
  refArgument,
  requireOption,
  type Command,
  messageOptions,
} from '../command.js';
import { usageError } from '../cli-error.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const USER_CHAT = { ...CLIENT_OPTIONS, user: { type: 'string' }, chat: { type: 'string' } } as const;

/** `#7 from @story_bot: Once upon a time` (an empty draft: the "Thinking..." placeholder). */
export function formatDrafts(drafts: MessageDraft[]): string {
  if (drafts.length === 0) return 'no drafts';
  return drafts
    .map((draft) => {
      const from = draft.from.username ? `@${draft.from.username}` : draft.from.first_name;
      // A rich draft (sendRichMessageDraft, ADR 0051) has rich_message instead of text.
      const text = draft.text ?? (draft.rich_message ? '(rich message)' : '');
      return `#${draft.draft_id} from ${from}: ${text === '' ? 'Thinking...' : text}`;
    })
    .join('\n');
}

export const draftsCommand: Command = {
  name: 'drafts',
  summary: 'show the drafts a bot is streaming to a user',
  help: `Usage: parley drafts --user USER --chat CHAT [--json]

Prints the drafts a bot is streaming into its private chat with the user (sendMessageDraft): each
draft's latest version, shown until 30 seconds after it or until the bot sends a message.

Options:
  --user USER          the user: a phone number (+15550001), a user id or @username (required)
  --chat CHAT          @username of the bot (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, USER_CHAT);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = refArgument(requireOption(values.chat, '--chat', this.name));
    const drafts = await withClient(values, ctx, (client) => client.listDrafts({ user, chat }));
    printResult(ctx, values.json, drafts, formatDrafts);
    return 0;
  },
};

const ALLOW_OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  bot: { type: 'string' },
  revoke: { type: 'boolean' },
} as const;

export const emojiStatusAllowCommand: Command = {
  name: 'emoji-status allow',
  summary: "let a bot set a user's emoji status",
  help: `Usage: parley emoji-status allow --user USER --bot BOT [--revoke] [--json]

Allows the bot to change the user's emoji status with setUserEmojiStatus (what a Mini App's
requestEmojiStatusAccess asks); --revoke withdraws it. Prints "allowed" or "revoked".

Options:
  --user USER          a phone number (+15550001), a user id or @username (required)
  --bot BOT            the bot's @username or id (required)
  --revoke             no longer allow it

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, ALLOW_OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const bot = refArgument(requireOption(values.bot, '--bot', this.name));
    const allowed = values.revoke !== true;
    const result = await withClient(values, ctx, (client) => client.allowEmojiStatus({ user, bot, allowed }));
    printResult(ctx, values.json, result, () => (allowed ? 'allowed' : 'revoked'));
    return 0;
  },
};

/** `2 profile audios: Two, One` */
export function formatProfileAudios(page: ProfileAudios): string {
  const names = page.audios.map((audio) => String(audio.title ?? audio.file_name ?? audio.file_unique_id));
  return `${page.total_count} profile audio${page.total_count === 1 ? '' : 's'}${names.length ? `: ${names.join(', ')}` : ''}`;
}

export const profileAddAudioCommand: Command = {
  name: 'profile add-audio',
  summary: "add a message's audio to a user's profile",
  help: `Usage: parley profile add-audio --user USER --chat CHAT --message ID [--json]

The audio of a message the user sees joins their profile audios (the newest first), which bots
read with getUserProfileAudios. Prints the user's profile audios.

Options:
  --user USER          a phone number (+15550001), a user id or @username (required)
  --chat CHAT          @username of a bot (the private chat with it) or a chat id (required)
  --message ID         the id of the message with the audio (required)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, { ...USER_CHAT, message: { type: 'string' } });
    const { user, chat, messageId } = messageOptions(values, this.name);
    const page = await withClient(values, ctx, (client) =>
      client.addProfileAudio({ user, chat, message_id: messageId }),
    );
    printResult(ctx, values.json, page, formatProfileAudios);
    return 0;
  },
};

const CHECKLIST_OPTIONS = {
  ...USER_CHAT,
  message: { type: 'string' },
  done: { type: 'string', multiple: true },
  'not-done': { type: 'string', multiple: true },
  task: { type: 'string', multiple: true },
} as const;

function taskIds(values: string[] | undefined, option: string, command: string): number[] {
  return (values ?? []).map((value) => integerOption(value, option, command, 1)!);
}

export const checklistMarkCommand: Command = {
  name: 'checklist mark',
  summary: 'mark tasks of a checklist as done or not done as a user',
  help: `Usage: parley checklist mark --user USER --chat CHAT --message ID [--done TASK]... [--not-done TASK]... [--json]

Marks tasks of the checklist in message ID as done or not done; the user posts a
checklist_tasks_done service message (the business account's bot gets it). Prints that message.

Options:
  --user USER          a phone number (+15550001), a user id or @username (required)
  --chat CHAT          the chat as the user sees it: a user id, @username or chat id (required)
  --message ID         the id of the checklist message (required)
  --done TASK          the id of a task to mark as done (repeatable)
  --not-done TASK      the id of a task to mark as not done (repeatable)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, CHECKLIST_OPTIONS);
    const { user, chat, messageId } = messageOptions(values, this.name);
    const done = taskIds(values.done, '--done', this.name);
    const notDone = taskIds(values['not-done'], '--not-done', this.name);
    const message = await withClient(values, ctx, (client) =>
      client.markChecklistTasks({ user, chat, message_id: messageId, done, not_done: notDone }),
    );
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};

export const checklistAddCommand: Command = {
  name: 'checklist add',
  summary: 'add tasks to a checklist as a user',
  help: `Usage: parley checklist add --user USER --chat CHAT --message ID --task TEXT [--task TEXT]... [--json]

Adds tasks to the checklist in message ID; the user posts a checklist_tasks_added service message.
Prints that message.

Options:
  --user USER          a phone number (+15550001), a user id or @username (required)
  --chat CHAT          the chat as the user sees it: a user id, @username or chat id (required)
  --message ID         the id of the checklist message (required)
  --task TEXT          the text of a new task (repeatable; at least one)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, CHECKLIST_OPTIONS);
    const { user, chat, messageId } = messageOptions(values, this.name);
    const tasks = values.task ?? [];
    if (tasks.length === 0) throw usageError('give at least one --task', this.name);
    const message = await withClient(values, ctx, (client) =>
      client.addChecklistTasks({ user, chat, message_id: messageId, tasks }),
    );
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};

export const profilePersonalChatCommand: Command = {
  name: 'profile personal-chat',
  summary: "show a channel on a user's profile",
  help: `Usage: parley profile personal-chat --user USER [--chat CHANNEL] [--json]

Shows a public channel the user created on their profile (without --chat: none). Bots read its last
posts with getUserPersonalChatMessages. Prints "set" or "removed".

Options:
  --user USER          a phone number (+15550001), a user id or @username (required)
  --chat CHANNEL       the channel's id or @username

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, USER_CHAT);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const chat = values.chat === undefined ? undefined : refArgument(values.chat);
    const result = await withClient(values, ctx, (client) =>
      client.setPersonalChat(chat === undefined ? { user } : { user, chat }),
    );
    printResult(ctx, values.json, result, () => (chat === undefined ? 'removed' : 'set'));
    return 0;
  },
};
