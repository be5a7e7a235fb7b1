/**
 * `parley send`: a user sends something in a chat. `--text`: `POST /control/messages`; a file
 * (`--photo`, `--document`, `--voice`, `--audio`, `--video`, `--video-note`): `POST
 * /control/messages/media` with the file read from disk; `--location`, `--venue`, `--contact`,
 * `--poll`, `--dice`: `POST /control/messages/<kind>`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { ControlClient, DiceEmoji, Message, SendMediaParams } from '../../testkit/index.js';

// Hand-written: one command over eleven routes (a kind per route) with options shared between kinds, and files.
const OPTIONS = {
  ...CLIENT_OPTIONS,
  from: { type: 'string' },
  to: { type: 'string' },
  'reply-to': { type: 'string' },
  thread: { type: 'string' },
  'as-chat': { type: 'string' },
  ephemeral: { type: 'boolean' },
  // What is sent: exactly one of these.
  text: { type: 'string' },
  photo: { type: 'string' },
  document: { type: 'string' },
  voice: { type: 'string' },
  audio: { type: 'string' },
  video: { type: 'string' },
  'video-note': { type: 'string' },
  location: { type: 'string' },
  venue: { type: 'string' },
  contact: { type: 'string' },
  poll: { type: 'string' },
  dice: { type: 'boolean' },
  sticker: { type: 'string' },
  'sticker-set': { type: 'string' },
  // What goes with some of them.
  'sticker-index': { type: 'string' },
  caption: { type: 'string' },
  'mime-type': { type: 'string' },
  duration: { type: 'string' },
  width: { type: 'string' },
  height: { type: 'string' },
  length: { type: 'string' },
  performer: { type: 'string' },
  title: { type: 'string' },
  'live-period': { type: 'string' },
  accuracy: { type: 'string' },
  address: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  option: { type: 'string', multiple: true },
  correct: { type: 'string', multiple: true },
  explanation: { type: 'string' },
  multiple: { type: 'boolean' },
  public: { type: 'boolean' },
  'open-period': { type: 'string' },
  emoji: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseCommandArgs<typeof OPTIONS>>['values'];

/** The kinds of message, in the order a conflict between two of them is named. */
const KINDS = [
  'text',
  'photo',
  'document',
  'voice',
  'audio',
  'video',
  'video-note',
  'location',
  'venue',
  'contact',
  'poll',
  'dice',
  'sticker',
  'sticker-set',
] as const;
type Kind = (typeof KINDS)[number];
type FileKind = 'photo' | 'document' | 'voice' | 'audio' | 'video' | 'video-note';

/** The options that go with only some kinds, and which. */
const EXTRAS: Record<string, readonly Kind[]> = {
  caption: ['photo', 'document', 'voice', 'audio', 'video'],
  'mime-type': ['document', 'voice', 'audio', 'video'],
  duration: ['voice', 'audio', 'video', 'video-note'],
  width: ['video'],
  height: ['video'],
  length: ['video-note'],
  performer: ['audio'],
  title: ['audio', 'venue'],
  'live-period': ['location'],
  accuracy: ['location', 'venue'],
  address: ['venue'],
  'first-name': ['contact'],
  'last-name': ['contact'],
  option: ['poll'],
  correct: ['poll'],
  explanation: ['poll'],
  multiple: ['poll'],
  public: ['poll'],
  'open-period': ['poll'],
  emoji: ['dice'],
  'sticker-index': ['sticker-set'],
  thread: ['text'],
  'as-chat': ['text'],
  ephemeral: ['text'],
};

