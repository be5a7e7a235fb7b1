import type { RouteContext } from '../control-context.js';

/**
 * POST /control/inline: a person types `@bot query` in a chat (the private chat with the bot by
 * default) and waits up to `timeout` seconds for the bot's answer; answers with the results the
 * person's client shows. docs/control-api.md "Inline mode, reactions and pins".
 */
export async function inlineQuery({ platform, input, signal }: RouteContext<'inlineQuery'>) {
  return platform.inline.query(
    input.user,
    input.bot,
    input.query,
    { chatRef: input.chat, offset: input.offset },
    input.timeout * 1000,
    signal,
  );
}
