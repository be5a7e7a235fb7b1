/**
 * Property-based fuzzing of the Bot API's parameter reading (`/bot<token>/<method>`), over real HTTP
 * to one in-process server. For each method of a set that reads many kinds of parameters, fast-check
 * generates parameter lists mixing valid values with wrong types, huge, negative and NaN-like
 * numbers, hostile unicode, long strings, JSON nested within and beyond the 100-level limit, arrays
 * where objects are expected, duplicate and unknown parameters, sent as JSON, form, query string or
 * multipart, with odd content types and encodings. Properties: (1) no answer is 5xx, and every
 * answer is the Bot API's envelope (`{ok:true, result}` with 200, or `{ok:false, error_code,
 * description}` with error_code equal to the HTTP status); (2) a refused call changes nothing of the
 * state it could have changed (a snapshot per method family, taken before and after each refusal).
 *
 * Seed and counts are fixed: the same inputs run every time; a failure prints its shrunk
 * counterexample as a curl command.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  RawJson,
  anyValue,
  curl,
  encode,
  entriesOf,
  field,
  jsonish,
  markupText,
  nastyNumber,
  nastyString,
  oneOfValues,
  parseObject,
  pathSegment,
  send,
  shapes,
  type Answer,
  type Entries,
  type FuzzValue,
  type Shape,
  type UploadPart,
  Tally,
  budget,
  offlineLookup as lookup,
} from './helpers/fuzz.js';
import { ADMIN_TOKEN, phone, startServer, type TestServer } from './helpers/in-process.js';
import { jpegHeader, png } from './helpers/media-bytes.js';
import { BOT_API_METHODS } from '../src/bot-api/methods/index.js';
import { NOT_SUPPORTED_METHODS } from '../src/bot-api/methods/not-supported.js';

const SEED = 0x5eed_b0a7;
/** Runs per method: about 20 methods, each run one call and two or three state reads. */
const RUNS = 45;

interface Scene {
  server: TestServer;
  token: string;
  botId: number;
  botName: string;
  alice: { id: number; phone: string };
  bob: { id: number; phone: string };
  groupId: number;
  groupName: string;
  /** Alice's first message to the bot; the bot's message to her with a button; its message in the group. */
  aliceHi: number;
  botToAlice: number;
  botInGroup: number;
  /** The message whose button is pressed before each answerCallbackQuery. */
  pressTarget: number;
  photoId: string;
  documentId: string;
  callbackQueryId: string;
  inlineQueryId: string;
}

let s: Scene;

async function botCall(method: string, params: Record<string, unknown>) {
  const response = await fetch(`${s.server.url}/bot${s.token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  const body = (await response.json()) as { ok: boolean; result: never; description?: string };
  if (!body.ok) throw new Error(`${method}: ${body.description}`);
  return body.result;
}

async function controlGet(path: string): Promise<unknown> {
  const response = await fetch(`${s.server.url}/control${path}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return response.json();
}

beforeAll(async () => {
  const server = await startServer({}, { lookup });
  const { control } = server;
  const tag = process.pid % 100_000;
  const bot = await control.createBot({ username: `fuzz${tag}_bot`, supports_inline_queries: true });
  const people = [];
  for (const first of ['Alice', 'Bob']) {
    const user = await control.createUser({ phone_number: phone(), first_name: first });
    people.push({ id: user.id, phone: user.phone_number });
  }
  const [alice, bob] = people as [Scene['alice'], Scene['bob']];
  const aliceHi = (await control.sendMessage({ from: alice.phone, chat: `@${bot.username}`, text: 'hi' }))
    .message_id;
  await control.sendMessage({ from: bob.phone, chat: `@${bot.username}`, text: 'hi' });
  const groupName = `fuzzgroup${tag}`;
  const group = await control.createChat({
    owner: alice.phone,
    title: 'Fuzz',
    type: 'supergroup',
    username: groupName,
    members: [bob.phone, `@${bot.username}`],
  });
  const rights = Object.fromEntries(
    [
      'can_manage_chat',
      'can_delete_messages',
      'can_restrict_members',
      'can_promote_members',
      'can_change_info',
      'can_invite_users',
      'can_pin_messages',
    ].map((key) => [key, true]),
  );
  await control.promoteChatMember({
    by: alice.phone,
    chat: String(group.id),
    user: `@${bot.username}`,
    rights,
  });
  s = {
    server,
    token: bot.token,
    botId: bot.id,
    botName: bot.username,
    alice,
    bob,
    groupId: group.id,
    groupName,
    aliceHi,
    botToAlice: 0,
    botInGroup: 0,
    pressTarget: 0,
    photoId: '',
    documentId: '',
    callbackQueryId: '',
    inlineQueryId: '',
  };
  const withButton = await botCall('sendMessage', {
    chat_id: alice.id,
    text: 'press it',
    reply_markup: { inline_keyboard: [[{ text: 'press', callback_data: 'p' }]] },
  });
  s.botToAlice = (withButton as { message_id: number }).message_id;
  s.pressTarget = s.botToAlice;
  s.botInGroup = (
    (await botCall('sendMessage', { chat_id: group.id, text: 'hello group' })) as {
      message_id: number;
    }
  ).message_id;
  const upload = async (method: string, fieldName: string, filename: string, data: Buffer) => {
    const form = new FormData();
    form.set('chat_id', String(alice.id));
    form.set(fieldName, new Blob([data]), filename);
    const response = await fetch(`${server.url}/bot${bot.token}/${method}`, { method: 'POST', body: form });
    return ((await response.json()) as { result: Record<string, unknown> }).result;
  };
  const photo = await upload('sendPhoto', 'photo', 'a.png', png(8, 8));
  s.photoId = (photo.photo as Array<{ file_id: string }>)[0]!.file_id;
  const document = await upload('sendDocument', 'document', 'a.txt', Buffer.from('notes\n'));
  s.documentId = (document.document as { file_id: string }).file_id;
});

afterAll(async () => {
  await s?.server.close();
});

// ---- values of this scene -----------------------------------------------------------------------

const bool = () => oneOfValues(true, false, 'yes', 'no', '1', '0', 'TRUE', 'on', '');
const chatId = () =>
  fc.oneof(
    { weight: 3, arbitrary: oneOfValues(s.alice.id, s.bob.id, s.groupId, `@${s.groupName}`) },
    {
      weight: 1,
      arbitrary: oneOfValues(
        `@${s.botName}`,
        s.botId,
        0,
        -1,
        123_456_789,
        '@nobody_here',
        ` ${s.alice.id}`,
        `${s.alice.id}abc`,
        s.groupId * 10,
        -1_000_000_000_000,
      ),
    },
  );
const messageId = () =>
  oneOfValues(s.aliceHi, s.botToAlice, s.botInGroup, s.botInGroup + 1, 0, -1, 999_999, 2 ** 31, '1e2');
const text = () =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom('hello', '*bold*', '<b>x</b>', '_a_', '[l](http://x.example)') },
    { weight: 3, arbitrary: nastyString },
    { weight: 2, arbitrary: markupText },
    { weight: 1, arbitrary: fc.constantFrom('a'.repeat(4096), 'a'.repeat(4097), '😀'.repeat(4096)) },
  );