export const sendCommand: Command = {
  name: 'send',
  summary: 'send a message, a file, a location, a venue, a contact, a poll or a dice as a user',
  help: `Usage: parley send --from USER --to CHAT WHAT [--reply-to ID] [--thread THREAD_ID] [--json]

WHAT is one of:
  --text TEXT                 1-4096 characters; for a text starting with "-", --text=TEXT
  --photo PATH                a JPEG, PNG, GIF or WebP file of at most 10 MB
  --document PATH             a file of at most 20 MB, sent under its file name [--mime-type TYPE]
  --voice PATH                a voice message (audio/ogg unless --mime-type) [--duration S]
  --audio PATH                an audio file [--duration S] [--performer NAME] [--title TITLE] [--mime-type TYPE]
  --video PATH                a video [--duration S] [--width N] [--height N] [--mime-type TYPE]
  --video-note PATH           a round video [--duration S] [--length DIAMETER]
  --location LAT,LON          a location [--live-period S] [--accuracy M]; a negative latitude: --location=-33.9,151.2
  --venue LAT,LON             a place, with --title TITLE --address ADDRESS [--accuracy M]
  --contact PHONE|me          a contact, with --first-name NAME [--last-name NAME]; "me": the sender's own
  --poll QUESTION             a poll, with --option TEXT for each option (1-12) [--multiple] [--public]
                              [--open-period S]; --correct N (0-based, repeatable) makes it a quiz [--explanation TEXT]
  --dice                      a dice the server throws [--emoji 🎲|🎯|🎳|🏀|⚽|🎰]
  --sticker FILE_ID           a sticker, by a file_id of the sender's (from a sticker they were sent)
  --sticker-set NAME          a sticker of a set, with --sticker-index N (its position, from 0), as a
                              sticker picker sends one

and prints the message as the sender sees it: [#<id> from <sender>] <text or <kind>>.

Options:
  --from USER          the sender: a phone number (+15550001), a user id or @username (required)
  --to CHAT            @username of a bot (the private chat with it) or a chat id (required)
  --caption TEXT       a file's caption, 0-1024 characters (not for video notes)
  --reply-to ID        the id of the message this one replies to
  --thread THREAD_ID   a text into that topic of a forum (its message_thread_id)
  --as-chat CHAT       a text on behalf of a channel the sender administers, or of the supergroup
                       itself (supergroups only; the message gets sender_chat)
  --ephemeral          a text that is a command a bot of the group declared ephemeral
                       (BotCommand.is_ephemeral): only that bot sees it (message_id 0)

Files are read from disk; the numbers given for voice, audio and video are what a client would
report (Parley decodes no media; left out, they are stand-ins). A live location cannot be moved.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const from = refArgument(requireOption(values.from, '--from', this.name));
    const chat = refArgument(requireOption(values.to, '--to', this.name));
    const replyTo = integerOption(values['reply-to'], '--reply-to', this.name, 1);
    const given = KINDS.filter((kind) => values[kind] !== undefined && values[kind] !== false);
    // Only its presence is checked here: an empty text is the server's to refuse (MESSAGE_TEXT_INVALID).
    if (given.length === 0) {
      throw usageError(
        'missing --text (or a file, --location, --venue, --contact, --poll or --dice)',
        this.name,
      );
    }
    if (given.length > 1) throw usageError(`--${given[0]} and --${given[1]} do not go together`, this.name);
    const kind = given[0]!;
    for (const [option, kinds] of Object.entries(EXTRAS)) {
      const value = values[option as keyof Values];
      if (value === undefined || value === false || kinds.includes(kind)) continue;
      throw usageError(`--${option} goes with ${kinds.map((k) => `--${k}`).join(', ')}`, this.name);
    }
    const base = { from, chat, ...(replyTo !== undefined ? { reply_to_message_id: replyTo } : {}) };
    const send = await sender(kind, values, base, ctx.cwd, this.name);
    const message = await withClient(values, ctx, send);
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};

type Base = { from: string | number; chat: string | number; reply_to_message_id?: number };

/** The call that sends `kind`, with everything read and checked before the server is asked. */
async function sender(
  kind: Kind,
  values: Values,
  base: Base,
  cwd: string,
  command: string,
): Promise<(client: ControlClient) => Promise<Message>> {
  const int = (option: keyof Values, min = 0) =>
    integerOption(values[option] as string | undefined, `--${option}`, command, min);
  switch (kind) {
    case 'text': {
      const text = values.text!;
      const thread = int('thread', 1);
      const asChat = values['as-chat'] === undefined ? undefined : refArgument(values['as-chat']);
      return (client) =>
        client.sendMessage({
          ...base,
          text,
          ...(thread !== undefined ? { message_thread_id: thread } : {}),
          ...(asChat !== undefined ? { as_chat: asChat } : {}),
          ...(values.ephemeral ? { ephemeral: true } : {}),
        });
    }
    case 'location': {
      const [latitude, longitude] = coordinates(values.location!, '--location', command);
      const livePeriod = int('live-period', 1);
      const accuracy = decimal(values.accuracy, '--accuracy', command);
      return (client) =>
        client.sendLocation({
          ...base,
          latitude,
          longitude,
          ...(livePeriod !== undefined ? { live_period: livePeriod } : {}),
          ...(accuracy !== undefined ? { horizontal_accuracy: accuracy } : {}),
        });
    }
    case 'venue': {
      const [latitude, longitude] = coordinates(values.venue!, '--venue', command);
      const title = requireOption(values.title, '--title', command);
      const address = requireOption(values.address, '--address', command);
      const accuracy = decimal(values.accuracy, '--accuracy', command);
      return (client) =>
        client.sendVenue({
          ...base,
          latitude,
          longitude,
          title,
          address,
          ...(accuracy !== undefined ? { horizontal_accuracy: accuracy } : {}),
        });
    }
    case 'contact': {
      const own = values.contact === 'me';
      if (!own && values['first-name'] === undefined) {
        throw usageError('--contact PHONE needs --first-name (or --contact me)', command);
      }
      const contact = {
        ...(own ? {} : { phone_number: values.contact! }),
        ...(values['first-name'] !== undefined ? { first_name: values['first-name'] } : {}),
        ...(values['last-name'] !== undefined ? { last_name: values['last-name'] } : {}),
      };
      return (client) => client.sendContact({ ...base, ...contact });
    }
    case 'poll': {
      const correct = (values.correct ?? []).map((n) => integerOption(n, '--correct', command, 0)!);
      const openPeriod = int('open-period', 1);
      if (values.explanation !== undefined && correct.length === 0) {
        throw usageError('--explanation goes with a quiz (--correct N)', command);
      }
      const poll = {
        question: values.poll!,
        options: values.option ?? [],
        ...(correct.length > 0 ? { type: 'quiz' as const, correct_option_ids: correct } : {}),
        ...(values.explanation !== undefined ? { explanation: values.explanation } : {}),
        ...(values.multiple ? { allows_multiple_answers: true } : {}),
        ...(values.public ? { is_anonymous: false } : {}),
        ...(openPeriod !== undefined ? { open_period: openPeriod } : {}),
      };
      return (client) => client.sendPoll({ ...base, ...poll });
    }
    case 'dice': {
      const emoji = values.emoji as DiceEmoji | undefined;
      return (client) => client.sendDice({ ...base, ...(emoji !== undefined ? { emoji } : {}) });
    }
    case 'sticker': {
      const sticker = values.sticker!;
      return (client) => client.sendSticker({ ...base, sticker });
    }
    case 'sticker-set': {
      const index = integerOption(
        requireOption(values['sticker-index'], '--sticker-index', command),
        '--sticker-index',
        command,
        0,
      )!;
      const set = values['sticker-set']!;
      return (client) => client.sendSticker({ ...base, sticker_set: set, sticker_index: index });
    }
    default: {
      const params = await fileParams(kind, values, cwd, command, int);
      return (client) => client.sendMedia({ ...base, ...params });
    }
  }
}

/** The media body of a file kind: the bytes from disk and what goes with them. */
async function fileParams(
  kind: FileKind,
  values: Values,
  cwd: string,
  command: string,
  int: (option: keyof Values, min?: number) => number | undefined,
): Promise<Omit<SendMediaParams, 'from' | 'chat'>> {
  const file = values[kind]!;
  const data = await readFile(path.resolve(cwd, file)).catch((error: NodeJS.ErrnoException) => {
    throw usageError(`cannot read --${kind} ${file}: ${error.code ?? error.message}`, command);
  });
  const filename = path.basename(file);
  const mimeType = values['mime-type'];
  const typed = mimeType !== undefined ? { mime_type: mimeType } : {};
  const duration = int('duration');
  const reported = duration !== undefined ? { duration } : {};
  const caption = values.caption !== undefined ? { caption: values.caption } : {};
  switch (kind) {
    case 'photo':
      return { photo: { data, filename }, ...caption };
    case 'document':
      return { document: { data, filename, ...typed }, ...caption };
    case 'voice':
      return { voice: { data, ...typed, ...reported }, ...caption };
    case 'audio': {
      const performer = values.performer !== undefined ? { performer: values.performer } : {};
      const title = values.title !== undefined ? { title: values.title } : {};
      return { audio: { data, filename, ...typed, ...reported, ...performer, ...title }, ...caption };
    }
    case 'video': {
      const width = int('width');
      const height = int('height');
      const size = {
        ...(width !== undefined ? { width } : {}),
        ...(height !== undefined ? { height } : {}),
      };
      return { video: { data, filename, ...typed, ...reported, ...size }, ...caption };
    }
    case 'video-note': {
      const length = int('length', 1);
      return { video_note: { data, ...reported, ...(length !== undefined ? { length } : {}) } };
    }
  }
}

/** `LAT,LON` as two numbers (their range is the server's to check). */
function coordinates(text: string, flag: string, command: string): [number, number] {
  const parts = text.split(',').map((part) => part.trim());
  const numbers = parts.map((part) => (/^-?\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN));
  if (numbers.length !== 2 || numbers.some((n) => Number.isNaN(n))) {
    throw usageError(`${flag} must be LATITUDE,LONGITUDE in degrees (51.5,-0.12), not "${text}"`, command);
  }
  return [numbers[0]!, numbers[1]!];
}

function decimal(text: string | undefined, flag: string, command: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(text)) throw usageError(`${flag} must be a number, not "${text}"`, command);
  return Number(text);
}
