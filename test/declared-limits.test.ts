/**
 * The declared table, walked (issue 25's "Done means", ADR 0084): for every method of the Bot API,
 * every required parameter left out and every documented limit broken (a string one character too
 * long, a number out of its range, a value outside its enumeration, one item too many, a zero where
 * non-zero is required) is refused with 400 through real HTTP, and changes nothing in the store
 * (every row of every table, before and after), answered with the declared refusal (runner.ts's
 * own reading of the same call: the texts of declared/refusals.ts). The bot is an administrator with every right in the
 * chats it names, so the calls get past the chat and the rights to the values. A range the reference
 * clamps (overrides.ts) is answered as its edge is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARED_METHOD_NAMES, METHOD_DECLARATIONS } from '../src/bot-api/declared/method-declarations.js';
import type { DeclaredMethodName } from '../src/bot-api/declared/methods.js';
import { Params } from '../src/bot-api/params.js';
import { missingRefusal, planOf, valueRefusal } from '../src/bot-api/runner.js';
import { callBotApi } from './helpers/in-process.js';
import { breakingValues, callOf, startDeclaredWorld, type DeclaredWorld } from './helpers/declared-world.js';

let world: DeclaredWorld;
beforeAll(async () => {
  world = await startDeclaredWorld();
}, 30_000);
afterAll(async () => {
  await world.close();
});

const call = (method: DeclaredMethodName, params: Record<string, unknown>) =>
  callBotApi(world.server, world.token, method, params);

/** The parameters as the server reads them from a JSON body. */
function paramsOf(given: Record<string, unknown>): Params {
  const params = new Params();
  for (const [name, value] of Object.entries(given)) {
    params.add(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return params;
}

/** The answer to `params`, and whether any row of the store changed meanwhile. */
async function answered(method: DeclaredMethodName, params: Record<string, unknown>) {
  const before = JSON.stringify(world.snapshot());
  const { status, body } = await call(method, params);
  return { status, description: body.description, changed: JSON.stringify(world.snapshot()) !== before };
}

describe('every required parameter left out', () => {
  const cases = DECLARED_METHOD_NAMES.flatMap((method) =>
    planOf(method).required.map((check): [DeclaredMethodName, string] => [method, check.param.name]),
  );

  it(`is refused with 400 and changes nothing (${cases.length} parameters)`, async () => {
    expect(cases.length).toBeGreaterThan(250);
    const wrong = [];
    for (const [method, name] of cases) {
      const params = callOf(world, method, name);
      const answer = await answered(method, params);
      const declared = missingRefusal(planOf(method), paramsOf(params))?.description;
      if (answer.status !== 400 || answer.changed || answer.description !== declared) {
        wrong.push({ method, name, declared, ...answer });
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('every documented limit broken', () => {
  const cases = DECLARED_METHOD_NAMES.flatMap((method) =>
    METHOD_DECLARATIONS[method].params.flatMap((param) =>
      breakingValues(param).map((broken) => ({ method, param, ...broken })),
    ),
  );

  it(`is refused with 400 and changes nothing (${cases.length} limits)`, async () => {
    expect(cases.length).toBeGreaterThan(100);
    const wrong = [];
    for (const { method, param, limit, value } of cases) {
      if (param.outOfRange === 'clamp') continue;
      const params = callOf(world, method, undefined, { [param.name]: value });
      const answer = await answered(method, params);
      const declared = valueRefusal(planOf(method), paramsOf(params))?.description;
      if (answer.status !== 400 || answer.changed || answer.description !== declared) {
        wrong.push({ method, param: param.name, limit, declared, ...answer });
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a range the reference clamps is answered as its edge is', async () => {
    const clamped = cases.filter((c) => c.param.outOfRange === 'clamp' && c.limit.startsWith('range'));
    expect(clamped.map((c) => `${c.method}.${c.param.name}`)).toEqual(
      expect.arrayContaining([
        'getUpdates.limit',
        'setWebhook.max_connections',
        'getUserProfilePhotos.limit',
      ]),
    );
    for (const { method, param, value } of clamped) {
      const edge = param.range!.max ?? param.range!.min;
      const over = await call(method, callOf(world, method, undefined, { [param.name]: value }));
      const atEdge = await call(method, callOf(world, method, undefined, { [param.name]: edge }));
      expect({ method, name: param.name, status: over.status, description: over.body.description }).toEqual({
        method,
        name: param.name,
        status: atEdge.status,
        description: atEdge.body.description,
      });
    }
  });
});

describe('a refused value is answered after the chat and the rights', () => {
  it("answers the chat's or the rule's refusal first when the reference checks it first", async () => {
    const member = await world.server.control.createBot({ username: `plain${process.pid % 1000}_bot` });
    const owner = (await world.server.control.getChat(String(world.forum))).members!.find(
      (m) => m.status === 'creator',
    )!;
    await world.server.control.addChatMember({ by: owner.user.id, chat: world.forum, user: member.id });
    const long = 'x'.repeat(129);
    const ask = async (token: string, method: DeclaredMethodName, params: Record<string, unknown>) =>
      (await callBotApi(world.server, token, method, params)).body.description;
    expect(await ask(member.token, 'createForumTopic', { chat_id: world.forum, name: long })).toBe(
      'Bad Request: not enough rights to create a topic',
    );
    expect(await ask(member.token, 'setChatTitle', { chat_id: world.forum, title: long })).toBe(
      'Bad Request: not enough rights to change chat title',
    );
    expect(await ask(world.token, 'createForumTopic', { chat_id: world.group, name: long })).toBe(
      'Bad Request: the chat is not a forum',
    );
    expect(await ask(world.token, 'createForumTopic', { chat_id: -100123456, name: long })).toBe(
      'Bad Request: chat not found',
    );
    // Passing the chat and the rights, the value is what is refused.
    expect(await ask(world.token, 'createForumTopic', { chat_id: world.forum, name: long })).toBe(
      'Bad Request: topic name is too long',
    );
  });
});
