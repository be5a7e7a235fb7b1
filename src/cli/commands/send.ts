/**
 * `parley send`: `POST /control/messages`, a user writes in a chat; with `--photo` or `--document`,
 * `POST /control/messages/media`, the user sends a file from disk.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { formatMessage, printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

const OPTIONS = {
  ...CLIENT_OPTIONS,
  from: { type: 'string' },
  to: { type: 'string' },
  text: { type: 'string' },
  'reply-to': { type: 'string' },
  photo: { type: 'string' },
  document: { type: 'string' },
  caption: { type: 'string' },
  'mime-type': { type: 'string' },
} as const;

export const sendCommand: Command = {
  name: 'send',
  summary: 'send a message, a photo or a document as a user',
  help: `Usage: parley send --from USER --to CHAT --text TEXT [--reply-to ID] [--json]
       parley send --from USER --to CHAT --photo PATH [--caption TEXT] [--reply-to ID] [--json]
       parley send --from USER --to CHAT --document PATH [--mime-type TYPE] [--caption TEXT] [--reply-to ID] [--json]

Sends a message as a user and prints it as the sender sees it: [#<id> from <sender>] <text>.

Options:
  --from USER          the sender: a phone number (+15550001), a user id or @username (required)
  --to CHAT            @username of a bot (the private chat with it) or a chat id (required)
  --text TEXT          1-4096 characters; for a text starting with "-", --text=TEXT
  --photo PATH         a JPEG, PNG, GIF or WebP file of at most 10 MB, sent as a photo
  --document PATH      a file of at most 20 MB, sent as a document under its file name
  --mime-type TYPE     the document's MIME type (default: from its file name's extension)
  --caption TEXT       the photo's or document's caption, 0-1024 characters
  --reply-to ID        the id of the message this one replies to

Exactly one of --text, --photo and --document.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const from = refArgument(requireOption(values.from, '--from', this.name));
    const chat = refArgument(requireOption(values.to, '--to', this.name));
    const replyTo = integerOption(values['reply-to'], '--reply-to', this.name, 1);
    const given = (['text', 'photo', 'document'] as const).filter((name) => values[name] !== undefined);
    // Only its presence is checked here: an empty text is the server's to refuse (MESSAGE_TEXT_INVALID).
    if (given.length === 0) throw usageError('missing --text (or --photo or --document)', this.name);
    if (given.length > 1) throw usageError(`--${given[0]} and --${given[1]} do not go together`, this.name);
    if (values.text !== undefined) {
      if (values.caption !== undefined)
        throw usageError('--caption goes with --photo or --document', this.name);
      const text = values.text;
      const message = await withClient(values, ctx, (client) =>
        client.sendMessage({ from, chat, text, reply_to_message_id: replyTo }),
      );
      printResult(ctx, values.json, message, formatMessage);
      return 0;
    }
    if (values['mime-type'] !== undefined && values.document === undefined) {
      throw usageError('--mime-type goes with --document', this.name);
    }
    const file = (values.photo ?? values.document)!;
    const option = values.photo !== undefined ? '--photo' : '--document';
    const data = await readFile(path.resolve(ctx.cwd, file)).catch((error: NodeJS.ErrnoException) => {
      throw usageError(`cannot read ${option} ${file}: ${error.code ?? error.message}`, this.name);
    });
    const filename = path.basename(file);
    const mimeType = values['mime-type'];
    const message = await withClient(values, ctx, (client) =>
      client.sendMedia({
        from,
        chat,
        ...(values.photo !== undefined
          ? { photo: { data, filename } }
          : { document: { data, filename, ...(mimeType !== undefined ? { mime_type: mimeType } : {}) } }),
        ...(values.caption !== undefined ? { caption: values.caption } : {}),
        ...(replyTo !== undefined ? { reply_to_message_id: replyTo } : {}),
      }),
    );
    printResult(ctx, values.json, message, formatMessage);
    return 0;
  },
};
