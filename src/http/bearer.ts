/**
 * The admin token's check, shared by every route behind it (the control API, `/metrics`, the web
 * client's inspector stream): `Authorization: Bearer <token>`, compared by SHA-256 digest so that
 * the comparison takes the same time whatever is given, whatever its length.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The token an Authorization header carries (`Bearer ...`), or '' for none. */
export function bearerToken(header: string | undefined): string {
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
}

/**
 * A check of Authorization headers against `token`, or `also` when given (a workspace's control API
 * takes its own token and the server's, ADR 0061). Every token is compared, whichever matches.
 */
export function bearerCheck(token: string, also?: string): (header: string | undefined) => boolean {
  const expected = [token, ...(also === undefined ? [] : [also])].map((value) =>
    createHash('sha256').update(value).digest(),
  );
  return (header) => {
    const given = bearerToken(header);
    if (given === '') return false;
    const digest = createHash('sha256').update(given).digest();
    let match = false;
    for (const candidate of expected) match = timingSafeEqual(digest, candidate) || match;
    return match;
  };
}
