import type { RouteContext } from '../control-context.js';

/**
 * POST /control/inline/choose: the person chooses one of the results of their inline query; its
 * message is sent (via_bot) into the chat where they typed, and the bot gets chosen_inline_result.
 */
export async function chooseInlineResult({ platform, input }: RouteContext<'chooseInlineResult'>) {
  return platform.inline.choose(input.user, input.query_id, input.result_id);
}
