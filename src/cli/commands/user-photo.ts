/**
 * `parley user photo add` and `parley user photo remove`: `POST /control/profile-photos` and
 * `POST /control/profile-photos/delete`, a person's new profile photo or the current one gone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCommandArgs, requireOption, type Command } from '../command.js';
import { usageError } from '../cli-error.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { ProfilePhotos } from '../../testkit/index.js';

/** --photo is the command's own: the image file, sent as the route's photo object ({ data_base64 }). */
const ADD = routeCli('addProfilePhoto');
const OPTIONS = { ...CLIENT_OPTIONS, ...ADD.options, photo: { type: 'string' } } as const;
const REMOVE = routeCli('removeProfilePhoto');
const REMOVE_OPTIONS = { ...CLIENT_OPTIONS, ...REMOVE.options } as const;

/** `2 profile photos: 640x480, 100x100` (the newest first). */
export function formatProfilePhotos(page: ProfilePhotos): string {
  const sizes = page.photos.map((sizes) => {
    const largest = sizes[sizes.length - 1];
    return largest ? `${largest.width}x${largest.height}` : '?';
  });
  return `${page.total_count} profile photo${page.total_count === 1 ? '' : 's'}${sizes.length ? `: ${sizes.join(', ')}` : ''}`;
}

export const userPhotoAddCommand: Command = {
  name: 'user photo add',
  summary: 'give a user a new profile photo',
  options: OPTIONS,
  routes: [ADD],
  help: `Usage: parley user photo add --user USER --photo PATH [--json]

The image at PATH (JPEG, PNG, GIF or WebP, at most 10 MB) joins the user's profile photos, the
newest first, which bots read with getUserProfilePhotos. Prints the user's profile photos.

Options:
${routeHelp([ADD], [['--photo PATH', 'the image file (required)']])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, OPTIONS);
    const { values } = parsed;
    const file = requireOption(values.photo, '--photo', this.name);
    const data = await readFile(path.resolve(ctx.cwd, file)).catch((error: NodeJS.ErrnoException) => {
      throw usageError(`cannot read --photo ${file}: ${error.code ?? error.message}`, this.name);
    });
    const photo = { data_base64: data.toString('base64') };
    const params = await ADD.params(parsed, this.name, { set: { photo } });
    const page = await withClient(values, ctx, (client) => client.request('addProfilePhoto', params));
    printResult(ctx, values.json, page, formatProfilePhotos);
    return 0;
  },
};

/** `parley user photo remove`: `POST /control/profile-photos/delete`, the current photo goes. */
export const userPhotoRemoveCommand: Command = {
  name: 'user photo remove',
  summary: "remove a user's current profile photo",
  options: REMOVE_OPTIONS,
  routes: [REMOVE],
  help: `Usage: parley user photo remove --user USER [--json]

The user's current profile photo (the newest) goes, and the one before it becomes current; bots'
getUserProfilePhotos no longer lists it. A user with no profile photo is refused. Prints the user's
profile photos left.

Options:
${REMOVE.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, REMOVE_OPTIONS);
    const { values } = parsed;
    const params = await REMOVE.params(parsed, this.name);
    const page = await withClient(values, ctx, (client) => client.removeProfilePhoto(params));
    printResult(ctx, values.json, page, formatProfilePhotos);
    return 0;
  },
};
