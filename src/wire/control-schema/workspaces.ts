/**
 * Workspaces (ADR 0061): isolated worlds on one server, each with its own people, bots, chats,
 * gateway accounts, clock and admin token, served under `/w/NAME/`. Managed from the default
 * workspace's control API (with the server's admin token); they do not nest.
 */
import { params, route, str } from './dsl.js';

/** A workspace name: 1 to 32 lower-case letters, digits and inner hyphens (a DNS label's shape). */
export const WORKSPACE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
export const WORKSPACE_NAME_RULE =
  '1 to 32 lower-case letters, digits and hyphens, starting and ending with a letter or digit';

const NAME = { name: { type: 'string', description: 'The workspace name.' } } as const;

const WORKSPACE_ERRORS = [
  {
    status: 404,
    description: "No workspace of that name, or this control API is a workspace's (they do not nest).",
    codes: ['WORKSPACE_NOT_FOUND', 'WORKSPACES_NOT_HERE'],
  },
] as const;

export const WORKSPACES = {
  createWorkspace: route({
    method: 'POST',
    path: '/workspaces',
    tag: 'workspaces',
    summary: 'Create a workspace (its admin token is shown only here)',
    description:
      'A new, empty world served under `/w/NAME/`: point a bot library at `api_root`, a gateway client ' +
      'at `gateway_url`, the CLI at `server_url` (`--server`) with `admin_token`. Phone numbers, ' +
      'usernames and everything else may repeat across workspaces; tokens of one are unknown in another.',
    params: params('CreateWorkspaceParams', {
      name: str({
        required: true,
        maxLength: 32,
        description: `${WORKSPACE_NAME_RULE}.`,
      }),
    }),
    result: 'CreatedWorkspace',
    answer: 'The workspace, its roots and its admin token.',
    errors: [
      'BadRequest',
      ...WORKSPACE_ERRORS,
      {
        status: 409,
        description:
          'A workspace of that name exists, or the server holds as many workspaces as it may ' +
          '(`--max-workspaces`, ADR 0064): delete one first.',
        codes: ['WORKSPACE_EXISTS', 'WORKSPACE_LIMIT_REACHED'],
      },
    ],
  }),

  listWorkspaces: route({
    method: 'GET',
    path: '/workspaces',
    tag: 'workspaces',
    summary: 'Every workspace of the server',
    result: 'Workspace[]',
    answer: 'The workspaces by name (without their admin tokens).',
    errors: [...WORKSPACE_ERRORS],
  }),

  getWorkspace: route({
    method: 'GET',
    path: '/workspaces/{name}',
    tag: 'workspaces',
    summary: 'A workspace and its roots',
    pathParams: NAME,
    result: 'Workspace',
    answer: 'The workspace (without its admin token).',
    errors: [...WORKSPACE_ERRORS],
  }),

  resetWorkspace: route({
    method: 'POST',
    path: '/workspaces/{name}/reset',
    tag: 'workspaces',
    summary: 'Empty a workspace: a new world under the same name and admin token',
    description: "Everything in it is gone (people, bots, chats, accounts, files, the clock's offset).",
    pathParams: NAME,
    params: params('WorkspaceActionParams', {}),
    result: 'Workspace',
    answer: 'The workspace.',
    errors: [...WORKSPACE_ERRORS],
  }),

  deleteWorkspace: route({
    method: 'POST',
    path: '/workspaces/{name}/delete',
    tag: 'workspaces',
    summary: 'Delete a workspace and everything in it',
    pathParams: NAME,
    params: params('WorkspaceActionParams', {}),
    result: 'true',
    answer: '`true`.',
    errors: [...WORKSPACE_ERRORS],
  }),
} as const;
