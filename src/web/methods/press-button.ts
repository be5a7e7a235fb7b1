import { WebError, positive, text, type WebContext } from '../web-context.js';

/** How long a press waits for the bot's answer before the page shows nothing. */
const PRESS_TIMEOUT_MS = 15_000;

/** POST /web/api/press: the person presses an inline button; answers what the app shows (toast, alert, url). */
export async function pressButton({ platform, session, input, signal }: WebContext) {
  return platform.callbackQueries.press(
    String(session.userId),
    text(input, 'chat', true),
    positive(input, 'message_id', true),
    buttonText(input.button),
    PRESS_TIMEOUT_MS,
    signal,
  );
}

function buttonText(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new WebError(400, 'BAD_REQUEST', 'button is required');
  return value;
}
