/**
 * The timeline (ADR 0099): everything that happened in the workspace, newest first, written by the
 * code paths that did it: Bot API calls with their parameters and answers, updates queued and how they
 * left (getUpdates or a webhook), gateway calls, people's actions (this API's POSTs), faults fired.
 */
import { int, params, ref, route, str } from './dsl.js';

export const TIMELINE = {
  getTimeline: route({
    method: 'GET',
    path: '/timeline',
    tag: 'inspector',
    summary: 'What happened, newest first, filtered and searched, with a cursor',
    description:
      'Each event with its kind (`call`, `update`, `delivery`, `gateway`, `action`, `fault`), name ' +
      '(the method, the update type, the route), bot, chat, person, status, a one-line summary, its ' +
      'duration, and the raw request and answer (JSON text, cut at 16 KiB). Bot tokens, webhook ' +
      'secret tokens and verification codes are never stored: they read `<token>` and `<redacted>`. ' +
      'The newest events of the workspace are kept (PARLEY_TIMELINE_MAX, default 10000), for 7 days ' +
      'of virtual time at most. With `after` and `wait`, the call waits up to `wait` seconds for ' +
      'events newer than `after` (`parley timeline --follow`).',
    params: params('TimelineParams', {
      bot: ref('user', { description: 'Only events of this bot: an id or `@username`.' }),
      chat: int({ description: 'Only events in this chat (its id as the Bot API shows it).' }),
      person: ref('user', { description: 'Only events of this person: an id, `@username` or phone.' }),
      kind: str({ enum: ['call', 'update', 'delivery', 'gateway', 'action', 'fault'] }),
      status: str({ description: '`ok`, `error`, `queued`, `delivered`, `failed`, `lost` or `fired`.' }),
      q: str({ description: 'Text searched in the summary, the request and the answer (any case).' }),
      before: int({ min: 1, description: 'The cursor: only events older than this id (`next_cursor`).' }),
      after: int({ min: 0, description: 'Only events newer than this id.' }),
      wait: int({ min: 0, max: 60, default: 0, description: 'Seconds to wait for an event after `after`.' }),
      limit: int({ min: 1, max: 1000, default: 100, description: 'The newest events shown.' }),
    }),
    result: 'TimelinePage',
    answer: 'The newest `limit` matching events, newest first, and the cursor of the next page.',
    errors: ['ReferenceNotFound'],
  }),
} as const;
