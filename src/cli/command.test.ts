import { describe, expect, it } from 'vitest';
import { integerOption, parseCommandArgs, refArgument, subjectArgument } from './command.js';

const OPTIONS = { text: { type: 'string' }, json: { type: 'boolean' } } as const;

function usage(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a usage error');
}

describe('parseCommandArgs', () => {
  it('parses options and positionals', () => {
    const { values, positionals } = parseCommandArgs('x', ['REF1', '--text', 'hi', '--json'], OPTIONS, [
      'REF',
    ]);
    expect(values).toEqual({ text: 'hi', json: true });
    expect(positionals).toEqual(['REF1']);
  });

  it('takes a value starting with a dash in the --option=value form', () => {
    expect(parseCommandArgs('x', ['--text=-5'], OPTIONS).values.text).toBe('-5');
  });

  it('takes a negative number as a value, as group chat ids are', () => {
    expect(parseCommandArgs('x', ['--text', '-100200', '--json'], OPTIONS).values).toEqual({
      text: '-100200',
      json: true,
    });
    const afterDashes = parseCommandArgs('x', ['--', '--text', '-1'], OPTIONS, ['A', 'B']);
    expect(afterDashes.positionals).toEqual(['--text', '-1']);
  });

  it.each([
    [['--nope'], "unknown option '--nope'"],
    [['--text'], "option '--text' needs a value"],
    [['--text', '-x'], `option '--text' needs a value; for a value that starts with "-", write --text=VALUE`],
    [['--json=yes'], "option '--json' does not take an argument"],
    [['extra'], 'unexpected argument "extra"'],
  ])('turns %j into a one-line usage error', (args, message) => {
    expect(usage(() => parseCommandArgs('send', args, OPTIONS))).toMatchObject({
      code: 'USAGE_ERROR',
      exitCode: 2,
      helpTopic: 'send',
      message,
    });
  });

  it('names a missing positional', () => {
    expect(usage(() => parseCommandArgs('user get', [], OPTIONS, ['USER']))).toMatchObject({
      message: 'missing USER',
      helpTopic: 'user get',
    });
  });
});

describe('optional positionals and subjects', () => {
  const WITH_ALIAS = { ...OPTIONS, chat: { type: 'string' } } as const;

  it('takes a positional named with a trailing ? or leaves it out', () => {
    expect(parseCommandArgs('x', ['-100200'], WITH_ALIAS, ['CHAT?']).positionals).toEqual(['-100200']);
    expect(parseCommandArgs('x', ['--chat', '-100200'], WITH_ALIAS, ['CHAT?'])).toMatchObject({
      positionals: [],
      values: { chat: '-100200' },
    });
  });

  it('reads a negative number standing alone as a positional, in its place', () => {
    const { values, positionals } = parseCommandArgs('x', ['-5', '--json', '-7'], OPTIONS, ['A', 'B']);
    expect({ values, positionals }).toEqual({ values: { json: true }, positionals: ['-5', '-7'] });
  });

  it('takes the subject from the positional or from its older option, not both', () => {
    expect(subjectArgument('-1001', undefined, 'CHAT', '--chat', 'group show')).toBe('-1001');
    expect(subjectArgument(undefined, '@room', 'CHAT', '--chat', 'group show')).toBe('@room');
    expect(usage(() => subjectArgument('1', '2', 'CHAT', '--chat', 'group show'))).toMatchObject({
      message: 'give CHAT or --chat, not both',
      helpTopic: 'group show',
    });
    expect(usage(() => subjectArgument(undefined, undefined, 'CHAT', '--chat', 'group show'))).toMatchObject({
      message: 'missing CHAT',
    });
  });
});

describe('integerOption', () => {
  it('reads integers within bounds', () => {
    expect(integerOption(undefined, '--limit', 'x', 1)).toBeUndefined();
    expect(integerOption('5', '--limit', 'x', 1)).toBe(5);
    expect(integerOption('0', '--after', 'x', 0)).toBe(0);
  });

  it.each(['0', '-1', '1.5', 'ten', '', '1e3'])('refuses %j where at least 1 is expected', (text) => {
    expect(usage(() => integerOption(text, '--limit', 'messages', 1))).toMatchObject({
      code: 'USAGE_ERROR',
      helpTopic: 'messages',
    });
  });
});

describe('refArgument', () => {
  it.each([
    ['123456', 123456],
    ['-1001234', -1001234],
    ['+15550001', '+15550001'],
    ['@echo_bot', '@echo_bot'],
    ['echo_bot', '@echo_bot'],
    ['99999999999999999999', '99999999999999999999'],
    ['15550001x', '15550001x'],
  ])('reads %s as %j', (text, ref) => {
    expect(refArgument(text)).toEqual(ref);
  });
});
