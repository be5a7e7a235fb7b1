import { describe, expect, it } from 'vitest';
import { elementHash, isBase64, type SharedElementHashes } from './passport-elements.js';
import { checkPassportError, type PassportElementError } from './passport-errors.js';

const h = (n: number) => Buffer.alloc(32, n).toString('base64');

const shared = new Map<string, SharedElementHashes>([
  ['personal_details', { data_hash: h(1), element_hash: h(2) }],
  [
    'identity_card',
    { data_hash: h(3), front_side: h(4), reverse_side: h(5), translation: [h(6), h(7)], element_hash: h(8) },
  ],
  ['utility_bill', { files: [h(9), h(10)], element_hash: h(11) }],
]);

const error = (over: Partial<PassportElementError>): PassportElementError => ({
  source: 'data',
  type: 'personal_details',
  message: 'wrong',
  ...over,
});

describe('PassportElementError rules', () => {
  it('accepts errors that name hashes of the shared elements', () => {
    for (const ok of [
      error({ field_name: 'first_name', data_hash: h(1) }),
      error({ source: 'front_side', type: 'identity_card', file_hash: h(4) }),
      error({ source: 'reverse_side', type: 'identity_card', file_hash: h(5) }),
      error({ source: 'translation_file', type: 'identity_card', file_hash: h(7) }),
      error({ source: 'translation_files', type: 'identity_card', file_hashes: [h(6), h(7)] }),
      error({ source: 'file', type: 'utility_bill', file_hash: h(10) }),
      error({ source: 'files', type: 'utility_bill', file_hashes: [h(9)] }),
      error({ source: 'unspecified', type: 'utility_bill', element_hash: h(11) }),
    ]) {
      expect(checkPassportError(ok, shared)).toBeUndefined();
    }
  });

  it('refuses a source that does not fit the type, unshared types, wrong hashes and fields', () => {
    expect(
      checkPassportError(error({ source: 'reverse_side', type: 'passport', file_hash: h(5) }), shared),
    ).toEqual({
      problem: 'TYPE_INVALID',
      type: 'passport',
      source: 'reverse_side',
    });
    expect(
      checkPassportError(error({ source: 'file', type: 'identity_card', file_hash: h(4) }), shared),
    ).toMatchObject({
      problem: 'TYPE_INVALID',
    });
    expect(
      checkPassportError(
        error({ source: 'data', type: 'address', field_name: 'city', data_hash: h(1) }),
        shared,
      ),
    ).toMatchObject({
      problem: 'NOT_SHARED',
    });
    expect(checkPassportError(error({ field_name: 'first_name', data_hash: h(3) }), shared)).toMatchObject({
      problem: 'HASH_INVALID',
      field: 'data_hash',
    });
    expect(checkPassportError(error({ field_name: 'document_no', data_hash: h(1) }), shared)).toMatchObject({
      problem: 'FIELD_NAME_INVALID',
      field: 'document_no',
    });
    expect(
      checkPassportError(error({ source: 'selfie', type: 'identity_card', file_hash: h(4) }), shared),
    ).toMatchObject({
      problem: 'HASH_INVALID',
      field: 'file_hash',
    });
    expect(
      checkPassportError(error({ source: 'files', type: 'utility_bill', file_hashes: [h(9), h(4)] }), shared),
    ).toMatchObject({
      problem: 'HASH_INVALID',
      field: 'file_hashes',
    });
    expect(
      checkPassportError(error({ source: 'files', type: 'utility_bill', file_hashes: [] }), shared),
    ).toMatchObject({
      problem: 'FILE_HASHES_EMPTY',
    });
    expect(
      checkPassportError(
        error({ source: 'unspecified', type: 'personal_details', element_hash: h(1) }),
        shared,
      ),
    ).toMatchObject({
      problem: 'HASH_INVALID',
      field: 'element_hash',
    });
  });

  it("makes an element's hash from every part of it; reads base64 as the reference does", () => {
    const one = elementHash('email', {}, ['a@example.com']);
    expect(elementHash('email', {}, ['a@example.com'])).toBe(one);
    expect(elementHash('email', {}, ['b@example.com'])).not.toBe(one);
    expect(elementHash('phone_number', {}, ['a@example.com'])).not.toBe(one);
    expect(isBase64(h(1))).toBe(true);
    expect(isBase64('abc')).toBe(false);
    expect(isBase64('ab_-')).toBe(false);
  });
});