const parseMode = () =>
  fc.oneof(
    { weight: 3, arbitrary: oneOfValues('MarkdownV2', 'HTML', 'Markdown') },
    oneOfValues('markdown', 'html', '', 'BBCode'),
  );
const entity = () =>
  fc.record(
    {
      type: fc.constantFrom(
        'bold',
        'italic',
        'text_link',
        'text_mention',
        'custom_emoji',
        'pre',
        'url',
        'bogus',
      ),
      offset: field(fc.integer({ min: -2, max: 10 })),
      length: field(fc.integer({ min: -2, max: 10 })),
      url: field(fc.constantFrom('http://x.example', 'javascript:alert(1)', 'tg://user?id=1')),
      user: field(fc.constant({ id: 1, is_bot: false, first_name: 'A' })),
      language: field(nastyString),
      custom_emoji_id: field(fc.constantFrom('5368324170671202286', '1')),
    },
    { requiredKeys: ['type'] },
  );
const entities = () => jsonish(fc.array(field(entity()), { maxLength: 3 }));
const button = () =>
  fc.record(
    {
      text: field(fc.constantFrom('a', 'press')),
      callback_data: field(fc.constantFrom('b', 'x'.repeat(64), 'x'.repeat(65))),
      url: field(fc.constantFrom('https://x.example', 'tg://user?id=1', 'javascript:alert(1)', '')),
      switch_inline_query: field(fc.constant('q')),
      pay: field(fc.boolean()),
    },
    { requiredKeys: ['text'] },
  );
const replyMarkup = () =>
  jsonish(
    fc.oneof(
      fc.record({
        inline_keyboard: field(
          fc.array(field(fc.array(field(button()), { maxLength: 3 })), { maxLength: 3 }),
        ),
      }),
      fc.record({
        keyboard: field(
          fc.array(fc.array(field(fc.record({ text: field(fc.constant('k')) })), { maxLength: 2 }), {
            maxLength: 2,
          }),
        ),
        resize_keyboard: field(fc.boolean()),
      }),
      fc.constant({ remove_keyboard: true }),
      fc.record({ force_reply: field(fc.boolean()), input_field_placeholder: field(nastyString) }),
    ),
  );
const replyParameters = () =>
  jsonish(
    fc.record(
      {
        message_id: field(messageId()),
        chat_id: field(chatId()),
        allow_sending_without_reply: field(fc.boolean()),
        quote: field(nastyString),
      },
      { requiredKeys: [] },
    ),
  );
const linkPreview = () =>
  jsonish(
    fc.record({
      is_disabled: field(fc.boolean()),
      url: field(fc.constant('http://x.example')),
      prefer_small_media: field(fc.boolean()),
      show_above_text: field(fc.boolean()),
    }),
  );
