import { describe, expect, it } from 'vitest';
import { BotApiError } from './errors.js';
import { Params } from './params.js';
import { addJsonObject, bodyKind, multipartBoundary } from './request-params.js';

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('multipartBoundary (the reference HttpReader.cpp way)', () => {
  it.each([
    ['multipart/form-data; boundary=abc', 'abc'],
    ['multipart/form-data; BOUNDARY=AbC; charset=utf-8', 'AbC'],
    ['multipart/form-data; boundary="a b;c"', '"a b'],
    ['multipart/form-data; boundary="quoted"', 'quoted'],
    ['multipart/form-data;boundary= spaced', ' spaced'],
  ])('%s -> %s', (contentType, boundary) => {
    expect(multipartBoundary(contentType)).toBe(boundary);
  });

  it.each([
    ['multipart/form-data', 'Bad Request: boundary not found'],
    ['multipart/form-data; boundary', 'Bad Request: boundary value not found'],
    ['multipart/form-data; boundary=', 'Bad Request: boundary too big or empty'],
    ['multipart/form-data; boundary=""', 'Bad Request: boundary too big or empty'],
    [`multipart/form-data; boundary=${'x'.repeat(71)}`, 'Bad Request: boundary too big or empty'],
  ])('%s -> %s', (contentType, description) => {
    const refusal = multipartBoundary(contentType);
    expect(refusal).toBeInstanceOf(BotApiError);
    expect((refusal as BotApiError).description).toBe(description);
  });
});

describe('bodyKind', () => {
  it('is multipart when the type contains multipart/form-data, whatever else it holds', () => {
    expect(bodyKind('text/plain; x=multipart/form-data; boundary=a"b')).toEqual({
      multipart: 'multipart/form-data; boundary="a\\"b"',
    });
    expect(bodyKind('Multipart/Form-Data, text/plain; boundary=z')).toEqual({
      multipart: 'multipart/form-data; boundary="z"',
    });
  });

  it('leaves everything else to addBody', () => {
    for (const type of ['application/json, text/plain', ';', '', 'multipart/mixed; boundary=a']) {
      expect(bodyKind(type)).toBe('other');
    }
  });
});

describe('addJsonObject', () => {
  it('keeps members of any depth up to the limit as their JSON text', () => {
    const params = new Params();
    addJsonObject(params, `{"text":"[[[","reply_markup":${arrays(100)}}`);
    expect(params.string('text')).toBe('[[[');
    expect(params.string('reply_markup')).toBe(arrays(100));
  });

  it('refuses a member nested deeper than the limit, before serialising it', () => {
    expect(() => addJsonObject(new Params(), `{"reply_markup":${arrays(101)}}`)).toThrow(
      "Bad Request: can't parse parameter value: Too big object depth",
    );
    expect(() => addJsonObject(new Params(), `{"a":${arrays(100_000)}}`)).toThrow(BotApiError);
  });

  it('leaves deep text in a string member to the parameter reader', () => {
    const params = new Params();
    addJsonObject(params, JSON.stringify({ reply_markup: arrays(5000) }));
    expect(params.string('reply_markup')).toBe(arrays(5000));
    expect(() => JSON.parse(params.json('reply_markup')!)).toThrow(SyntaxError);
    expect(() => params.parsedJson('reply_markup', 'reply keyboard markup')).toThrow(
      "Bad Request: can't parse reply keyboard markup JSON object",
    );
  });
});
