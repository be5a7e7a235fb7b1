import type { RouteContext } from '../control-context.js';
import { botRecord } from './user-record.js';

/** POST /control/bots: creates a bot and answers with its token. docs/control-api.md. */
export async function createBot({ platform, input }: RouteContext<'createBot'>) {
  const { user, bot } = await platform.users.createBot({
    username: input.username,
    first_name: input.first_name,
    can_join_groups: input.can_join_groups,
    can_read_all_group_messages: input.can_read_all_group_messages,
    supports_inline_queries: input.supports_inline_queries,
    inline_placeholder: input.inline_placeholder,
  });
  return botRecord(platform.deps.store, user, bot);
}