const permissions = () =>
  jsonish(
    fc.dictionary(
      fc.constantFrom(
        'can_send_messages',
        'can_send_photos',
        'can_send_media_messages',
        'can_send_polls',
        'can_invite_users',
        'can_pin_messages',
        'can_change_info',
        'bogus',
      ),
      field(fc.boolean(), { wrong: 1 }),
      { maxKeys: 5 },
    ),
  );
const userId = () => oneOfValues(s.alice.id, s.bob.id, s.bob.id, s.botId, 0, -1, 987_654_321, `${s.bob.id}x`);
const fileRef = (own: () => string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(own()) },
    oneOfValues(
      s.photoId,
      s.documentId,
      'attach://f0',
      'attach://nothing',
      '',
      'http://127.0.0.1:1/x.jpg',
      'https://hook.example/x.png',
      'https://nope.invalid/x.png',
      'AgACAgIAAxkBAAIBOGZ',
    ),
  );
const scope = () =>
  jsonish(
    fc.oneof(
      fc.constant({ type: 'default' }),
      fc.constant({ type: 'all_private_chats' }),
      fc.record({ type: fc.constant('chat'), chat_id: field(chatId()) }),
      fc.record({ type: fc.constant('chat_member'), chat_id: field(chatId()), user_id: field(userId()) }),
      fc.record({ type: field(fc.constantFrom('chat_administrators', 'bogus')), chat_id: field(chatId()) }),
    ),
  );
const language = () => oneOfValues('', 'en', 'EN', 'eng', 'e', 'ru');

/** A lenient integer that is never positive: getUpdates must not wait (a long poll of up to 50 s). */
const noWait = () =>
  oneOfValues(
    0,
    -1,
    -5,
    '-99999999999',
    'abc',
    '',
    ' 5',
    'true',
    '-0',
    new RawJson('-1e400'),
    [1],
    { a: 1 },
    null,
  );

