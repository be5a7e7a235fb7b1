import { text, type WebContext } from '../web-context.js';

/** How long the page waits for the bot's answer to an inline query. */
const INLINE_TIMEOUT_MS = 10_000;

/**
 * POST /web/api/inline {bot, query, chat?, offset?}: the person types `@bot query` in the composer;
 * answers the results the app shows once the bot answers (or `answered: false`).
 */
export async function inlineQuery({ platform, session, input, signal }: WebContext) {
  return platform.inline.query(
    String(session.userId),
    text(input, 'bot', true),
    typeof input.query === 'string' ? input.query : '',
    { chatRef: text(input, 'chat'), offset: text(input, 'offset') },
    INLINE_TIMEOUT_MS,
    signal,
  );
}
