import { describe, expect, it } from 'vitest';
import { signingKeyOf, signReport, verifyReport } from './report-signature.js';

/** The test vector of reference §7.3. */
const VECTOR = {
  token: '123456:TEST-token-for-vectors',
  secret: 'e15f1ddebfbb6364fd9873d199206d425f585f879e15f94515475e0642340b33',
  timestamp: '1733663990',
  body: '{"request_id":"923583492968596","phone_number":"1999123456726","request_cost":0,"delivery_status":{"status":"revoked","updated_at":1733663990},"verification_status":{"status":"expired","updated_at":1733663989}}',
  signature: '9cf59b82c34cbde00185dcb94965b242344ac72caca381728365afcf956c9eb4',
  wrongVariant: 'fe22f808cb9c9b588396e2b4bdedad25778a0bbcb63400b4291453e918fb7328',
};

describe('delivery report signatures (spec §6)', () => {
  it('matches the reference test vector', () => {
    const key = signingKeyOf(VECTOR.token);
    expect(key.toString('hex')).toBe(VECTOR.secret);
    expect(signReport(key, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    // Keyed by the hex text of the digest instead of its bytes: the mistake the vector guards against.
    expect(signReport(Buffer.from(VECTOR.secret), VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.wrongVariant);
  });

  it('verifies as a careful receiver does', () => {
    const headers = { timestamp: VECTOR.timestamp, signature: VECTOR.signature };
    const now = Number(VECTOR.timestamp);
    expect(verifyReport(VECTOR.token, headers, VECTOR.body, now)).toBe(true);
    expect(verifyReport(VECTOR.token, headers, VECTOR.body, now + 300)).toBe(true);
    expect(verifyReport(VECTOR.token, headers, VECTOR.body, now + 301)).toBe(false);
    expect(verifyReport(VECTOR.token, headers, `${VECTOR.body} `, now)).toBe(false);
    expect(verifyReport('other', headers, VECTOR.body, now)).toBe(false);
    expect(verifyReport(VECTOR.token, { ...headers, signature: VECTOR.wrongVariant }, VECTOR.body, now)).toBe(
      false,
    );
    expect(verifyReport(VECTOR.token, { ...headers, signature: undefined }, VECTOR.body, now)).toBe(false);
  });
});
