/**
 * `parley drafts` (the drafts a bot is streaming to a user), `parley emoji-status allow` (a user
 * lets a bot set their emoji status) and `parley profile add-audio` (the audio of a message joins
 * the user's profile audios), `parley checklist mark` and `parley checklist add` (a user marks
 * tasks of a checklist and adds tasks), `parley profile personal-chat`. ADR 0048.
 */
import type { MessageDraft, ProfileAudios } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { routeCli } from '../route-options.js';
import { optionLines } from '../route-help.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const DRAFTS = routeCli('listDrafts');
const DRAFTS_OPTIONS = { ...CLIENT_OPTIONS, ...DRAFTS.options } as const;

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
  options: DRAFTS_OPTIONS,
  routes: [DRAFTS],
  help: `Usage: parley drafts --user USER --chat CHAT [--json]

Prints the drafts a bot is streaming into its private chat with the user (sendMessageDraft): each
draft's latest version, shown until 30 seconds after it or until the bot sends a message.

Options:
${DRAFTS.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, DRAFTS_OPTIONS);
    const { values } = parsed;
    const params = await DRAFTS.params(parsed, this.name);
    const drafts = await withClient(values, ctx, (client) => client.listDrafts(params));
    printResult(ctx, values.json, drafts, formatDrafts);
    return 0;
  },
};

/** `--revoke` says `allowed: false`, the command's own flag. */
const ALLOW = routeCli('allowEmojiStatus', { omit: ['allowed'] });
const ALLOW_OPTIONS = { ...CLIENT_OPTIONS, ...ALLOW.options, revoke: { type: 'boolean' } } as const;

export const emojiStatusAllowCommand: Command = {
  name: 'emoji-status allow',
  summary: "let a bot set a user's emoji status",
  options: ALLOW_OPTIONS,
  routes: [ALLOW],
  help: `Usage: parley emoji-status allow --user USER --bot BOT [--revoke] [--json]

Allows the bot to change the user's emoji status with setUserEmojiStatus (what a Mini App's
requestEmojiStatusAccess asks); --revoke withdraws it. Prints "allowed" or "revoked".

Options:
${ALLOW.help}
${optionLines([['--revoke', 'no longer allow it']])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, ALLOW_OPTIONS);
    const { values } = parsed;
    const allowed = values.revoke !== true;
    const params = await ALLOW.params(parsed, this.name, { set: { allowed } });
    const result = await withClient(values, ctx, (client) => client.allowEmojiStatus(params));
    printResult(ctx, values.json, result, () => (allowed ? 'allowed' : 'revoked'));
    return 0;
  },
};

/** `2 profile audios: Two, One` */
export function formatProfileAudios(page: ProfileAudios): string {
  const names = page.audios.map((audio) => String(audio.title ?? audio.file_name ?? audio.file_unique_id));
  return `${page.total_count} profile audio${page.total_count === 1 ? '' : 's'}${names.length ? `: ${names.join(', ')}` : ''}`;
}

const AUDIO = routeCli('addProfileAudio', { flags: { message_id: 'message' } });
const AUDIO_OPTIONS = { ...CLIENT_OPTIONS, ...AUDIO.options } as const;

export const profileAddAudioCommand: Command = {
  name: 'profile add-audio',
  summary: "add a message's audio to a user's profile",
  options: AUDIO_OPTIONS,
  routes: [AUDIO],
  help: `Usage: parley profile add-audio --user USER --chat CHAT --message ID [--json]

The audio of a message the user sees joins their profile audios (the newest first), which bots
read with getUserProfileAudios. Prints the user's profile audios.

Options:
${AUDIO.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, AUDIO_OPTIONS);
    const { values } = parsed;
    const params = await AUDIO.params(parsed, this.name);
    const page = await withClient(values, ctx, (client) => client.addProfileAudio(params));
    printResult(ctx, values.json, page, formatProfileAudios);
    return 0;
  },
};

const MARK = routeCli('markChecklistTasks', {
  flags: { message_id: 'message' },
  metavars: { done: 'TASK', not_done: 'TASK' },
});
const MARK_OPTIONS = { ...CLIENT_OPTIONS, ...MARK.options } as const;

export const checklistMarkCommand: Command = {
  name: 'checklist mark',
  summary: 'mark tasks of a checklist as done or not done as a user',
  options: MARK_OPTIONS,
  routes: [MARK],
  help: `Usage: parley checklist mark --user USER --chat CHAT --message ID [--done TASK]... [--not-done TASK]... [--json]

Marks tasks of the checklist in message ID as done or not done; the user posts a
checklist_tasks_done service message (the business account's bot gets it). Prints that message.

Options:
${MARK.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, MARK_OPTIONS);
    const { values } = parsed;
    const params = await MARK.params(parsed, this.name);
    const message = await withClient(values, ctx, (client) => client.markChecklistTasks(params));
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};

const ADD = routeCli('addChecklistTasks', {
  flags: { message_id: 'message', tasks: 'task' },
  metavars: { tasks: 'TEXT' },
});
const ADD_OPTIONS = { ...CLIENT_OPTIONS, ...ADD.options } as const;

export const checklistAddCommand: Command = {
  name: 'checklist add',
  summary: 'add tasks to a checklist as a user',
  options: ADD_OPTIONS,
  routes: [ADD],
  help: `Usage: parley checklist add --user USER --chat CHAT --message ID --task TEXT [--task TEXT]... [--json]

Adds tasks to the checklist in message ID; the user posts a checklist_tasks_added service message.
Prints that message.

Options:
${ADD.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, ADD_OPTIONS);
    const { values } = parsed;
    const params = await ADD.params(parsed, this.name);
    const message = await withClient(values, ctx, (client) => client.addChecklistTasks(params));
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};

const PERSONAL = routeCli('setPersonalChat', { metavars: { chat: 'CHANNEL' } });
const PERSONAL_OPTIONS = { ...CLIENT_OPTIONS, ...PERSONAL.options } as const;

export const profilePersonalChatCommand: Command = {
  name: 'profile personal-chat',
  summary: "show a channel on a user's profile",
  options: PERSONAL_OPTIONS,
  routes: [PERSONAL],
  help: `Usage: parley profile personal-chat --user USER [--chat CHANNEL] [--json]

Shows a public channel the user created on their profile (without --chat: none). Bots read its last
posts with getUserPersonalChatMessages. Prints "set" or "removed".

Options:
${PERSONAL.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, PERSONAL_OPTIONS);
    const { values } = parsed;
    const params = await PERSONAL.params(parsed, this.name);
    const result = await withClient(values, ctx, (client) => client.setPersonalChat(params));
    printResult(ctx, values.json, result, () => (params.chat === undefined ? 'removed' : 'set'));
    return 0;
  },
};
