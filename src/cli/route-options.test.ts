import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { COMMANDS } from './command-table.js';
import { parseCommandArgs } from './command.js';
import { optionLabel, optionText } from './route-help.js';
import { mergeRouteOptions, routeCli } from './route-options.js';

async function usage(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a usage error');
}

const line = (values: Record<string, unknown>, positionals: string[] = []) => ({ values, positionals });

describe("a command's options from its route's parameters", () => {
  it('names an option per parameter, with dashes, a flag for a boolean', () => {
    expect(routeCli('registerGame').options).toEqual({
      bot: { type: 'string' },
      'short-name': { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
    });
    expectTypeOf(routeCli('boostChat').options).toEqualTypeOf<{
      readonly user: { readonly type: 'string' };
      readonly chat: { readonly type: 'string' };
      readonly remove: { readonly type: 'boolean' };
    }>();
  });

  it('leaves out what a command line cannot give, the path, and what the command omits; renames as asked', () => {
    // setGatewayPrices: the account id is in the path; prices is a map.
    expect(Object.keys(routeCli('setGatewayPrices').options)).toEqual(['default-price']);
    const convert = routeCli('convertGift', { flags: { owned_gift_id: 'gift' } });
    expect(convert.options).toEqual({ user: { type: 'string' }, gift: { type: 'string' } });
    expectTypeOf(convert.options).toEqualTypeOf<{
      readonly user: { readonly type: 'string' };
      readonly gift: { readonly type: 'string' };
    }>();
    const gifts = routeCli('listGifts', { omit: ['exclude_unique'] });
    expect(Object.keys(gifts.options)).toEqual(['user', 'sort-by-price', 'offset', 'limit']);
    expectTypeOf(gifts.options).not.toHaveProperty('exclude-unique');
  });

  it('takes a list of scalars as a repeated option or a comma list, free text only repeated', async () => {
    const create = routeCli('createChat', { flags: { members: 'member' } });
    expect(create.options.member).toEqual({ type: 'string', multiple: true });
    expectTypeOf(create.options.member).toEqualTypeOf<{ readonly type: 'string'; readonly multiple: true }>();
    const parsed = parseCommandArgs(
      'x',
      ['--owner', 'alice', '--title', 'T', '--member', '+1555,7', '--member', '@bob'],
      create.options,
    );
    expect(await create.params(parsed, 'x')).toEqual({
      owner: '@alice',
      title: 'T',
      members: ['+1555', 7, '@bob'],
    });
    const vote = routeCli('votePoll', { flags: { message_id: 'message', option_ids: 'option' } });
    const votes = line({ user: '1', chat: '2', message: '3', option: ['0,2', '5'] });
    expect((await vote.params(votes, 'vote')).option_ids).toEqual([0, 2, 5]);
    expect(await usage(() => vote.params(line({ ...votes.values, option: ['x'] }), 'vote'))).toMatchObject({
      message: expect.stringContaining('--option must be an integer of at least 0, not "x"'),
    });
    // An empty list is a missing one; a command that means it (vote --retract) sets it.
    expect(await usage(() => vote.params(line({ ...votes.values, option: [] }), 'vote'))).toMatchObject({
      message: expect.stringContaining('missing --option'),
    });
    expect(
      await vote.params(line({ ...votes.values, option: [] }), 'vote', { set: { option_ids: [] } }),
    ).toEqual({
      user: 1,
      chat: 2,
      message_id: 3,
      option_ids: [],
    });
  });

  it('reads a subject from the positional argument, or (when kept) from its option, not both', async () => {
    const add = routeCli('addCommunityChat', { subject: 'community' });
    expect(add.positionals).toEqual(['COMMUNITY']);
    expect(Object.keys(add.options)).toEqual(['chat', 'by']);
    expect(await add.params(line({ chat: '-100', by: 'alice' }, ['42']), 'community add')).toEqual({
      community: 42,
      chat: -100,
      by: '@alice',
    });
    expect(await usage(() => add.params(line({ chat: '1', by: '2' }, ['x']), 'c'))).toMatchObject({
      message: expect.stringContaining('COMMUNITY must be an integer of at least 1, not "x"'),
    });
    const leave = routeCli('leaveChat', { subject: 'chat', subjectOption: true });
    expect(leave.positionals).toEqual(['CHAT?']);
    expect(await leave.params(line({ user: '5', chat: '@news' }), 'g')).toEqual({ user: 5, chat: '@news' });
    expect(await usage(() => leave.params(line({ user: '5', chat: '1' }, ['2']), 'g'))).toMatchObject({
      message: expect.stringContaining('give CHAT or --chat, not both'),
    });
    expect(await usage(() => leave.params(line({ user: '5' }), 'g'))).toMatchObject({
      message: expect.stringContaining('missing CHAT'),
    });
  });

  it('takes a path parameter as the subject, read as the reference or string the schema says it is', async () => {
    const user = routeCli('getUser', { subject: 'ref', metavars: { ref: 'USER' } });
    expect(user.positionals).toEqual(['USER']);
    expect(user.options).toEqual({});
    expect(user.help).toBe('');
    expect(await user.params(line({}, ['alice']), 'user get')).toEqual({ ref: '@alice' });
    expect(await user.params(line({}, ['+15550001']), 'user get')).toEqual({ ref: '+15550001' });
    expect(await user.params(line({}, ['42']), 'user get')).toEqual({ ref: 42 });
    expectTypeOf(await user.params(line({}, ['42']), 'user get')).toEqualTypeOf<{ ref: string | number }>();
    expect(await usage(() => user.params(line({}, []), 'user get'))).toMatchObject({
      message: expect.stringContaining('missing USER'),
    });
    // A workspace's name is a plain string of the path.
    const workspace = routeCli('getWorkspace', { subject: 'name' });
    expect(workspace.positionals).toEqual(['NAME']);
    expect(await workspace.params(line({}, ['ci-1']), 'workspace show')).toEqual({ name: 'ci-1' });
  });

  it('keeps the older option of a path subject, under the name the command gives it', async () => {
    const show = routeCli('getChat', {
      subject: 'ref',
      subjectOption: true,
      flags: { ref: 'chat' },
      metavars: { ref: 'CHAT' },
    });
    expect(show.positionals).toEqual(['CHAT?']);
    expect(show.options).toEqual({ chat: { type: 'string' } });
    expectTypeOf(show.options).toEqualTypeOf<{ readonly chat: { readonly type: 'string' } }>();
    expect(await show.params(line({}, ['-1001234']), 'group show')).toEqual({ ref: -1001234 });
    expect(await show.params(line({ chat: 'news' }), 'group show')).toEqual({ ref: '@news' });
    expect(await usage(() => show.params(line({ chat: '1' }, ['2']), 'group show'))).toMatchObject({
      message: expect.stringContaining('give CHAT or --chat, not both'),
    });
  });

  it('needs a path parameter that is not the subject set by the command, and names it only as the subject', async () => {
    const prices = routeCli('setGatewayPrices');
    await expect(prices.params(line({ 'default-price': '5' }), 'p')).rejects.toThrow(
      'route setGatewayPrices: its path parameter id is neither the subject nor set',
    );
    expect(await prices.params(line({ 'default-price': '5' }), 'p', { set: { id: 3 } })).toEqual({
      id: 3,
      default_price: '5',
    });
    expect(() => routeCli('getUser', { flags: { ref: 'user' } })).toThrow(
      'route getUser: ref is a parameter of its path, given only as the subject',
    );
  });

  it("takes the command's own default for an absent option, and says it in the help", async () => {
    const timeline = routeCli('getTimeline', { omit: ['before', 'after', 'wait'], defaults: { limit: 20 } });
    expect(await timeline.params(line({}), 'timeline')).toEqual({ limit: 20 });
    expect(await timeline.params(line({ limit: '5' }), 'timeline')).toEqual({ limit: 5 });
    const limit = timeline.fields.find((field) => field.name === 'limit')!;
    expect(optionText(limit)).toBe('the newest events shown, 1-1000 (default 20)');
    expect(optionText(routeCli('getTimeline').fields.find((field) => field.name === 'limit')!)).toBe(
      'the newest events shown, 1-1000 (default 100)',
    );
    expect(() => routeCli('getTimeline', { defaults: { nope: 1 } })).toThrow(
      'route getTimeline has no parameter nope',
    );
  });

  it('refuses a value that is none of those the schema declares', async () => {
    const transcript = routeCli('getTranscript');
    const given = { user: '1', chat: '2' };
    expect(await transcript.params(line({ ...given, format: 'json' }), 't')).toMatchObject({
      format: 'json',
    });
    expect(await usage(() => transcript.params(line({ ...given, format: 'xml' }), 't'))).toMatchObject({
      code: 'USAGE_ERROR',
      message: expect.stringContaining('--format must be text or json, not "xml"'),
    });
  });

  it('reads a file an option names, and a username with or without its @', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'parley-cli-'));
    await writeFile(path.join(dir, 'key.pem'), 'PEM TEXT');
    const key = routeCli('setBotPassportKey', { files: ['public_key'], flags: { public_key: 'key' } });
    expect(await key.params(line({ bot: 'a_bot', key: 'key.pem' }), 'k', { cwd: dir })).toEqual({
      bot: '@a_bot',
      public_key: 'PEM TEXT',
    });
    expect(
      await usage(() => key.params(line({ bot: '1', key: 'nope.pem' }), 'k', { cwd: dir })),
    ).toMatchObject({
      message: expect.stringContaining('cannot read --key nope.pem: ENOENT'),
    });
    const user = routeCli('createUser', { bare: ['username'] });
    expect(await user.params(line({ 'phone-number': '+1555', username: '@alice' }), 'u')).toEqual({
      phone_number: '+1555',
      username: 'alice',
    });
  });

  it('refuses a missing required option and a malformed integer, and leaves absent optional ones out', async () => {
    const grant = routeCli('grantStars');
    expect(await usage(() => grant.params(line({ user: '+15550001' }), 'stars grant'))).toMatchObject({
      code: 'USAGE_ERROR',
      message: expect.stringContaining('missing --amount'),
    });
    expect(await usage(() => grant.params(line({ user: '1', amount: '0' }), 'stars grant'))).toMatchObject({
      message: expect.stringContaining('--amount must be an integer of at least 1, not "0"'),
    });
    expect(await routeCli('boostChat').params(line({ user: '1', chat: '2' }), 'boost')).toEqual({
      user: 1,
      chat: 2,
    });
  });

  it('refuses a derivation that names no parameter, two parameters on one flag, a flag two routes mean differently', () => {
    expect(() => routeCli('boostChat', { omit: ['nope'] })).toThrow('route boostChat has no parameter nope');
    expect(() => routeCli('boostChat', { flags: { remove: 'user' } })).toThrow('given as --user');
    const chat = routeCli('boostChat');
    expect(() => mergeRouteOptions(chat, routeCli('grantStars', { flags: { amount: 'chat' } }))).toThrow(
      '--chat is a chat reference in boostChat (chat) but a integer in grantStars (amount)',
    );
    expect(mergeRouteOptions(routeCli('blockBot'), routeCli('unblockBot'))).toEqual({
      user: { type: 'string' },
      bot: { type: 'string' },
    });
  });

  it("writes the help lines from the parameters' descriptions, lengths, ranges and defaults", () => {
    expect(routeCli('registerGame', { metavars: { short_name: 'NAME', description: 'TEXT' } }).help).toBe(
      [
        '  --bot BOT            the bot: its id or @username (required)',
        '  --short-name NAME    3-64 letters, digits or underscores; unique per bot (required)',
        '  --title TITLE        1-64 characters (required)',
        '  --description TEXT   1-512 characters (required)',
      ].join('\n'),
    );
    const messages = routeCli('listMessages').fields;
    expect(messages.map((field) => `${optionLabel(field)}: ${optionText(field)}`)).toEqual([
      '--user USER: the user whose view of the chat is listed (required)',
      '--chat CHAT: @username of a bot (the private chat with it) or a chat id as the acting user sees it (required)',
      '--limit N: how many of the newest messages, 1-100 (default 100)',
    ]);
  });
});

