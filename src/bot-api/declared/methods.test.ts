/**
 * The declared method table (ADR 0070): the generator's limit parser on sentences of the Bot API's
 * documentation as bot-api-10.2.json has them, the overrides, the facts flood control and webhook
 * replies read, and, when PARLEY_BOT_API_JSON names the reference's JSON (which stays outside the
 * repository), that methods.ts is what the generator writes from it and that every limit the parser
 * could not read has an override.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  botApiMethodsSource,
  OUTPUT,
  paramTypes,
  parseLimits,
  unparsedLimits,
  type BotApiMethodsJson,
} from '../../../scripts/generate-bot-api-methods.js';
import { GENERATED_METHODS } from './methods.js';
import { OVERRIDES } from './overrides.js';
import { METHOD_DECLARATIONS, withOverrides } from './method-declarations.js';
import { allowedInWebhookReply, METHOD_TABLE } from '../methods/index.js';

const parse = (types: string[], description: string) => parseLimits({ types, description });

describe('the limit parser', () => {
  it('reads lengths in characters or bytes, and whether they count after entities parsing', () => {
    expect(
      parse(['String'], 'Text of the message to be sent, 1-4096 characters after entities parsing'),
    ).toEqual({
      limits: { length: { min: 1, max: 4096, unit: 'characters', afterEntities: true } },
      unparsed: [],
    });
    expect(
      parse(['String'], 'New custom title for the administrator; 0-16 characters, emoji are not allowed'),
    ).toEqual({ limits: { length: { min: 0, max: 16, unit: 'characters' } }, unparsed: [] });
    expect(
      parse(
        ['String'],
        'Bot-defined paid media payload, 0-128 bytes. This will not be displayed to the user, use it for your internal processes.',
      ).limits,
    ).toEqual({ length: { min: 0, max: 128, unit: 'bytes' } });
    expect(parse(['String'], 'Text of the query (up to 256 characters)').limits).toEqual({
      length: { min: 0, max: 256, unit: 'characters' },
    });
    expect(
      parse(
        ['String'],
        "Pass an empty string if there are no more results or if you don't support pagination. Offset length can't exceed 64 bytes.",
      ).limits,
    ).toEqual({ length: { min: 0, max: 64, unit: 'bytes' } });
  });

  it('reads numeric ranges and defaults', () => {
    expect(
      parse(
        ['Integer'],
        'Limits the number of updates to be retrieved. Values between 1-100 are accepted. Defaults to 100.',
      ),
    ).toEqual({ limits: { range: { min: 1, max: 100 }, default: 100 }, unparsed: [] });
    expect(
      parse(
        ['Integer'],
        "The maximum allowed number of simultaneous HTTPS connections to the webhook for update delivery, 1-100. Defaults to 40. Use lower values to limit the load on your bot's server, and higher values to increase your bot's throughput.",
      ).limits,
    ).toEqual({ range: { min: 1, max: 100 }, default: 40 });
    expect(
      parse(
        ['Integer'],
        'For live locations, a direction in which the user is moving, in degrees. Must be between 1 and 360 if specified.',
      ).limits,
    ).toEqual({ range: { min: 1, max: 360 } });
    expect(
      parse(['Float'], 'The radius of uncertainty for the location, measured in meters; 0-1500').limits,
    ).toEqual({
      range: { min: 0, max: 1500 },
    });
    expect(parse(['Integer'], 'New score, must be non-negative').limits).toEqual({ range: { min: 0 } });
    expect(
      parse(
        ['Integer'],
        'Unique identifier of the message draft; must be non-zero. Changes to drafts with the same identifier are animated.',
      ).limits,
    ).toEqual({ nonZero: true });
    expect(
      parse(
        ['Integer'],
        'Timeout in seconds for long polling. Defaults to 0, i.e. usual short polling. Should be positive, short polling should be used for testing purposes only.',
      ).limits,
    ).toEqual({ default: 0 });
    expect(parse(['Boolean'], 'True, if the poll needs to be anonymous, defaults to True').limits).toEqual({
      default: true,
    });
  });

  it('reads enumerations of words and of numbers', () => {
    expect(parse(['String'], "Poll type, 'quiz' or 'regular', defaults to 'regular'").limits).toEqual({
      oneOf: ['quiz', 'regular'],
      default: 'regular',
    });
    expect(
      parse(
        ['String'],
        "Result of the query. Must be either 'approve' to allow the user to join the chat, 'decline' to disallow the user to join the chat, or 'queue' to leave the decision to other administrators.",
      ).limits,
    ).toEqual({ oneOf: ['approve', 'decline', 'queue'] });
    expect(
      parse(
        ['String'],
        "Format of the thumbnail, must be one of 'static' for a .WEBP or .PNG image, 'animated' for a .TGS animation, or 'video' for a .WEBM video",
      ).limits,
    ).toEqual({ oneOf: ['static', 'animated', 'video'] });
    expect(
      parse(
        ['Integer'],
        'Color of the topic icon in RGB format. Currently, must be one of 7322096 (0x6FB9F0), 16766590 (0xFFD67E), 13338331 (0xCB86DB), 9367192 (0x8EEE98), 16749490 (0xFF93B2), or 16478047 (0xFB6F5F).',
      ).limits,
    ).toEqual({ oneOf: [7322096, 16766590, 13338331, 9367192, 16749490, 16478047] });
    expect(
      parse(
        ['Integer'],
        'Period after which the story is moved to the archive, in seconds; must be one of 6 * 3600, 12 * 3600, 86400, or 2 * 86400',
      ).limits,
    ).toEqual({ oneOf: [21600, 43200, 86400, 172800] });
    // A list of the entities kept is not a list of the values accepted.
    expect(
      parse(
        ['String'],
        "Mode for parsing entities in the text. See formatting options for more details. Entities other than 'bold', 'italic', 'underline', 'strikethrough', 'spoiler', 'custom_emoji', and 'date_time' are ignored.",
      ).limits,
    ).toEqual({});
  });

  it('reads the number of items of an array, and its types when the JSON split them', () => {
    expect(
      parse(['Array of Integer'], 'A JSON-serialized list of 1-100 identifiers of messages to delete.')
        .limits,
    ).toEqual({ items: { min: 1, max: 100 } });
    const media = [
      'Array of InputMediaAudio',
      'InputMediaDocument',
      'InputMediaLivePhoto',
      'InputMediaPhoto and InputMediaVideo',
    ];
    expect(
      parse(media, 'A JSON-serialized Array describing messages to be sent, must include 2-10 items').limits,
    ).toEqual({
      items: { min: 2, max: 10 },
    });
    expect(paramTypes(media)).toEqual([
      'Array of InputMediaAudio | InputMediaDocument | InputMediaLivePhoto | InputMediaPhoto | InputMediaVideo',
    ]);
    expect(paramTypes(['Integer', 'String'])).toEqual(['Integer', 'String']);
    expect(
      parse(
        ['Array of BotCommand'],
        "A JSON-serialized list of bot commands to be set as the list of the bot's commands. At most 100 commands can be specified.",
      ).limits,
    ).toEqual({ items: { min: 0, max: 100 } });
  });

  it('reports the mentions of a limit it could not read, and none in a flag', () => {
    expect(
      parse(
        ['Integer'],
        "Point in time (Unix timestamp) when the poll will be automatically closed. Must be at least 5 and no more than 2628000 seconds in the future. Can't be used together with open_period.",
      ),
    ).toEqual({ limits: {}, unparsed: ['at least 5', 'no more than 2628000'] });
    expect(
      parse(
        ['Boolean'],
        "Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message. The relevant Stars will be withdrawn from the bot's balance.",
      ),
    ).toEqual({ limits: {}, unparsed: [] });
  });
});

describe('the overrides', () => {
  it('name only methods and parameters of the table', () => {
    const stray = Object.entries(OVERRIDES).flatMap(([method, params]) =>
      Object.keys(params ?? {})
        .filter(
          (param) =>
            !GENERATED_METHODS[method as keyof typeof GENERATED_METHODS].params.some((p) => p.name === param),
        )
        .map((param) => `${method}.${param}`),
    );
    expect(stray).toEqual([]);
  });

  it('replace and drop limits of the generated declarations', () => {
    const param = (method: keyof typeof METHOD_DECLARATIONS, name: string) =>
      METHOD_DECLARATIONS[method].params.find((p) => p.name === name);
    expect(GENERATED_METHODS.sendDice.params.find((p) => p.name === 'emoji')?.default).toBe('');
    expect(param('sendDice', 'emoji')).toMatchObject({
      oneOf: ['🎲', '🎯', '🏀', '⚽', '🎳', '🎰'],
      default: '🎲',
    });
    expect(GENERATED_METHODS.sendLocation.params.find((p) => p.name === 'live_period')?.range).toBeDefined();
    expect(param('sendLocation', 'live_period')).not.toHaveProperty('range');
    expect(param('sendLocation', 'live_period')).toMatchObject({ name: 'live_period', types: ['Integer'] });
    // Untouched methods are the generated objects themselves.
    expect(METHOD_DECLARATIONS.getMe).toBe(GENERATED_METHODS.getMe);
    expect(withOverrides(GENERATED_METHODS, {})).toEqual(GENERATED_METHODS);
  });
});

describe("the table's facts", () => {
  it('names the sends flood control counted before the table, and sendRichMessage', () => {
    const sends = Object.values(METHOD_DECLARATIONS)
      .filter((m) => m.send)
      .map((m) => m.name);
    // The list flood-gate.ts held by hand (issue 25): the table changes nothing on the wire.
    const counted = [
      ...['sendMessage', 'forwardMessage', 'forwardMessages', 'copyMessage', 'copyMessages', 'sendPhoto'],
      ...['sendAudio', 'sendDocument', 'sendVideo', 'sendAnimation', 'sendVoice', 'sendVideoNote'],
      ...['sendPaidMedia', 'sendMediaGroup', 'sendLocation', 'sendVenue', 'sendContact', 'sendPoll'],
      ...['sendChecklist', 'sendDice', 'sendSticker', 'sendInvoice', 'sendGame', 'sendLivePhoto'],
    ];
    expect(sends.sort()).toEqual([...counted, 'sendRichMessage'].sort());
  });

  it("keeps out of a webhook's reply the getters and the methods that change the webhook", () => {
    for (const name of METHOD_TABLE.keys()) {
      const before =
        !name.startsWith('get') && !['setwebhook', 'deletewebhook', 'close', 'logout'].includes(name);
      expect([name, allowedInWebhookReply(name)]).toEqual([name, before]);
    }
  });

  it('knows the business connection, thread, reply and reply markup of sendMessage', () => {
    expect(METHOD_DECLARATIONS.sendMessage).toMatchObject({
      send: true,
      business: true,
      thread: true,
      reply: true,
      replyMarkup: true,
      returns: ['Message'],
    });
    expect(METHOD_DECLARATIONS.getMe).toMatchObject({ send: false, business: false, params: [] });
  });
});

const reference = process.env.PARLEY_BOT_API_JSON;
describe.skipIf(!reference || !existsSync(reference))(
  'the table and the reference (PARLEY_BOT_API_JSON)',
  () => {
    const api = () => JSON.parse(readFileSync(reference!, 'utf8')) as BotApiMethodsJson;

    it('wrote src/bot-api/declared/methods.ts from the reference', async () => {
      const license = readFileSync(reference!.replace(/\.json$/, '.LICENSE'), 'utf8');
      // On a difference: run `npm run generate:bot-api-methods -- PATH/bot-api-10.2.json` and commit.
      expect(readFileSync(OUTPUT, 'utf8')).toBe(await botApiMethodsSource(api(), license, OUTPUT));
    });

    it('has an override for every parameter whose limit the parser could not read', () => {
      const missing = unparsedLimits(api())
        .filter((u) => OVERRIDES[u.method as keyof typeof OVERRIDES]?.[u.param] === undefined)
        .map((u) => `${u.method}.${u.param}: ${u.mentions.join('; ')}`);
      expect(missing).toEqual([]);
    });
  },
);
if (!reference)
  console.info(
    'methods.test.ts: PARLEY_BOT_API_JSON is not set; the checks against the reference are skipped',
  );
