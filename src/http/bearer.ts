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

/** A check of Authorization headers against `token`. */
export function bearerCheck(token: string): (header: string | undefined) => boolean {
  const expected = createHash('sha256').update(token).digest();
  return (header) => {
    const given = bearerToken(header);
    return given !== '' && timingSafeEqual(createHash('sha256').update(given).digest(), expected);
  };
}
