import type { RouteContext } from '../control-context.js';

/**
 * POST /control/block: `user` blocks `bot`; the bot gets my_chat_member (kicked) and its sends to
 * the user answer 403 "Forbidden: bot was blocked by the user". Answers whether anything changed.
 */
export async function blockBot({ platform, input }: RouteContext<'blockBot'>) {
  return { changed: await platform.groups.blocking.block(input.user, input.bot) };
}

/** POST /control/unblock: `user` unblocks `bot`; the bot gets my_chat_member (member). */
export async function unblockBot({ platform, input }: RouteContext<'unblockBot'>) {
  return { changed: await platform.groups.blocking.unblock(input.user, input.bot) };
}
