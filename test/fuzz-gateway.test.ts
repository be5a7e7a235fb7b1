/**
 * Property-based fuzzing of the Verification Gateway's parameter reading (`/gateway/<method>`), over
 * real HTTP to one in-process server. For each of the four methods, fast-check generates parameter
 * lists mixing valid values (numbers of registered people, the owner's own number, request ids of
 * this account, sender channels) with wrong types, huge, negative and NaN-like numbers, hostile
 * unicode, long strings, deep JSON, duplicate and unknown parameters, the access token in the
 * header, in a parameter, in both or nowhere, sent as JSON, form, query string or (ignored)
 * multipart, with odd content types and encodings. Properties: (1) no answer is 5xx, and every
 * answer is the gateway's envelope: `{ok:true, result}` with 200, or exactly `{ok:false, error}`
 * with a code of the catalogue and that code's HTTP status; (2) a refused call changes nothing:
 * the account's balance and ledger and the inboxes of the numbers it could send to are the same.
 *
 * Every person's devices are offline, so that no message changes state by itself (receipts are
 * acknowledged in the background); valid ttl values are 1000 s or more, so that none expires
 * during the run.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  anyValue,
  curl,
  encode,
  entriesOf,
  field,
  nastyString,
  pool,
  parseObject,
  pathSegment,
  send,
  shapes,
  type Answer,
  type Entries,
  type FuzzValue,
  type Shape,
  Tally,
  budget,
  offlineLookup as lookup,
} from './helpers/fuzz.js';
import { setupGateway, type GatewaySetup } from './helpers/gateway.js';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { GATEWAY_ERRORS } from '../src/gateway/errors.js';

const SEED = 0x6a7e_3a11;
const RUNS = 150;

interface Scene {
  server: TestServer;
  gw: GatewaySetup;
  owner: string;
  alice: string;
  bob: string;
  /** A valid number nobody registered. */
  stranger: string;
  verified: string;
  unverified: string;
  /** A verified channel another person owns. */
  othersChannel: string;
  /** A request with a message sent to Alice (code 1234), and one of checkSendAbility for Bob. */
  sentRequest: string;
  checkedRequest: string;
}

let s: Scene;
const tally = new Tally();

beforeAll(async () => {
  const server = await startServer({}, { lookup });
  const gw = await setupGateway(server, 1_000_000);
  const alice = (await gw.person('Alice')).phone_number;
  const bob = (await gw.person('Bob')).phone_number;
  const owner = gw.owner.phone_number;
  for (const person of [owner, alice, bob]) await server.control.setDevicesOffline(person);
  const tag = process.pid % 100_000;
  const channel = async (owner: string, name: string, verified: boolean) => {
    await server.control.createSenderChannel({ owner, username: name });
    if (verified) await server.control.verifySenderChannel(name);
    return name;
  };
  const verified = await channel(owner, `fuzzverified${tag}`, true);
  const unverified = await channel(owner, `fuzzunverified${tag}`, false);
  const othersChannel = await channel(alice, `fuzzothers${tag}`, true);
  const sent = await gw.call('sendVerificationMessage', { phone_number: alice, code: '1234' });
  const checked = await gw.call('checkSendAbility', { phone_number: bob });
  s = {
    server,
    gw,
    owner,
    alice,
    bob,
    stranger: phone(),
    verified,
    unverified,
    othersChannel,
    sentRequest: (sent.body.result as { request_id: string }).request_id,
    checkedRequest: (checked.body.result as { request_id: string }).request_id,
  };
});

afterAll(async () => {
  tally.print();
  await s?.server.close();
});

// ---- values -------------------------------------------------------------------------------------

const phoneNumber = () =>
  pool(
    [s.alice, s.bob, s.owner, s.alice.slice(1), ` ${s.alice} `, Number(s.bob.slice(1))],
    [
      s.stranger,
      `${s.alice.slice(0, 3)} ${s.alice.slice(3)}`,
      `${s.alice}0`,
      '+0',
      '+',
      '+1234567890123456',
      `+${'9'.repeat(40)}`,
      '+1-555-0100',
      '+１５５５',
    ],
  );
const requestId = () =>
  pool(
    [s.sentRequest, s.checkedRequest, Number(s.sentRequest)],
    ['123456789012345', '0', '9'.repeat(20), '9'.repeat(21), '12a', ` ${s.sentRequest}`, -1, 1.5],
  );
const code = () =>
  pool(['1234', '12345678', '0000', 1234], ['123', '123456789', 'abcd', '١٢٣٤', '12 34', -1234]);
