import { describe, expect, expectTypeOf, it } from 'vitest';
import { parseCommandArgs } from './command.js';
import { routeOptions, routeParams } from './route-options.js';

function usage(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a usage error');
}

describe("a command's options from its route's parameters", () => {
  it('names an option per parameter, with dashes, a flag for a boolean', () => {
    expect(routeOptions('registerGame')).toEqual({
      bot: { type: 'string' },
      'short-name': { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
    });
    expect(routeOptions('boostChat')).toEqual({
      user: { type: 'string' },
      chat: { type: 'string' },
      remove: { type: 'boolean' },
    });
    expectTypeOf(routeOptions('boostChat')).toEqualTypeOf<{
      readonly user: { readonly type: 'string' };
      readonly chat: { readonly type: 'string' };
      readonly remove: { readonly type: 'boolean' };
    }>();
  });

  it('leaves out what a command line cannot give, and the path, and renames as asked', () => {
    // setGatewayPrices: the account id is in the path; prices is a map.
    expect(Object.keys(routeOptions('setGatewayPrices'))).toEqual(['default-price']);
    expect(routeOptions('convertGift', { owned_gift_id: 'gift' })).toEqual({
      user: { type: 'string' },
      gift: { type: 'string' },
    });
    expectTypeOf(routeOptions('convertGift', { owned_gift_id: 'gift' })).toEqualTypeOf<{
      readonly user: { readonly type: 'string' };
      readonly gift: { readonly type: 'string' };
    }>();
  });

  it("reads the parsed values into the route's parameters", () => {
    const options = routeOptions('buyPaidMedia', { message_id: 'message' });
    const { values } = parseCommandArgs(
      'x',
      ['--user', 'alice', '--chat', '-100200', '--message', '7'],
      options,
    );
    expect(routeParams('buyPaidMedia', values, 'x', { message_id: 'message' })).toEqual({
      user: '@alice',
      chat: -100200,
      message_id: 7,
    });
    const boost = parseCommandArgs(
      'x',
      ['--user', '+15550001', '--chat', '@news', '--remove'],
      routeOptions('boostChat'),
    );
    expect(routeParams('boostChat', boost.values, 'x')).toEqual({
      user: '+15550001',
      chat: '@news',
      remove: true,
    });
  });

  it('refuses a missing required option and a malformed integer, and leaves absent optional ones out', () => {
    expect(usage(() => routeParams('grantStars', { user: '+15550001' }, 'stars grant'))).toMatchObject({
      code: 'USAGE_ERROR',
      message: expect.stringContaining('missing --amount'),
    });
    expect(usage(() => routeParams('grantStars', { user: '1', amount: '0' }, 'stars grant'))).toMatchObject({
      message: expect.stringContaining('--amount must be an integer of at least 1, not "0"'),
    });
    expect(routeParams('boostChat', { user: '1', chat: '2' }, 'boost')).toEqual({ user: 1, chat: 2 });
  });
});
