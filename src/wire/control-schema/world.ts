/**
 * Worlds from a file (ADR 0102): the workspace's people, devices, bots, chats, members and gateway
 * accounts (and, on request, messages) as one object, and the import of such an object or of its
 * JSON or YAML text into the workspace, checked whole first and written in one write.
 */
import { bool, opaque, params, route, str } from './dsl.js';
import type { WorldFile } from './world-file.js';

export const WORLD = {
  exportWorld: route({
    method: 'GET',
    path: '/world',
    tag: 'workspaces',
    summary: "The workspace's world as a world file (`parley world export`)",
    description:
      'People with their devices, bots with their tokens, settings, commands, menu buttons, default ' +
      'rights and webhooks, chats (private ones too) with their members, statuses, rights and ' +
      'restrictions, and gateway accounts with their balances and prices; with `messages`, the ' +
      "chats' messages whose content does not point at stored files or other rows. Gateway tokens " +
      'are not kept by the server (only their keyed hash), so they are not in it. `POST /control/world` ' +
      'of this object into an empty workspace makes the same world, ids and bot tokens included.',
    params: params('ExportWorldParams', {
      messages: bool({
        default: false,
        description: "Include the chats' messages (those that point at no stored file).",
      }),
    }),
    result: 'WorldFile',
    answer:
      'The world file, with top-level keys `version`, `people`, `bots`, `chats` and `gateway_accounts`.',
  }),
  importWorld: route({
    method: 'POST',
    path: '/world',
    tag: 'workspaces',
    summary: 'Create what a world file describes (`parley world import FILE`)',
    description:
      'Give the file as `world_text` (its JSON or YAML text: problems then name their line and column) ' +
      'or as the object `world`. Ids and tokens the file gives are kept (a bot token in the form the ' +
      'Bot API reads), the others made anew. The whole file is checked before anything is written, ' +
      'against itself and the workspace (ids, phone numbers and usernames taken, members and owners ' +
      'that name no one), and written in one write: a file with any problem changes nothing, and the ' +
      'answer lists every problem, one per line, as `line L, column C: path: what`.',
    params: params('ImportWorldParams', {
      world_text: str({ description: 'The world file as JSON or YAML text (at most 16 MiB).' }),
      world: opaque<WorldFile>('WorldFile', { description: 'The world file as an object.' }),
    }),
    result: 'WorldImported',
    answer: 'The ids of what was created, the bots with their tokens, and the gateway accounts with theirs.',
    errors: [
      {
        status: 400,
        description: 'The file has problems (all listed in the description); nothing was imported.',
        codes: ['BAD_REQUEST'],
        example: {
          error: 'BAD_REQUEST',
          description:
            'the world file has a problem, nothing was imported:\nline 12, column 11: chats[0].members[2].user: no user or bot @ghost_bot in the file or the workspace',
        },
      },
    ],
  }),
} as const;
