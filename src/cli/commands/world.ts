/**
 * `parley world export` and `parley world import`: `GET` and `POST /control/world`, the workspace's
 * world as a file and a file's world created (ADR 0102). The format follows the file's extension:
 * `.yaml` or `.yml` is YAML, anything else JSON. YAML is written by the `yaml` package, loaded only
 * here; the server reads both (and names the line of each problem).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { usageError } from '../cli-error.js';
import { parseCommandArgs, type CliContext, type Command } from '../command.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { WorldFile, WorldImported } from '../../testkit/index.js';

const isYaml = (file: string) => /\.ya?ml$/i.test(file);

/** The world as the file's format writes it, ending in a newline. */
async function formatWorld(world: WorldFile, file: string | undefined): Promise<string> {
  if (file !== undefined && isYaml(file)) {
    const { stringify } = await import('yaml');
    return stringify(world, { lineWidth: 0 });
  }
  return `${JSON.stringify(world, null, 2)}\n`;
}

/** Reads a world file given on the command line (a usage error when it cannot be read). */
export async function readWorldFile(
  file: string,
  ctx: Pick<CliContext, 'cwd'>,
  command: string,
): Promise<string> {
  try {
    return await readFile(path.resolve(ctx.cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw usageError(`cannot read the world file ${file} (${code})`, command);
  }
}

/** --out, the local file written, is the command's own. */
const EXPORT = routeCli('exportWorld');
const EXPORT_OPTIONS = { ...CLIENT_OPTIONS, ...EXPORT.options, out: { type: 'string' } } as const;

export const worldExportCommand: Command = {
  name: 'world export',
  summary: "write the workspace's people, bots, chats and gateway accounts to a world file",
  options: EXPORT_OPTIONS,
  routes: [EXPORT],
  help: `Usage: parley world export [--out FILE] [--messages]

Writes the world of the server (or workspace) as a world file: people with their devices, bots with
their tokens, settings, commands and webhooks, chats with their members, rights and restrictions,
and gateway accounts with their balances and prices (not their tokens: the server keeps only their
hash). "parley world import" of the file into an empty server makes the same world, ids and bot
tokens included. The file holds bot tokens and webhook secrets: keep it as you keep them.

Options:
${routeHelp(
  [EXPORT],
  [['--out FILE', 'write to FILE (JSON, or YAML when it ends in .yaml or .yml) instead of printing JSON']],
)}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, EXPORT_OPTIONS);
    const { values } = parsed;
    const params = await EXPORT.params(parsed, this.name);
    const world = await withClient(values, ctx, (client) => client.exportWorld(params));
    const text = await formatWorld(world, values.out);
    if (values.out === undefined) {
      ctx.stdout(text.replace(/\n$/, ''));
      return 0;
    }
    await writeFile(path.resolve(ctx.cwd, values.out), text, { mode: 0o600 });
    const counts = `${world.people?.length ?? 0} people, ${world.bots?.length ?? 0} bots, ${world.chats?.length ?? 0} chats`;
    ctx.stdout(values.json ? JSON.stringify({ path: values.out }) : `wrote ${values.out}: ${counts}`);
    return 0;
  },
};

// Hand-written: FILE is a local world file, read and sent as world_text (its usage errors name the file).
export const worldImportCommand: Command = {
  name: 'world import',
  summary: 'create the people, bots, chats and gateway accounts of a world file',
  help: `Usage: parley world import FILE [--json]

Creates what the world file FILE (JSON or YAML, as "parley world export" writes it) describes: ids
and tokens it gives are kept, the others made anew. The whole file is checked first; a file with
any problem changes nothing, and every problem is printed with its line, column and field:
  line 12, column 11: chats[0].members[2].user: no user or bot @ghost_bot in the file or the workspace
Prints what was created (with --json: the ids, and the tokens of the bots and gateway accounts).

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(this.name, args, CLIENT_OPTIONS, ['FILE']);
    const text = await readWorldFile(positionals[0]!, ctx, this.name);
    const imported = await withClient(values, ctx, (client) => client.importWorld({ world_text: text }));
    ctx.stdout(values.json ? JSON.stringify(imported) : summary(imported));
    return 0;
  },
};

function summary(imported: WorldImported): string {
  const lines = [
    `imported ${imported.people.length} people, ${imported.bots.length} bots, ${imported.chats.length} chats, ` +
      `${imported.gateway_accounts.length} gateway accounts and ${imported.messages} messages`,
  ];
  for (const bot of imported.bots) lines.push(`  @${bot.username}  ${bot.token}`);
  for (const account of imported.gateway_accounts)
    lines.push(`  gateway account ${account.id}  ${account.access_token}`);
  return lines.join('\n');
}