describe('route-backed commands agree with their routes', () => {
  const backed = COMMANDS.filter((command) => command.routes !== undefined);
  const words = (text: string) => text.replace(/\s+/g, ' ');

  it('are every command but those written by hand, each for its reason (ADR 0110)', () => {
    const byHand = [
      ...['start', 'send', 'download', 'world import'],
      ...['gateway account', 'gateway channel'],
    ];
    const unbacked = COMMANDS.filter((command) => command.routes === undefined);
    expect(unbacked.map((command) => command.name).sort()).toEqual(byHand.sort());
    expect(backed).toHaveLength(COMMANDS.length - byHand.length);
  });

  it.each(backed.map((command) => [command.name, command] as const))(
    "%s: its option table and help lines are its routes'",
    (_name, command) => {
      for (const route of command.routes!) {
        for (const field of route.fields.filter((f) => f.option)) {
          const expected = field.list
            ? { type: 'string', multiple: true }
            : { type: field.spec.kind === 'boolean' ? 'boolean' : 'string' };
          expect(command.options?.[field.flag], `${route.id}: --${field.flag}`).toEqual(expected);
          if (field.subject) continue;
          const text = optionText(field);
          expect(text, `${route.id}: ${field.name} has no description`).not.toMatch(/^$|^\(/);
          expect(words(command.help), `${route.id}: --${field.flag}`).toContain(
            words(`${optionLabel(field)} ${text}`),
          );
        }
      }
    },
  );
});
