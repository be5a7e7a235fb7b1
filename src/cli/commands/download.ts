/**
 * `parley download`: `GET /control/files`, a user downloads a file they were sent (the file of a
 * message, or one by the file_id they see it under) and it is saved to disk.
 */
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { usageError } from '../cli-error.js';
import { integerOption, parseCommandArgs, refArgument, requireOption, type Command } from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { DownloadedFile } from '../../testkit/index.js';

// Hand-written: two forms (--message or --file-id) of one route answering bytes, and --out, a local file.
const OPTIONS = {
  ...CLIENT_OPTIONS,
  user: { type: 'string' },
  chat: { type: 'string' },
  message: { type: 'string' },
  'file-id': { type: 'string' },
  out: { type: 'string' },
} as const;

/** Extensions for files without a name, by MIME type (as the Bot API's file paths have them). */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/ogg': 'oga',
  'audio/mpeg': 'mp3',
  'video/mp4': 'mp4',
};

export interface SavedFile {
  path: string;
  size: number;
  mime_type: string;
  file_name?: string;
  file_id: string;
  file_unique_id: string;
}

export const downloadCommand: Command = {
  name: 'download',
  summary: 'save a file a user was sent',
  help: `Usage: parley download --user USER --chat CHAT --message ID [--file-id ID] [--out PATH] [--json]
       parley download --user USER --file-id ID [--out PATH] [--json]

Downloads, as the user, the file of a message in a chat they are in (with --file-id, that one of
the message's files, such as a smaller photo size), or the file they see under a file_id, and
saves it. Prints: saved <size> bytes (<type>) to <path>.

Options:
  --user USER          the user: a phone number (+15550001), a user id or @username (required)
  --chat CHAT          @username of a bot (the private chat with it) or a chat id
  --message ID         the id of the message with the file
  --file-id ID         the file_id as the user sees it
  --out PATH           where to save it: a file, or a folder to save it in under its name
                       (default: the current folder; files without a name get their
                       file_unique_id and an extension of their type)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    const user = refArgument(requireOption(values.user, '--user', this.name));
    const fileId = values['file-id'];
    const messageId = integerOption(values.message, '--message', this.name, 1);
    if ((values.chat === undefined) !== (messageId === undefined)) {
      throw usageError('--chat and --message go together', this.name);
    }
    if (values.chat === undefined && fileId === undefined) {
      throw usageError('missing --chat and --message (or --file-id)', this.name);
    }
    const file = await withClient(values, ctx, (client) =>
      values.chat !== undefined
        ? client.downloadFile({
            user,
            chat: refArgument(values.chat),
            message_id: messageId!,
            ...(fileId !== undefined ? { file_id: fileId } : {}),
          })
        : client.downloadFile({ user, file_id: fileId! }),
    );
    const target = await targetPath(file, values.out, ctx.cwd);
    await writeFile(target, file.data);
    const saved: SavedFile = {
      path: target,
      size: file.data.length,
      mime_type: file.mime_type,
      ...(file.file_name !== undefined ? { file_name: file.file_name } : {}),
      file_id: file.file_id,
      file_unique_id: file.file_unique_id,
    };
    printResult(ctx, values.json, saved, (s) => `saved ${s.size} bytes (${s.mime_type}) to ${s.path}`);
    return 0;
  },
};

/** `--out` as a file, or a folder (the default: the current one) to save the file in under its name. */
async function targetPath(file: DownloadedFile, out: string | undefined, cwd: string): Promise<string> {
  const given = path.resolve(cwd, out ?? '.');
  const isFolder = await stat(given).then(
    (info) => info.isDirectory(),
    () => false,
  );
  return isFolder ? path.join(given, defaultName(file)) : given;
}

/**
 * The file's own name, without any folder part (a name comes from whoever sent the file), else its
 * file_unique_id with the extension of its type.
 */
function defaultName(file: DownloadedFile): string {
  const name = path.basename((file.file_name ?? '').replace(/\\/g, '/'));
  if (name !== '' && name !== '.' && name !== '..') return name;
  const ext = EXTENSIONS[file.mime_type];
  return ext ? `${file.file_unique_id}.${ext}` : file.file_unique_id;
}
