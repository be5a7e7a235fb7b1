/**
 * `parley workspace create|list|show|reset|delete NAME`: workspaces (ADR 0061) through
 * `/control/workspaces`. A workspace is then reached with `--workspace NAME` (or PARLEY_WORKSPACE) on
 * any client command, or with `--server` set to its `server_url`.
 */
import { parseCommandArgs, type Command } from '../command.js';
import { printResult } from '../output.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { CreatedWorkspace, Workspace } from '../../wire/control-types.js';
import { WORKSPACE_NAME_RULE } from '../../wire/control-schema/index.js';

/** `workspace ci-1 http://127.0.0.1:8081/w/ci-1 (created 2026-11-24T08:00:00Z, open)` */
export function formatWorkspace(workspace: Workspace): string {
  const created = new Date(workspace.created_at * 1000).toISOString().replace('.000Z', 'Z');
  // A server before ADR 0064 does not say whether it is open.
  const state = workspace.open === undefined ? '' : workspace.open ? ', open' : ', closed';
  return `workspace ${workspace.name} ${workspace.server_url} (created ${created}${state})`;
}

function formatCreated(workspace: CreatedWorkspace): string {
  return [
    formatWorkspace(workspace),
    `api root:    ${workspace.api_root}`,
    `gateway:     ${workspace.gateway_url}`,
    `web client:  ${workspace.web_url}`,
    `admin token: ${workspace.admin_token} (shown only now)`,
    `export PARLEY_URL=${workspace.server_url} PARLEY_ADMIN_TOKEN=${workspace.admin_token}`,
  ].join('\n');
}

const NAME_HELP = `NAME: ${WORKSPACE_NAME_RULE}.`;

/** Every workspace command names its workspace as NAME (the body's `name`, or the path's). */
const CREATE = routeCli('createWorkspace', { subject: 'name' });
const LIST = routeCli('listWorkspaces');
const SHOW = routeCli('getWorkspace', { subject: 'name' });
const RESET = routeCli('resetWorkspace', { subject: 'name' });
const DELETE = routeCli('deleteWorkspace', { subject: 'name' });

export const workspaceCreateCommand: Command = {
  name: 'workspace create',
  summary: 'create a workspace: an isolated world on this server',
  options: CLIENT_OPTIONS,
  routes: [CREATE],
  help: `Usage: parley workspace create NAME [--json]

Creates an empty workspace with its own people, bots, chats, gateway accounts, clock and admin
token, served under /w/NAME/. Prints its roots (a bot library's API root, the gateway, the web
client) and its admin token, which is shown only now. Use it with --workspace NAME on any command,
or --server <server_url> --admin-token <admin_token>.
With --json: {"name", "created_at", "open", "server_url", "api_root", "control_url",
"gateway_url", "web_url", "admin_token"}.
${NAME_HELP}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CLIENT_OPTIONS, CREATE.positionals);
    const { values } = parsed;
    const params = await CREATE.params(parsed, this.name);
    const created = await withClient(values, ctx, (client) => client.createWorkspace(params));
    printResult(ctx, values.json, created, formatCreated);
    return 0;
  },
};

export const workspaceListCommand: Command = {
  name: 'workspace list',
  summary: 'list the workspaces',
  options: CLIENT_OPTIONS,
  routes: [LIST],
  help: `Usage: parley workspace list [--json]

One line per workspace: workspace <name> <server_url> (created <time>, open|closed): open while
its storage is (from its first request until it has been idle for the server's
--workspace-idle-timeout).

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, CLIENT_OPTIONS);
    const listed = await withClient(values, ctx, (client) => client.listWorkspaces());
    printResult(ctx, values.json, listed, (all) =>
      all.length === 0 ? 'no workspaces' : all.map(formatWorkspace).join('\n'),
    );
    return 0;
  },
};

export const workspaceShowCommand: Command = {
  name: 'workspace show',
  summary: 'show a workspace and its roots',
  options: CLIENT_OPTIONS,
  routes: [SHOW],
  help: `Usage: parley workspace show NAME [--json]

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CLIENT_OPTIONS, SHOW.positionals);
    const { values } = parsed;
    const params = await SHOW.params(parsed, this.name);
    const shown = await withClient(values, ctx, (client) => client.request('getWorkspace', params));
    printResult(ctx, values.json, shown, formatWorkspace);
    return 0;
  },
};

export const workspaceResetCommand: Command = {
  name: 'workspace reset',
  summary: 'empty a workspace (same name and admin token)',
  options: CLIENT_OPTIONS,
  routes: [RESET],
  help: `Usage: parley workspace reset NAME [--json]

Everything in the workspace is gone: people, bots, chats, gateway accounts, files, the clock's
offset. Its name and admin token stay.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CLIENT_OPTIONS, RESET.positionals);
    const { values } = parsed;
    const params = await RESET.params(parsed, this.name);
    const reset = await withClient(values, ctx, (client) => client.request('resetWorkspace', params));
    printResult(ctx, values.json, reset, (workspace) => `reset ${formatWorkspace(workspace)}`);
    return 0;
  },
};

export const workspaceDeleteCommand: Command = {
  name: 'workspace delete',
  summary: 'delete a workspace and everything in it',
  options: CLIENT_OPTIONS,
  routes: [DELETE],
  help: `Usage: parley workspace delete NAME [--json]

With --json: {"name", "deleted": true}.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CLIENT_OPTIONS, DELETE.positionals);
    const { values } = parsed;
    const params = await DELETE.params(parsed, this.name);
    const name = String(params.name);
    await withClient(values, ctx, (client) => client.request('deleteWorkspace', params));
    printResult(ctx, values.json, { name, deleted: true }, () => `deleted workspace ${name}`);
    return 0;
  },
};