const codeLength = () => pool([4, 6, 8, '6'], [3, 9, 0, 4.5, '4abc', ' 5', '+5', 2 ** 31]);
/** Valid ttl values stay 1000 s or more: a message that expires during the run changes state alone. */
const ttl = () => pool([1000, 3600, '1000', ' 1200 '], [3601, 29, 0, -1, '1e3', 2 ** 31, 2 ** 32 + 1000]);
const callbackUrl = () =>
  pool(
    ['http://127.0.0.1:1/cb', 'https://hook.example/cb'],
    [
      'https://nope.invalid/cb',
      'ftp://hook.example/cb',
      'not a url',
      '/relative',
      `https://hook.example/${'a'.repeat(240)}`,
      'http://[::1',
      'javascript:alert(1)',
    ],
  );
const payload = () =>
  fc.oneof(
    pool(['p', 'x'.repeat(128), 'é'.repeat(64)], ['x'.repeat(129), 'é'.repeat(65), '😀'.repeat(33)]),
    nastyString,
  );
const sender = () =>
  pool(
    [s.verified, `@${s.verified}`],
    [s.unverified, s.othersChannel, 'nochannelhere', 'x', '1abc_channel', s.verified.toUpperCase()],
  );

interface MethodCase {
  method: string;
  fields: () => Record<string, fc.Arbitrary<FuzzValue>>;
  required: string[];
  rare?: string[];
}

const CASES: MethodCase[] = [
  {
    method: 'sendVerificationMessage',
    fields: () => ({
      phone_number: phoneNumber(),
      request_id: field(requestId()),
      sender_username: field(sender()),
      code: field(code()),
      code_length: field(codeLength()),
      callback_url: field(callbackUrl()),
      payload: field(payload()),
      ttl: field(ttl()),
    }),
    required: ['phone_number'],
    rare: ['request_id', 'sender_username', 'callback_url', 'payload', 'ttl'],
  },
  { method: 'checkSendAbility', fields: () => ({ phone_number: phoneNumber() }), required: ['phone_number'] },
  {
    method: 'checkVerificationStatus',
    fields: () => ({ request_id: requestId(), code: field(code()) }),
    required: ['request_id'],
  },
  {
    method: 'revokeVerificationMessage',
    fields: () => ({ request_id: requestId() }),
    required: ['request_id'],
  },
];

/** Where the token goes: the header (usually), the access_token parameter, both, neither, or wrong. */
interface Auth {
  header: string | undefined;
  param: FuzzValue | undefined;
  paramFirst: boolean;
}
const auth = (): fc.Arbitrary<Auth> => {
  const token = s.gw.token;
  const bearer = `Bearer ${token}`;
  const mode = (header: fc.Arbitrary<string | undefined>, param: fc.Arbitrary<FuzzValue | undefined>) =>
    fc.record({ header, param, paramFirst: fc.boolean() });
  return fc.oneof(
    { weight: 12, arbitrary: mode(fc.constant(bearer), fc.constant(undefined)) },
    { weight: 4, arbitrary: mode(fc.constant(undefined), fc.constant<FuzzValue>(token)) },
    { weight: 1, arbitrary: mode(fc.constant(bearer), fc.constant<FuzzValue>(token)) },
    { weight: 1, arbitrary: mode(fc.constant(undefined), fc.constant(undefined)) },
    {
      weight: 2,
      arbitrary: mode(
        fc.constantFrom(
          `bearer ${token}`,
          `Bearer  ${token}  `,
          `Bearer ${token}x`,
          `Bearer ${token} ${token}`,
          'Bearer',
          'Bearer ',
          `Basic ${token}`,
          token,
          `Bearer ${'a'.repeat(300)}`,
          '',
        ),
        fc.constant(undefined),
      ),
    },
    {
      weight: 1,
      arbitrary: mode(
        fc.constant(undefined),
        fc.oneof(fc.constantFrom<FuzzValue>(`${token} `, '', 123, [token], { token }), anyValue),
      ),
    },
  );
};

/** A plain JSON POST. */
const PLAIN: Shape = {
  transport: 'json',
  verb: 'POST',
  contentType: undefined,
  inQuery: 0,
  jsonTop: 'object',
  urlencodedPart: false,
  boundaryStyle: 'plain',
  gzip: false,
};

/** The gateway reads JSON, form and query parameters; a multipart body (ignored) now and then. */
const SHAPES = shapes({ json: 6, form: 4, query: 2, multipart: 1 });

// ---- the properties -----------------------------------------------------------------------------

