/**
 * An `ok: false` answer of the control API. `error` is the stable code from the catalogue in
 * docs/control-api.md (`USER_NOT_FOUND`, `WAIT_TIMEOUT`, ...); tests should match on it, not on the
 * description, which is prose and may change.
 */
export class ControlApiError extends Error {
  override readonly name = 'ControlApiError';

  constructor(
    /** The HTTP status of the answer. */
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

/**
 * The code given to answers that are not a control API envelope at all (a proxy's error page, a server
 * that is not Parley). It never comes from the server, so it cannot clash with the catalogue.
 */
export const UNEXPECTED_RESPONSE = 'UNEXPECTED_RESPONSE';