/** Upload parts: real images, an image with sides too far apart, a JPEG header, garbage, nothing. */
const uploads = (fields: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant<UploadPart[]>([]) },
    {
      weight: 2,
      arbitrary: fc.array(
        fc.record({
          field: fc.constantFrom(...fields),
          filename: fc.constantFrom(
            'a.png',
            'a.txt',
            '',
            'ü.pdf',
            '../../etc/passwd',
            'a"b.png',
            'x'.repeat(300),
          ),
          contentType: fc.constantFrom('image/png', 'text/plain', 'application/octet-stream', ''),
          data: fc.constantFrom(
            png(8, 8),
            png(1, 30),
            jpegHeader(32, 32),
            Buffer.alloc(0),
            Buffer.from('not an image'),
            Buffer.from([0xff, 0xd8, 0xff]),
          ),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    },
  );

// ---- state snapshots ----------------------------------------------------------------------------

/** Messages as people see them, without polls (a poll closes by itself, on the clock). */
async function messages(): Promise<unknown> {
  const list = async (user: string, chat: string | number) => {
    const answer = (await controlGet(
      `/messages?user=${encodeURIComponent(user)}&chat=${encodeURIComponent(String(chat))}&limit=100`,
    )) as { result: Array<Record<string, unknown>> };
    return answer.result.map(({ poll: _poll, ...rest }) => rest);
  };
  return [
    await list(s.alice.phone, `@${s.botName}`),
    await list(s.bob.phone, `@${s.botName}`),
    await list(s.alice.phone, s.groupId),
  ];
}

async function webhookInfo(): Promise<unknown> {
  const info = (await botCall('getWebhookInfo', {})) as Record<string, unknown>;
  // Written by the delivery worker in its own time, not by the call.
  delete info.last_error_date;
  delete info.last_error_message;
  return info;
}

async function chat(): Promise<unknown> {
  return controlGet(`/chats/${s.groupId}`);
}

async function reactions(): Promise<unknown> {
  const ofMessage = (user: string, chatRef: string | number, id: number) =>
    controlGet(
      `/reactions?user=${encodeURIComponent(user)}&chat=${encodeURIComponent(String(chatRef))}&message_id=${id}`,
    );
  return [
    await ofMessage(s.alice.phone, `@${s.botName}`, s.aliceHi),
    await ofMessage(s.alice.phone, `@${s.botName}`, s.botToAlice),
    await ofMessage(s.alice.phone, s.groupId, s.botInGroup),
  ];
}

async function commands(): Promise<unknown> {
  const scopes = [
    [{ type: 'default' }, ''],
    [{ type: 'default' }, 'en'],
    [{ type: 'all_private_chats' }, ''],
    [{ type: 'chat', chat_id: s.groupId }, ''],
    [{ type: 'chat_member', chat_id: s.groupId, user_id: s.alice.id }, ''],
  ] as const;
  const lists: unknown[] = [];
  for (const [scopeValue, languageCode] of scopes) {
    lists.push(await botCall('getMyCommands', { scope: scopeValue, language_code: languageCode }));
  }
  return lists;
}

async function pins(): Promise<unknown> {
  const of = (chatRef: string | number) =>
    controlGet(`/pins?user=${encodeURIComponent(s.alice.phone)}&chat=${encodeURIComponent(String(chatRef))}`);
  return [await of(`@${s.botName}`), await of(s.groupId)];
}

/** The bot's own settings that the methods without a case of their own change. */
async function settings(): Promise<unknown> {
  return [
    await botCall('getMyName', {}),
    await botCall('getMyShortDescription', {}),
    await botCall('getChatMenuButton', {}),
    await botCall('getMyCommands', {}),
  ];
}

async function descriptions(): Promise<unknown> {
  return [await botCall('getMyDescription', {}), await botCall('getMyDescription', { language_code: 'en' })];
}

// ---- the properties -----------------------------------------------------------------------------

const ENVELOPE_KEYS = {
  ok: new Set(['ok', 'result', 'description']),
  error: new Set(['ok', 'error_code', 'description', 'parameters']),
};

/** Property 1: not 5xx, and the Bot API's envelope. Returns whether the call was refused. */
function checkEnvelope(answer: Answer, what: string): boolean {
  const fail = (why: string) => {
    throw new Error(`${why}\n  answer: ${answer.status} ${answer.text.slice(0, 300)}\n  request: ${what}`);
  };
  const body = parseObject(answer.text);
  // The one 5xx that is documented (docs/bot-api.md, ADR 0004): a method of the spec not implemented.
  const notImplemented =
    answer.status === 501 &&
    NOT_SUPPORTED_METHODS.has(
      /^Not Implemented: method (\w+) is not supported by Parley yet$/
        .exec(String(body?.description))?.[1]
        ?.toLowerCase() ?? '',
    );
  if (answer.status >= 500 && !notImplemented) fail('a 5xx answer');
  if (!body) return fail('the answer is not a JSON object') as never;
  if (!answer.contentType?.startsWith('application/json')) fail('the answer is not application/json');
  if (body.ok === true) {
    if (answer.status !== 200) fail('ok:true without HTTP 200');
    if (!('result' in body)) fail('ok:true without result');
    if (Object.keys(body).some((key) => !ENVELOPE_KEYS.ok.has(key))) fail('unexpected keys in ok:true');
    return false;
  }
  if (body.ok !== false) fail('ok is neither true nor false');
  if (body.error_code !== answer.status) fail('error_code differs from the HTTP status');
  if (answer.status < 400) fail('a refusal with a status below 400');
  if (typeof body.description !== 'string' || body.description === '') fail('no description');
  if (Object.keys(body).some((key) => !ENVELOPE_KEYS.error.has(key))) fail('unexpected keys in ok:false');
  if (body.parameters !== undefined && (typeof body.parameters !== 'object' || body.parameters === null))
    fail('parameters is not an object');
  return true;
}

const tally = new Tally();
afterAll(() => tally.print());

/** A plain JSON POST. */
const SHAPE_PLAIN: Shape = {
  transport: 'json',
  verb: 'POST',
  contentType: undefined,
  inQuery: 0,
  jsonTop: 'object',
  urlencodedPart: false,
  boundaryStyle: 'plain',
  gzip: false,
};

interface MethodCase {
  method: string;
  fields: () => Record<string, fc.Arbitrary<FuzzValue>>;
  /** Fields nearly always given, and fields seldom given (see entriesOf). */
  required?: string[];
  rare?: string[];
  /** Fields whose values must stay those of the table (mutations would make them wait or loop). */
  fixed?: string[];
  /** Run before each call, before the state is read (a fresh query to answer, the clock moved on). */
  beforeEach?: () => Promise<void>;
  files?: () => fc.Arbitrary<UploadPart[]>;
  /** The state this method could change; compared around every refusal. */
  state: () => Promise<unknown>;
  runs?: number;
}

async function runCase(c: MethodCase) {
  const url = `${s.server.url}/bot${s.token}/${c.method}`;
  const input = fc.record({
    entries: entriesOf(c.fields(), {
      required: c.required ?? [],
      rare: [...RARE, ...(c.rare ?? [])],
      fixed: c.fixed ?? [],
    }),
    shape: shapes(),
    files: c.files ? c.files() : fc.constant<UploadPart[]>([]),
  });
  await fc.assert(
    fc.asyncProperty(input, async ({ entries, shape, files }) => {
      await callOnce(url, c, entries, shape, files);
    }),
    budget(SEED, c.runs ?? RUNS),
  );
}

async function callOnce(url: string, c: MethodCase, given: Entries, shape: Shape, files: UploadPart[]) {
  await c.beforeEach?.();
  const entries = given.map(([name, value]): [string, FuzzValue] => [
    name,
    value === CURRENT_CALLBACK_QUERY
      ? s.callbackQueryId
      : value === CURRENT_INLINE_QUERY
        ? s.inlineQueryId
        : value,
  ]);
  const request = encode(entries, shape, files);
  const before = await c.state();
  const answer = await send(url, request);
  const refused = checkEnvelope(answer, curl(url, request));
  tally.add(url.slice(url.lastIndexOf('/') + 1), answer);
  if (!refused) return;
  const after = await c.state();
  if (!isDeepStrictEqual(before, after)) {
    throw new Error(
      `a refused call changed the state\n  answer: ${answer.status} ${answer.text.slice(0, 300)}\n` +
        `  before: ${JSON.stringify(before).slice(0, 2000)}\n  after: ${JSON.stringify(after).slice(0, 2000)}\n` +
        `  request: ${curl(url, request)}`,
    );
  }
}

/** Stand-ins for the query made before each call (the generators are built before it exists). */
const CURRENT_CALLBACK_QUERY = '\u0001current callback query';
const CURRENT_INLINE_QUERY = '\u0001current inline query';

/** A fresh callback query (a press on the bot's button) and inline query for each call. */
let queries = 0;
async function freshCallbackQuery() {
  const press = () =>
    s.server.control.pressButton({
      user: s.alice.phone,
      chat: `@${s.botName}`,
      message_id: s.pressTarget,
      button: 'press',
      timeout: 0,
    });
  // An earlier call may have edited the button away or deleted the message: send a new one then.
  const answer = await press().catch(async () => {
    s.pressTarget = (
      (await botCall('sendMessage', {
        chat_id: s.alice.id,
        text: 'press it',
        reply_markup: { inline_keyboard: [[{ text: 'press', callback_data: 'p' }]] },
      })) as { message_id: number }
    ).message_id;
    return press();
  });
  s.callbackQueryId = answer.query_id ?? '';
}
async function freshInlineQuery() {
  queries += 1;
  const inline = await s.server.control.inlineQuery({
    user: s.alice.phone,
    bot: `@${s.botName}`,
    query: `q${queries}`,
    timeout: 0,
  });
  s.inlineQueryId = inline.query_id;
}

/** Reply and thread parameters name messages of one chat: given everywhere, they would refuse most calls. */
const RARE = ['reply_parameters', 'reply_to_message_id', 'allow_sending_without_reply', 'message_thread_id'];

const sendOptions = () => ({
  chat_id: chatId(),
  reply_markup: replyMarkup(),
  reply_parameters: replyParameters(),
  reply_to_message_id: messageId(),
  allow_sending_without_reply: bool(),
  disable_notification: bool(),
  protect_content: bool(),
  message_thread_id: nastyNumber,
});

const CASES: MethodCase[] = [
  {
    method: 'getUpdates',
    fixed: ['timeout'],
    fields: () => ({
      offset: field(oneOfValues(0, 1, -1, 2 ** 31, -(2 ** 31) - 1)),
      limit: field(oneOfValues(0, 1, 100, 101, -5)),
      // A positive timeout is a long poll (up to 50 s): only values that read as 0 or less.
      timeout: noWait(),
      allowed_updates: jsonish(
        field(fc.array(fc.constantFrom('message', 'callback_query', 'bogus', ''), { maxLength: 3 })),
      ),
    }),
    state: webhookInfo,
  },
  {
    method: 'setWebhook',
    required: ['url'],
    fields: () => ({
      url: field(
        oneOfValues(
          '',
          'https://hook.example/h',
          'http://hook.example:8443/x',
          'https://127.0.0.1:1/',
          'hook.example/p',
          'ftp://hook.example/',
          'https://nope.invalid/',
          'https://',
          'https://[::1]:1/',
          `https://hook.example/${'p'.repeat(300)}`,
        ),
      ),
      certificate: field(oneOfValues('', 'attach://cert', 'not a certificate')),
      ip_address: field(oneOfValues('127.0.0.1', '::1', '999.1.1.1', 'abc', '')),
      max_connections: field(oneOfValues(1, 40, 100, 101, 0, -1)),
      allowed_updates: jsonish(
        field(fc.array(fc.constantFrom('message', 'poll', 'bogus'), { maxLength: 3 })),
      ),
      drop_pending_updates: bool(),
      secret_token: field(oneOfValues('abc_DEF-123', 'x'.repeat(256), 'x'.repeat(257), 'with space', 'é')),
    }),
    files: () => uploads(['certificate', 'cert']),
    state: webhookInfo,
    // A bot may set its webhook once a second (virtual time): move the clock past that.
    beforeEach: async () => {
      await s.server.control.advanceClock(1);
    },
  },
  {
    method: 'sendMessage',
    required: ['chat_id', 'text'],
    fields: () => ({
      ...sendOptions(),
      text: text(),
      parse_mode: parseMode(),
      entities: entities(),
      link_preview_options: linkPreview(),
      disable_web_page_preview: bool(),
    }),
    state: messages,
  },
  {
    method: 'sendPhoto',
    required: ['chat_id', 'photo'],
    fields: () => ({
      ...sendOptions(),
      photo: field(fileRef(() => s.photoId)),
      caption: text(),
      parse_mode: parseMode(),
      caption_entities: entities(),
      has_spoiler: bool(),
      show_caption_above_media: bool(),
    }),
    files: () => uploads(['photo', 'f0', 'thumbnail']),
    state: messages,
  },
  {
    method: 'sendDocument',
    required: ['chat_id', 'document'],
    fields: () => ({
      ...sendOptions(),
      document: field(fileRef(() => s.documentId)),
      thumbnail: field(oneOfValues('attach://t', 'attach://f0', s.photoId, '')),
      caption: text(),
      parse_mode: parseMode(),
      disable_content_type_detection: bool(),
    }),
    files: () => uploads(['document', 'f0', 't', 'thumb']),
    state: messages,
  },
  {
    method: 'sendMediaGroup',
    required: ['chat_id', 'media'],
    fields: () => ({
      chat_id: chatId(),
      media: jsonish(
        field(
          fc.array(
            field(
              fc.record(
                {
                  type: field(fc.constantFrom('photo', 'video', 'document', 'audio', 'animation', 'bogus')),
                  media: field(fileRef(() => s.photoId)),
                  caption: field(text()),
                  parse_mode: parseMode(),
                  has_spoiler: field(fc.boolean()),
                  thumbnail: field(fc.constantFrom('attach://f1', '')),
                },
                { requiredKeys: ['type', 'media'] },
              ),
            ),
            { maxLength: 11 },
          ),
        ),
      ),
      disable_notification: bool(),
      reply_parameters: replyParameters(),
    }),
    files: () => uploads(['f0', 'f1', 'photo']),
    state: messages,
  },
  {
    method: 'sendLocation',
    required: ['chat_id', 'latitude', 'longitude'],
    fields: () => ({
      ...sendOptions(),
      latitude: field(oneOfValues(51.5, -90, 90, 90.0001, -180, 0, '51,5')),
      longitude: field(oneOfValues(-0.12, 180, -180.5, 0)),
      horizontal_accuracy: field(oneOfValues(0, 1500, 1501, -1)),
      live_period: field(oneOfValues(60, 59, 86_400, 0x7fffffff, 86_401)),
      heading: field(oneOfValues(1, 360, 361, 0)),
      proximity_alert_radius: field(oneOfValues(1, 100_000, 100_001, 0)),
    }),
    state: messages,
  },
  {
    method: 'copyMessage',
    required: ['chat_id', 'from_chat_id', 'message_id'],
    fields: () => ({
      ...sendOptions(),
      from_chat_id: chatId(),
      message_id: messageId(),
      caption: text(),
      parse_mode: parseMode(),
      caption_entities: entities(),
      show_caption_above_media: bool(),
    }),
    state: messages,
  },
  {
    method: 'forwardMessages',
    required: ['chat_id', 'from_chat_id', 'message_ids'],
    fields: () => ({
      chat_id: chatId(),
      from_chat_id: chatId(),
      message_ids: jsonish(field(fc.array(field(messageId()), { maxLength: 4 }))),
      disable_notification: bool(),
      protect_content: bool(),
    }),
    state: messages,
  },
  {
    method: 'editMessageText',
    required: ['chat_id', 'message_id', 'text'],
    fields: () => ({
      chat_id: chatId(),
      message_id: messageId(),
      inline_message_id: field(oneOfValues('AAAAAAAAAAAAAAAA', 'x', '')),
      text: text(),
      parse_mode: parseMode(),
      entities: entities(),
      reply_markup: jsonish(
        fc.record({
          inline_keyboard: field(fc.array(fc.array(button(), { maxLength: 2 }), { maxLength: 2 })),
        }),
      ),
      link_preview_options: linkPreview(),
    }),
    state: messages,
  },
  {
    method: 'setMessageReaction',
    required: ['chat_id', 'message_id'],
    fields: () => ({
      chat_id: chatId(),
      message_id: messageId(),
      reaction: jsonish(
        field(
          fc.array(
            field(
              fc.oneof(
                fc.record({
                  type: fc.constant('emoji'),
                  emoji: field(fc.constantFrom('👍', '🔥', '😀', 'x', '')),
                }),
                fc.record({
                  type: fc.constant('custom_emoji'),
                  custom_emoji_id: field(oneOfValues('5368324170671202286', '1x')),
                }),
                fc.constant({ type: 'paid' }),
              ),
            ),
            { maxLength: 3 },
          ),
        ),
      ),
      is_big: bool(),
    }),
    state: reactions,
  },
  {
    method: 'setMyCommands',
    required: ['commands'],
    fields: () => ({
      commands: jsonish(
        field(
          fc.array(
            field(
              fc.record({
                command: field(fc.constantFrom('start', '/help', 'Bad-Name', 'x'.repeat(33), ' go ', '')),
                description: field(fc.constantFrom('go', 'x'.repeat(257), ' ', 'описание')),
              }),
            ),
            { maxLength: 4 },
          ),
        ),
      ),
      scope: scope(),
      language_code: language(),
    }),
    state: commands,
  },
  {
    method: 'setMyDescription',
    fields: () => ({
      description: field(fc.oneof(fc.constantFrom('a bot', 'x'.repeat(512), 'x'.repeat(513)), nastyString)),
      language_code: language(),
    }),
    state: descriptions,
  },
  {
    method: 'answerCallbackQuery',
    required: ['callback_query_id'],
    fields: () => ({
      callback_query_id: field(
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(CURRENT_CALLBACK_QUERY) },
          oneOfValues('123', 'x'.repeat(100)),
        ),
      ),
      text: field(fc.oneof(fc.constantFrom('ok', 'x'.repeat(200), 'x'.repeat(201)), nastyString)),
      show_alert: bool(),
      url: field(oneOfValues('https://x.example', 't.me/x_bot?start=1', '')),
      cache_time: field(oneOfValues(0, 5, -1, 2_592_001)),
    }),
    // What a press was answered with is only seen by the press itself; the messages must not change.
    state: messages,
    beforeEach: freshCallbackQuery,
  },
  {
    method: 'answerInlineQuery',
    required: ['inline_query_id', 'results'],
    fields: () => ({
      inline_query_id: field(
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(CURRENT_INLINE_QUERY) },
          oneOfValues('123', 'x'.repeat(100)),
        ),
      ),
      results: jsonish(
        field(
          fc.array(
            field(
              fc.record(
                {
                  type: field(fc.constantFrom('article', 'photo', 'document', 'gif', 'bogus')),
                  id: field(fc.oneof(fc.constantFrom('1', 'x'.repeat(65), ''), nastyString)),
                  title: field(fc.constant('t')),
                  input_message_content: field(
                    fc.record({ message_text: field(text()), parse_mode: parseMode() }, { requiredKeys: [] }),
                  ),
                  photo_url: field(fc.constantFrom('https://hook.example/p.jpg', 'x')),
                  thumbnail_url: field(fc.constant('https://hook.example/t.jpg')),
                  photo_file_id: field(fc.constant(s.photoId)),
                  reply_markup: replyMarkup(),
                },
                { requiredKeys: ['type', 'id'] },
              ),
            ),
            { maxLength: 3 },
          ),
        ),
      ),
      cache_time: field(oneOfValues(0, 300, -1, 86_401)),
      is_personal: bool(),
      next_offset: field(fc.constantFrom('', '10', 'x'.repeat(65))),
      button: jsonish(
        field(fc.record({ text: field(fc.constant('b')), start_parameter: field(fc.constant('s')) })),
      ),
    }),
    state: messages,
    beforeEach: freshInlineQuery,
  },
  {
    method: 'setChatPermissions',
    required: ['chat_id', 'permissions'],
    fields: () => ({
      chat_id: chatId(),
      permissions: permissions(),
      use_independent_chat_permissions: bool(),
    }),
    state: chat,
  },
  {
    method: 'promoteChatMember',
    required: ['chat_id', 'user_id'],
    fields: () => ({
      chat_id: chatId(),
      user_id: userId(),
      is_anonymous: bool(),
      can_manage_chat: bool(),
      can_delete_messages: bool(),
      can_restrict_members: bool(),
      can_promote_members: bool(),
      can_change_info: bool(),
      can_invite_users: bool(),
      can_pin_messages: bool(),
      can_post_messages: bool(),
      can_manage_voice_chats: bool(),
    }),
    state: chat,
  },
  {
    method: 'restrictChatMember',
    required: ['chat_id', 'user_id'],
    fields: () => ({
      chat_id: chatId(),
      user_id: userId(),
      permissions: permissions(),
      use_independent_chat_permissions: bool(),
      // Restrictions end on the clock: no until_date a few seconds to minutes away (it would end
      // during the run and change the chat by itself); 0, the past, and days away.
      until_date: field(
        oneOfValues(0, -1, 1, 2 ** 31 - 1, 2 ** 31, Math.floor(Date.now() / 1000) + 3 * 86_400),
      ),
      can_send_messages: bool(),
      can_send_media_messages: bool(),
    }),
    state: chat,
  },
  {
    method: 'sendPoll',
    required: ['chat_id', 'question', 'options'],
    fields: () => ({
      ...sendOptions(),
      question: text(),
      question_parse_mode: parseMode(),
      options: jsonish(
        field(
          fc.array(
            field(
              fc.oneof(
                fc.constantFrom('yes', 'no', '', 'x'.repeat(101)),
                fc.record({ text: field(fc.constant('o')) }),
              ),
            ),
            { maxLength: 13 },
          ),
        ),
      ),
      is_anonymous: bool(),
      type: field(oneOfValues('regular', 'quiz', 'bogus')),
      allows_multiple_answers: bool(),
      correct_option_id: field(oneOfValues(0, 1, 12, -1)),
      correct_option_ids: jsonish(field(fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 3 }))),
      explanation: text(),
      open_period: field(oneOfValues(5, 600, 2_628_001, 0, -1)),
      close_date: field(oneOfValues(0, 1, 2 ** 31 - 1)),
      is_closed: bool(),
      country_codes: jsonish(field(fc.array(fc.constantFrom('US', 'de', 'XX', ''), { maxLength: 13 }))),
    }),
    state: messages,
  },
  {
    method: 'deleteMessages',
    required: ['chat_id', 'message_ids'],
    fields: () => ({
      chat_id: chatId(),
      message_ids: jsonish(field(fc.array(field(messageId()), { maxLength: 4 }))),
    }),
    state: messages,
  },
];

