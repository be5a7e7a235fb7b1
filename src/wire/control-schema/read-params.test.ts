/**
 * readParams: how the schema reads a body or a query, kind by kind (the rules the control API's
 * handlers each had before ADR 0042): the string forms of a query, what counts as absent, defaults,
 * aliases, and the texts of refusals.
 */
import { describe, expect, it } from 'vitest';
import { array, bool, credits, flags, int, map, num, obj, opaque, params, ref, str } from './dsl.js';
import { ParamError, readParams } from './read-params.js';

function read(fields: Parameters<typeof params>[1], input: Record<string, unknown>) {
  return readParams(params('P', fields), input);
}

function refusal(fields: Parameters<typeof params>[1], input: Record<string, unknown>): string {
  try {
    read(fields, input);
  } catch (error) {
    expect(error).toBeInstanceOf(ParamError);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('readParams', () => {
  it('keeps only the parameters of the schema, in their types', () => {
    expect(read({ a: str(), b: int() }, { a: 'x', b: 5, c: 'other' })).toEqual({ a: 'x', b: 5 });
    expect(readParams(undefined, { a: 1 })).toEqual({});
  });

  it('reads texts and references, taking a number as its text', () => {
    const fields = { user: ref('user', { required: true }), name: str() };
    expect(read(fields, { user: 42, name: 7 })).toEqual({ user: '42', name: '7' });
    expect(read(fields, { user: '@a', name: '' })).toEqual({ user: '@a', name: '' });
    expect(refusal(fields, {})).toBe('user is required');
    // A required text that is empty or of another type is missing.
    expect(refusal(fields, { user: '' })).toBe('user is required');
    expect(refusal(fields, { user: { id: 1 } })).toBe('user is required');
    expect(refusal(fields, { user: 'a', name: true })).toBe('name must be a string');
    expect(read({ text: str({ required: true, allowEmpty: true }) }, { text: '' })).toEqual({ text: '' });
  });

  it('reads integers, from a JSON number or decimal digits, within their range', () => {
    const fields = { limit: int({ min: 1, max: 100 }) };
    expect(read(fields, { limit: 5 })).toEqual({ limit: 5 });
    expect(read(fields, { limit: '5' })).toEqual({ limit: 5 });
    expect(read(fields, { limit: '' })).toEqual({});
    expect(read(fields, { limit: null })).toEqual({});
    for (const bad of [0, 101, 1.5, '1.5', ' 5', 'x', true, [5]]) {
      expect(refusal(fields, { limit: bad })).toBe('limit must be an integer from 1 to 100');
    }
    // The platform's range: any exact integer here.
    expect(read({ n: int({ min: 5, max: 10, platform: true }) }, { n: 1 })).toEqual({ n: 1 });
    expect(refusal({ n: int({ platform: true }) }, { n: 2 ** 53 })).toBe(
      'n must be an integer from -9007199254740991 to 9007199254740991',
    );
    expect(refusal({ s: int({ min: 1, invalid: 'no good' }) }, { s: 0 })).toBe('no good');
  });

  it('reads a nullable integer, whose null is a value', () => {
    const fields = { delay: int({ min: 0, max: 10, nullable: true }) };
    expect(read(fields, { delay: null })).toEqual({ delay: null });
    expect(read(fields, {})).toEqual({});
    expect(refusal(fields, { delay: false })).toBe('delay must be an integer from 0 to 10');
  });

  it('reads numbers, from JSON or decimal text', () => {
    const fields = { latitude: num({ required: true, min: -90, max: 90, platform: true }) };
    expect(read(fields, { latitude: '-33.5' })).toEqual({ latitude: -33.5 });
    expect(read(fields, { latitude: 100 })).toEqual({ latitude: 100 });
    expect(refusal(fields, { latitude: 'north' })).toBe('latitude must be a number');
    expect(refusal(fields, { latitude: '' })).toBe('latitude is required');
    expect(refusal({ x: num({ min: 0, max: 1 }) }, { x: 2 })).toBe('x must be a number from 0 to 1');
  });

  it('reads booleans, also as the texts true and false', () => {
    const fields = { big: bool({ default: false }) };
    expect(read(fields, { big: true })).toEqual({ big: true });
    expect(read(fields, { big: 'true' })).toEqual({ big: true });
    expect(read(fields, { big: 'false' })).toEqual({ big: false });
    expect(read(fields, {})).toEqual({ big: false });
    for (const bad of ['', 'TRUE', 1, 0])
      expect(refusal(fields, { big: bad })).toBe('big must be true or false');
    expect(refusal({ on: bool({ required: true }) }, {})).toBe('on is required');
  });

  it('gives the default of an absent parameter', () => {
    const fields = { timeout: int({ min: 0, max: 300, default: 10 }), type: str({ default: 'group' }) };
    expect(read(fields, {})).toEqual({ timeout: 10, type: 'group' });
    expect(read(fields, { timeout: '', type: null })).toEqual({ timeout: 10, type: 'group' });
    expect(read(fields, { timeout: 0, type: '' })).toEqual({ timeout: 0, type: '' });
  });

  it('takes an alias when the parameter is absent', () => {
    const fields = { owner: ref('user', { required: true, aliases: ['owner_phone_number'] }) };
    expect(read(fields, { owner_phone_number: '+1555' })).toEqual({ owner: '+1555' });
    expect(read(fields, { owner: 1, owner_phone_number: '+1555' })).toEqual({ owner: '1' });
    expect(refusal(fields, { owner: '', owner_phone_number: '+1555' })).toBe('owner is required');
  });

  it('passes amounts of credits on to the platform', () => {
    const fields = { credits: credits({ required: true }) };
    expect(read(fields, { credits: '0.5' })).toEqual({ credits: '0.5' });
    expect(read(fields, { credits: true })).toEqual({ credits: true });
    expect(refusal(fields, { credits: '' })).toBe('credits is required');
  });

  it('reads arrays by their items JSON type', () => {
    const ids = { option_ids: array(int({ min: 0 }), { required: true, invalid: 'option_ids are indexes' }) };
    expect(read(ids, { option_ids: [0, 2] })).toEqual({ option_ids: [0, 2] });
    for (const bad of [[-1], ['1'], [1.5], 'a', {}])
      expect(refusal(ids, { option_ids: bad })).toBe('option_ids are indexes');
    expect(refusal({ options: array(str()) }, { options: 'a,b' })).toBe(
      'options must be an array of strings',
    );
    expect(read({ members: array(ref('user')) }, { members: [1, '@b'] })).toEqual({ members: ['1', '@b'] });
    expect(read({ items: array(opaque('ReactionType')) }, { items: [{}, 1] })).toEqual({ items: [{}, 1] });
  });

  it('takes a lone item as a list of one when the array allows it', () => {
    const fields = { emoji: array(str(), { lone: true }) };
    expect(read(fields, { emoji: '👍' })).toEqual({ emoji: ['👍'] });
    expect(read(fields, { emoji: ['👍', '🔥'] })).toEqual({ emoji: ['👍', '🔥'] });
    expect(read(fields, { emoji: '' })).toEqual({});
    expect(refusal(fields, { emoji: 5 })).toBe('emoji must be an array of strings');
  });

  it('reads objects, maps and flags', () => {
    expect(read({ photo: obj({ data_base64: str({ required: true }) }) }, { photo: { x: 1 } })).toEqual({
      photo: { x: 1 },
    });
    expect(refusal({ photo: obj({}) }, { photo: [1] })).toBe('photo must be an object');
    expect(read({ prices: map(credits(), { nullable: true }) }, { prices: { 44: null } })).toEqual({
      prices: { 44: null },
    });
    const rights = { rights: flags('Rights', ['can_a', 'can_b']) };
    expect(read(rights, { rights: { can_a: true } })).toEqual({ rights: { can_a: true } });
    expect(refusal(rights, { rights: 'all' })).toBe('rights must be an object of booleans');
    expect(refusal(rights, { rights: { can_c: true } })).toBe('rights.can_c is not one of can_a, can_b');
    expect(refusal(rights, { rights: { can_a: 'yes' } })).toBe('rights.can_a must be true or false');
  });

  it('checks enums and lengths itself unless the platform does', () => {
    expect(refusal({ t: str({ enum: ['a', 'b'] }) }, { t: 'c' })).toBe('t must be one of a, b');
    expect(read({ t: str({ enum: ['a', 'b'], platform: true }) }, { t: 'c' })).toEqual({ t: 'c' });
    expect(refusal({ t: str({ maxLength: 2 }) }, { t: 'abc' })).toBe('t must be 0-2 characters long');
  });

  it('refuses at the first parameter, in the order of the schema', () => {
    expect(refusal({ a: str({ required: true }), b: int({ max: 1 }) }, { b: 5 })).toBe('a is required');
    expect(refusal({ b: int({ max: 1 }), a: str({ required: true }) }, { b: 5 })).toBe(
      'b must be an integer from -9007199254740991 to 1',
    );
  });
});
