import { describe, expect, it } from 'vitest';
import { GatewayError } from './gateway-error.js';
import { int32, readSendParams, type SendParams } from './params.js';

const PHONE = '+15550001234';

async function errorOf(
  params: SendParams,
  profile: 'local' | 'strict' = 'local',
): Promise<string | undefined> {
  try {
    await readSendParams(params, profile);
    return undefined;
  } catch (error) {
    if (error instanceof GatewayError) return error.code;
    throw error;
  }
}

describe('sendVerificationMessage parameters (spec §4, §8; reference §3.1)', () => {
  it.each<[SendParams, string | undefined]>([
    [{}, 'PHONE_NUMBER_INVALID'],
    [{ phone_number: '' }, 'PHONE_NUMBER_INVALID'],
    [{ phone_number: 'a' }, 'PHONE_NUMBER_INVALID'],
    [{ phone_number: '+0123456789' }, 'PHONE_NUMBER_INVALID'],
    [{ phone_number: '+1234567890123456' }, 'PHONE_NUMBER_INVALID'],
    [{ phone_number: PHONE }, 'CODE_LENGTH_REQUIRED'],
    [{ phone_number: PHONE, code_length: 1 }, 'CODE_LENGTH_INVALID'],
    [{ phone_number: PHONE, code_length: 9 }, 'CODE_LENGTH_INVALID'],
    [{ phone_number: PHONE, code_length: '4.5' }, 'CODE_LENGTH_INVALID'],
    [{ phone_number: PHONE, code_length: 2 ** 32 }, 'CODE_LENGTH_INVALID'],
    [{ phone_number: PHONE, code: '1' }, 'CODE_INVALID'],
    [{ phone_number: PHONE, code: '123456789' }, 'CODE_INVALID'],
    [{ phone_number: PHONE, code: '12a4' }, 'CODE_INVALID'],
    [{ phone_number: PHONE, code: '1234', code_length: 99 }, undefined],
    [{ phone_number: PHONE, code_length: 4, request_id: 'asdasd' }, 'REQUEST_ID_INVALID'],
    [{ phone_number: PHONE, code_length: 4, request_id: '1'.repeat(21) }, 'REQUEST_ID_INVALID'],
    [{ phone_number: PHONE, code_length: 4, ttl: 1 }, 'TTL_INVALID'],
    [{ phone_number: PHONE, code_length: 4, ttl: 29 }, 'TTL_INVALID'],
    [{ phone_number: PHONE, code_length: 4, ttl: 3601 }, 'TTL_INVALID'],
    [{ phone_number: PHONE, code_length: 4, ttl: 30 }, undefined],
    [{ phone_number: PHONE, code_length: 4, ttl: '3600' }, undefined],
    [{ phone_number: PHONE, code_length: 4, callback_url: 'asdasd' }, 'CALLBACK_URL_INVALID'],
    [{ phone_number: PHONE, code_length: 4, callback_url: 'ftp://example.com/x' }, 'CALLBACK_URL_INVALID'],
    [
      { phone_number: PHONE, code_length: 4, callback_url: `https://e.com/${'x'.repeat(243)}` },
      'CALLBACK_URL_INVALID',
    ],
    [{ phone_number: PHONE, code_length: 4, callback_url: `https://e.com/${'x'.repeat(242)}` }, undefined],
    [{ phone_number: PHONE, code_length: 4, callback_url: 'http://127.0.0.1:9/cb' }, undefined],
    [{ phone_number: PHONE, code_length: 4, payload: 'x'.repeat(129) }, 'PAYLOAD_INVALID'],
    [{ phone_number: PHONE, code_length: 4, payload: 'é'.repeat(65) }, 'PAYLOAD_INVALID'],
    [{ phone_number: PHONE, code_length: 4, payload: 'x'.repeat(128) }, undefined],
    [{ phone_number: PHONE, code_length: 4, payload: { a: 1 } }, 'PAYLOAD_INVALID'],
    [{ phone_number: PHONE, code_length: 4, sender_username: 'a b' }, 'SENDER_USERNAME_INVALID'],
    [{ phone_number: PHONE, code_length: 4, sender_username: '@good_name' }, undefined],
  ])('%j -> %s', async (params, code) => {
    expect(await errorOf(params)).toBe(code);
  });

  it('checks phone, then code, then request_id, then the rest (reference §4.1)', async () => {
    expect(await errorOf({ phone_number: 'x', code: '1', ttl: 1 })).toBe('PHONE_NUMBER_INVALID');
    expect(await errorOf({ phone_number: PHONE, code: '1', request_id: 'x' })).toBe('CODE_INVALID');
    expect(await errorOf({ phone_number: PHONE, code_length: 4, request_id: 'x', ttl: 1 })).toBe(
      'REQUEST_ID_INVALID',
    );
  });

  it('accepts numbers without "+" and with spaces, and answers them in E.164', async () => {
    expect((await readSendParams({ phone_number: '1 555 000 1234', code_length: 4 }, 'local')).phone).toBe(
      PHONE,
    );
    expect((await readSendParams({ phone_number: 15550001234, code_length: 4 }, 'local')).phone).toBe(PHONE);
  });

  it('takes only https callbacks to public addresses in the strict profile', async () => {
    for (const url of [
      'http://93.184.215.14/cb',
      'https://127.0.0.1/cb',
      'https://10.1.2.3/cb',
      'https://[::1]/cb',
      'https://169.254.169.254/latest',
    ]) {
      expect(await errorOf({ phone_number: PHONE, code_length: 4, callback_url: url }, 'strict')).toBe(
        'CALLBACK_URL_INVALID',
      );
    }
    expect(
      await errorOf(
        { phone_number: PHONE, code_length: 4, callback_url: 'https://93.184.215.14/cb' },
        'strict',
      ),
    ).toBe(undefined);
  });

  it('reads 32-bit integers only', () => {
    expect(int32('42')).toBe(42);
    expect(int32(2 ** 31 - 1)).toBe(2 ** 31 - 1);
    expect(int32(2 ** 31)).toBeUndefined();
    expect(int32('1e3')).toBeUndefined();
    expect(int32(true)).toBeUndefined();
  });
});