/**
 * Every other method of the table with the parameters they have in common, to reach readers the
 * cases above do not. Not logOut and close: they end the bot's session for the rest of the file.
 */
const OTHER_METHODS = Object.keys(BOT_API_METHODS).filter(
  (name) => !['logOut', 'close', ...CASES.map((c) => c.method)].includes(name),
);

describe('Bot API parameter reading (fuzz)', () => {
  for (const c of CASES) {
    it(`${c.method}: no 5xx, the envelope, and refusals change nothing`, async () => runCase(c));
  }

  it('routing: tokens, method names in any case, the test environment, the method parameter', async () => {
    const state = async () => [await messages(), await webhookInfo()];
    const [botId, secret] = s.token.split(':') as [string, string];
    const token = fc.oneof(
      { weight: 6, arbitrary: fc.constant(s.token) },
      fc.constantFrom(
        `${botId}:${secret}x`,
        `${botId}:${secret.slice(0, 23)}`,
        `0${botId}:${secret}`,
        `${botId}${secret}`,
        `${botId}:`,
        ':',
        '',
        `${'9'.repeat(17)}:${secret}`,
        `x${botId}:${secret}`,
        `${botId}:${secret}`.padEnd(81, 'a'),
      ),
      nastyString.filter((text) => text.length < 100).map(pathSegment),
    );
    const names = Object.keys(BOT_API_METHODS).filter((name) => !['logOut', 'close'].includes(name));
    const unsupported = [...NOT_SUPPORTED_METHODS.values()];
    const method = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .constantFrom(...names)
          .chain((name) => fc.constantFrom(name, name.toUpperCase(), name.toLowerCase())),
      },
      { weight: 2, arbitrary: fc.constantFrom(...names).map((name) => `test/${name}`) },
      {
        weight: 1,
        arbitrary: unsupported.length > 0 ? fc.constantFrom(...unsupported) : fc.constant('nope'),
      },
      { weight: 2, arbitrary: fc.constantFrom('', 'nope', 'sendMessage/x', 'test/', 'sendMessage ') },
      // Not `.` and `..`: fetch resolves them away before sending.
      nastyString
        .filter((text) => text.length < 100)
        .map(pathSegment)
        .filter((segment) => segment !== '.' && segment !== '..'),
    );
    await fc.assert(
      fc.asyncProperty(
        token,
        method,
        entriesOf({
          method: field(
            oneOfValues(
              'getMe',
              'GETME',
              'sendMessage',
              'getWebhookInfo',
              'nope',
              ...unsupported.slice(0, 2),
            ),
          ),
          chat_id: chatId(),
          text: text(),
        }),
        shapes(),
        async (tokenText, methodName, entries, shape) => {
          const url = `${s.server.url}/bot${tokenText}/${methodName}`;
          await callOnce(url, { method: methodName, fields: () => ({}), state }, entries, shape, []);
        },
      ),
      budget(SEED, 80),
    );
  });

  it('every other method: no 5xx, the envelope, and refusals change nothing', async () => {
    const state = async () => [
      await messages(),
      await chat(),
      await webhookInfo(),
      await pins(),
      await settings(),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          method: fc.constantFrom(...OTHER_METHODS),
          entries: entriesOf({
            chat_id: chatId(),
            message_id: messageId(),
            user_id: userId(),
            text: text(),
            caption: text(),
            reply_markup: replyMarkup(),
            from_chat_id: chatId(),
            file_id: field(oneOfValues(s.photoId, s.documentId, 'x')),
            name: field(nastyString),
            title: field(nastyString),
            any: anyValue,
          }),
          shape: shapes(),
        }),
        async ({ method, entries, shape }) => {
          const url = `${s.server.url}/bot${s.token}/${method}`;
          await callOnce(url, { method, fields: () => ({}), state }, entries, shape, []);
        },
      ),
      budget(SEED, 120),
    );
  });
});

/**
 * Defects this suite found, kept as properties of their own. A new one is added as an `it.fails`
 * with its reproduction until it is fixed.
 */
describe('Bot API defects found by fuzzing', () => {
  // Found by this suite: Fastify's own 400 body answered such paths (FST_ERR_BAD_URL); the
  // composition root now answers them in the surface's format (server/framework-errors.ts).
  it('a malformed percent escape in the path answers the envelope', async () => {
    const broken = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0', '%ED%A0%80', '%FF');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('getMe', 'sendMessage'),
        broken,
        fc.boolean(),
        async (name, escape, inToken) => {
          const url = inToken
            ? `${s.server.url}/bot${s.token}${escape}/${name}`
            : `${s.server.url}/bot${s.token}/${name}${escape}`;
          const request = encode([], { ...SHAPE_PLAIN });
          checkEnvelope(await send(url, request), curl(url, request));
        },
      ),
      budget(SEED, 10),
    );
  });
});
