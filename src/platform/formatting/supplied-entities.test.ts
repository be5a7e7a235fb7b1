import { describe, expect, it } from 'vitest';
import { readSuppliedEntities } from './supplied-entities.js';

const read = (items: unknown[]) => readSuppliedEntities(JSON.stringify(items));
const failure = (json: string) => {
  try {
    readSuppliedEntities(json);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('readSuppliedEntities', () => {
  it('ignores a missing, malformed or non-array parameter', () => {
    expect(readSuppliedEntities(undefined)).toEqual([]);
    expect(readSuppliedEntities('[{"type":')).toEqual([]);
    expect(readSuppliedEntities('{"type":"bold"}')).toEqual([]);
  });
  it('reads every entity type with its argument', () => {
    expect(
      read([
        { type: 'bold', offset: 0, length: 1 },
        { type: 'pre', offset: 0, length: 1, language: 'ts' },
        { type: 'pre', offset: 0, length: 1 },
        { type: 'text_link', offset: 0, length: 1, url: 'Example.com' },
        { type: 'text_link', offset: 0, length: 1, url: 'tg://user?id=7' },
        { type: 'text_mention', offset: 0, length: 1, user: { id: 42, first_name: 'Ann' } },
        { type: 'custom_emoji', offset: 0, length: 2, custom_emoji_id: '5368324170671202286' },
        { type: 'date_time', offset: 0, length: 1, unix_time: 1647531900, date_time_format: 'wDT' },
        { type: 'expandable_blockquote', offset: 0, length: 1 },
      ]),
    ).toEqual([
      { type: 'bold', offset: 0, length: 1 },
      { type: 'pre_code', offset: 0, length: 1, language: 'ts' },
      { type: 'pre', offset: 0, length: 1 },
      { type: 'text_link', offset: 0, length: 1, url: 'http://example.com/' },
      { type: 'text_mention', offset: 0, length: 1, userId: 7 },
      { type: 'text_mention', offset: 0, length: 1, userId: 42 },
      { type: 'custom_emoji', offset: 0, length: 2, customEmojiId: '5368324170671202286' },
      { type: 'date_time', offset: 0, length: 1, date: { unixTime: 1647531900, flags: 32 | 16 | 4 } },
      { type: 'expandable_blockquote', offset: 0, length: 1 },
    ]);
  });
  it('drops the types the platform detects itself', () => {
    const detected = [
      'mention',
      'hashtag',
      'cashtag',
      'bot_command',
      'url',
      'email',
      'phone_number',
      'bank_card_number',
    ];
    expect(read(detected.map((type) => ({ type, offset: 0, length: 1 })))).toEqual([]);
  });
  it('accepts integers written as strings but not as fractions', () => {
    expect(read([{ type: 'bold', offset: '1', length: 2 }])).toEqual([
      { type: 'bold', offset: 1, length: 2 },
    ]);
  });
  it.each([
    ['[1]', "can't parse MessageEntity: expected an Object"],
    ['[{"length":1,"type":"bold"}]', 'can\'t parse MessageEntity: Can\'t find field "offset"'],
    [
      '[{"offset":true,"length":1,"type":"bold"}]',
      'can\'t parse MessageEntity: Field "offset" must be a Number',
    ],
    [
      '[{"offset":0,"length":1.0,"type":"bold"}]',
      'can\'t parse MessageEntity: Field "length" must be a valid Number',
    ],
    [
      '[{"offset":0,"length":99999999999,"type":"bold"}]',
      'can\'t parse MessageEntity: Field "length" must be a valid Number',
    ],
    ['[{"offset":0,"length":1}]', 'can\'t parse MessageEntity: Can\'t find field "type"'],
    ['[{"offset":0,"length":1,"type":""}]', "can't parse MessageEntity: Type is not specified"],
    ['[{"offset":0,"length":1,"type":"blink"}]', "can't parse MessageEntity: Unsupported type specified"],
    ['[{"offset":0,"length":1,"type":"text_link"}]', 'can\'t parse MessageEntity: Can\'t find field "url"'],
    [
      '[{"offset":0,"length":1,"type":"text_mention"}]',
      'can\'t parse MessageEntity: Can\'t find field "user"',
    ],
    [
      '[{"offset":0,"length":1,"type":"text_mention","user":5}]',
      'can\'t parse MessageEntity: Field "user" must be of type Object',
    ],
    [
      '[{"offset":0,"length":1,"type":"text_mention","user":{}}]',
      'can\'t parse MessageEntity: Can\'t find field "id"',
    ],
    [
      '[{"offset":0,"length":1,"type":"pre","language":[]}]',
      'can\'t parse MessageEntity: Field "language" must be of type String',
    ],
    [
      '[{"offset":0,"length":1,"type":"custom_emoji","custom_emoji_id":"x"}]',
      'can\'t parse MessageEntity: Field "custom_emoji_id" must be a valid Number',
    ],
    [
      '[{"offset":0,"length":1,"type":"custom_emoji","custom_emoji_id":0}]',
      'invalid custom emoji identifier specified',
    ],
    [
      '[{"offset":0,"length":1,"type":"text_link","url":"asd"}]',
      "entity URL 'asd' is invalid: Wrong HTTP URL",
    ],
    ['[{"offset":0,"length":1,"type":"date_time","unix_time":0}]', 'invalid date specified'],
  ])('%s', (json, message) => {
    expect(failure(json)).toBe(message);
  });
  it('checks every item before any URL, as the two servers do it in turn', () => {
    expect(
      failure(
        '[{"offset":0,"length":1,"type":"text_link","url":"asd"},{"type":"blink","offset":0,"length":1}]',
      ),
    ).toBe("can't parse MessageEntity: Unsupported type specified");
  });
});