/** Property 1: not 5xx, and the gateway's envelope with the catalogue's status. Returns whether refused. */
function checkEnvelope(answer: Answer, what: string): boolean {
  const fail = (why: string): never => {
    throw new Error(`${why}\n  answer: ${answer.status} ${answer.text.slice(0, 300)}\n  request: ${what}`);
  };
  if (answer.status >= 500) fail('a 5xx answer');
  const body = parseObject(answer.text) ?? fail('the answer is not a JSON object');
  if (!answer.contentType?.startsWith('application/json')) fail('the answer is not application/json');
  if (body.ok === true) {
    if (answer.status !== 200) fail('ok:true without HTTP 200');
    if (Object.keys(body).sort().join(',') !== 'ok,result') fail('ok:true is not exactly {ok, result}');
    return false;
  }
  if (Object.keys(body).sort().join(',') !== 'error,ok' || body.ok !== false)
    fail('a refusal is not exactly {ok:false, error}');
  const entry = GATEWAY_ERRORS[body.error as keyof typeof GATEWAY_ERRORS];
  if (entry === undefined) fail('an error code outside the catalogue');
  if (entry!.status !== answer.status) fail(`HTTP ${answer.status}, but the catalogue says ${entry!.status}`);
  return true;
}

/** What any call could change: the balance, the ledger, and what each number received. */
async function state(): Promise<unknown> {
  const { control } = s.server;
  const account = await control.getGatewayAccount(s.gw.account.id);
  const ledger = await control.getGatewayLedger(s.gw.account.id, 1000);
  const inboxes = [];
  for (const person of [s.owner, s.alice, s.bob]) inboxes.push(await control.getVerificationInbox(person));
  return { balance: account.balance, ledger, inboxes };
}

async function callOnce(method: string, entries: Entries, shape: Shape, who: Auth) {
  const all: Entries =
    who.param === undefined
      ? entries
      : who.paramFirst
        ? [['access_token', who.param], ...entries]
        : [...entries, ['access_token', who.param]];
  const request = encode(all, shape);
  const url = `${s.server.url}/gateway/${method}`;
  const headers: Record<string, string> = who.header === undefined ? {} : { authorization: who.header };
  const before = await state();
  const answer = await send(url, request, headers);
  const refused = checkEnvelope(answer, curl(url, request, headers));
  tally.add(method, answer);
  if (!refused) return;
  const after = await state();
  if (!isDeepStrictEqual(before, after)) {
    throw new Error(
      `a refused call changed the state\n  answer: ${answer.status} ${answer.text}\n` +
        `  before: ${JSON.stringify(before).slice(0, 2000)}\n  after: ${JSON.stringify(after).slice(0, 2000)}\n` +
        `  request: ${curl(url, request, headers)}`,
    );
  }
}

describe('gateway parameter reading (fuzz)', () => {
  for (const c of CASES) {
    it(`${c.method}: no 5xx, the envelope with the catalogue's status, and refusals change nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(
          entriesOf(c.fields(), { required: c.required, rare: c.rare ?? [] }),
          SHAPES,
          auth(),
          async (entries, shape, who) => callOnce(c.method, entries, shape, who),
        ),
        budget(SEED, RUNS),
      );
    });
  }

  it('method names in any case, unknown ones, and odd (well-encoded) path segments', async () => {
    const names = fc.oneof(
      fc
        .constantFrom(...CASES.map((c) => c.method))
        .chain((name) =>
          fc.constantFrom(name, name.toUpperCase(), name.toLowerCase(), `${name} `, `${name}/`),
        ),
      fc.constantFrom('', 'getMe', 'sendMessage', 'sendVerificationMessage/x'),
      // Not `.` and `..`: fetch resolves them away before sending.
      nastyString
        .filter((name) => name.length < 100)
        .map(pathSegment)
        .filter((segment) => segment !== '.' && segment !== '..'),
    );
    const fields = {
      phone_number: phoneNumber(),
      request_id: field(requestId()),
      code: field(code()),
      code_length: field(codeLength()),
    };
    await fc.assert(
      fc.asyncProperty(names, entriesOf(fields), SHAPES, auth(), async (name, entries, shape, who) =>
        callOnce(name, entries, shape, who),
      ),
      budget(SEED, 60),
    );
  });
});

/**
 * Defects this suite found, kept as properties of their own. A new one is added as an `it.fails`
 * with its reproduction until it is fixed.
 */
describe('gateway defects found by fuzzing', () => {
  // Found by this suite: Fastify's own 400 body answered such paths (FST_ERR_BAD_URL); the
  // composition root now answers them in the surface's format (server/framework-errors.ts).
  it('a malformed percent escape in the method name answers the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CASES.map((c) => c.method), ''),
        fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0', '%ED%A0%80', '%FF'),
        async (name, escape) => {
          const url = `${s.server.url}/gateway/${name}${escape}`;
          const headers = { authorization: `Bearer ${s.gw.token}` };
          const request = encode([['phone_number', s.alice]], PLAIN);
          checkEnvelope(await send(url, request, headers), curl(url, request, headers));
        },
      ),
      budget(SEED, 10),
    );
  });
});
