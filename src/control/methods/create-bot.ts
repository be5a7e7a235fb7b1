import { optionalBoolean, optionalString, requireString, type ControlContext } from '../control-context.js';
import { botRecord } from './user-record.js';

/** POST /control/bots: creates a bot and answers with its token. docs/control-api.md. */
export async function createBot({ platform, input }: ControlContext) {
  const { user, bot } = await platform.users.createBot({
    username: requireString(input, 'username'),
    first_name: optionalString(input, 'first_name'),
    can_join_groups: optionalBoolean(input, 'can_join_groups'),
    can_read_all_group_messages: optionalBoolean(input, 'can_read_all_group_messages'),
    supports_inline_queries: optionalBoolean(input, 'supports_inline_queries'),
  });
  return botRecord(user, bot);
}
