import { requireString, type ControlContext } from '../control-context.js';

/**
 * POST /control/inline/choose: the person chooses one of the results of their inline query; its
 * message is sent (via_bot) into the chat where they typed, and the bot gets chosen_inline_result.
 */
export async function chooseInlineResult({ platform, input }: ControlContext) {
  return platform.inline.choose(
    requireString(input, 'user'),
    requireString(input, 'query_id'),
    requireString(input, 'result_id'),
  );
}
