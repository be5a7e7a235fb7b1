import { optionalInteger, optionalString, requireString, type ControlContext } from '../control-context.js';

/**
 * POST /control/inline: a person types `@bot query` in a chat (the private chat with the bot by
 * default) and waits up to `timeout` seconds for the bot's answer; answers with the results the
 * person's client shows. docs/control-api.md "Inline mode, reactions and pins".
 */
export async function inlineQuery({ platform, input, signal }: ControlContext) {
  const timeout = optionalInteger(input, 'timeout', 0, 300) ?? 10;
  const query = optionalString(input, 'query') ?? '';
  return platform.inline.query(
    requireString(input, 'user'),
    requireString(input, 'bot'),
    query,
    { chatRef: optionalString(input, 'chat'), offset: optionalString(input, 'offset') },
    timeout * 1000,
    signal,
  );
}
