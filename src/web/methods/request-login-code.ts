import { LoginCodeError, LoginCodes } from '../../platform/people/login-codes.js';
import { WebError, text, type WebContext } from '../web-context.js';

/**
 * A login code's refusal as the person API answers it: 400, or 429 with `retry_after` (a code
 * asked for too soon, or a wait after too many wrong codes: ADR 0065).
 */
export function loginCodeRefusal(error: LoginCodeError): WebError {
  if (error.code === 'FLOOD_WAIT')
    return new WebError(429, 'FLOOD_WAIT', error.message, { retry_after: error.retryAfter });
  return new WebError(400, error.code, error.message);
}

/**
 * POST /web/api/sign-in/code `{ phone_number }`: sends a login code into the person's service chat
 * (their other devices show it) and answers `{ code_hash_id }`, the attempt's opaque id, which
 * `POST /web/api/sign-in` takes with the code. The person must exist; nobody is created. Both
 * profiles (in `local` the direct sign-in stays).
 */
export async function requestLoginCode({ platform, input, client }: WebContext) {
  try {
    const { code_hash_id } = await new LoginCodes(platform).request(
      text(input, 'phone_number', true),
      client,
    );
    return { code_hash_id };
  } catch (error) {
    if (error instanceof LoginCodeError) throw loginCodeRefusal(error);
    throw error;
  }
}
