/**
 * The control API's server reads every request as its schema (src/wire/control-schema/, ADR 0042)
 * says, before any handler runs: over real HTTP to one in-process server, for every route of the
 * schema, a required parameter left out answers 400 BAD_REQUEST `<name> is required`, and each
 * parameter given a value of the wrong type answers 400 BAD_REQUEST with the text documented for its
 * kind (docs/control-api.md, the OpenAPI document's description) or its own. The texts are written
 * out here on purpose, as the contract, rather than taken from the reader.
 *
 * No request reaches a handler (each is refused), so none needs people or chats; the fuzzing of
 * test/fuzz-control.test.ts covers what happens past the reading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_API, type ParamSpec, type RouteSpec } from '../src/wire/control-schema/index.js';
import { ADMIN_TOKEN, startServer, type TestServer } from './helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const ROUTES = Object.entries(CONTROL_API) as Array<[string, RouteSpec]>;
const SAFE = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

/** A value each kind takes (the parameters the route checks before the one under test). */
function validValue(spec: ParamSpec): unknown {
  switch (spec.kind) {
    case 'string':
      return spec.enum?.[0] ?? 'x';
    case 'ref':
      return '@nobody_at_all';
    case 'integer':
      return spec.platform ? 1 : (spec.min ?? 1);
    case 'number':
      return spec.platform ? 0 : (spec.min ?? 0);
    case 'boolean':
      return true;
    case 'credits':
      return 1;
    case 'array':
      return [];
    default:
      return {};
  }
}

/** The path with a value for each of its parameters (not looked at: the reading refuses first). */
const pathOf = (route: RouteSpec) =>
  `/control${route.path.replace(/\{(\w+)\}/g, (_, name: string) => (route.pathParams?.[name]?.type === 'integer' ? '1' : 'x'))}`;

async function call(route: RouteSpec, params: Record<string, unknown>) {
  const headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}` };
  let url = `${server.url}${pathOf(route)}`;
  const init: RequestInit = { method: route.method, headers };
  if (route.method === 'GET') {
    // A list is the key repeated, which the server reads as a list.
    const query = new URLSearchParams(
      Object.entries(params).flatMap(([k, v]) =>
        [v].flat().map((item): [string, string] => [k, String(item)]),
      ),
    );
    if (query.size > 0) url += `?${query}`;
  } else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(params);
  }
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as unknown };
}

const refused = (description: string) => ({
  status: 400,
  body: { ok: false, error: 'BAD_REQUEST', description },
});

/**
 * Wrong values of a parameter and the refusal each gets, by its kind; none for what only the
 * platform checks (credits) or the handler (opaque items). In a query every value is a text, but a
 * key given twice is a list.
 */
function wrongValues(name: string, spec: ParamSpec, method: RouteSpec['method']): Array<[unknown, string]> {
  const own = (text: string) => spec.invalid ?? text;
  switch (spec.kind) {
    case 'string':
    case 'ref':
      return [
        [
          method === 'GET' ? ['a', 'b'] : { a: 1 },
          spec.required ? `${name} is required` : `${name} must be a string`,
        ],
      ];
    case 'integer': {
      const { min, max } = spec.platform ? SAFE : { min: spec.min ?? SAFE.min, max: spec.max ?? SAFE.max };
      const text = own(`${name} must be an integer from ${min} to ${max}`);
      const values: Array<[unknown, string]> = [
        ['ten', text],
        ['1.5', text],
      ];
      if (method === 'POST') values.push([1.5, text], [true, text]);
      if (max !== SAFE.max) values.push([max + 1, text], [String(max + 1), text]);
      if (min !== SAFE.min) values.push([min - 1, text]);
      return values;
    }
    case 'number':
      return [['north', own(`${name} must be a number`)]];
    case 'boolean':
      return [
        ['yes', own(`${name} must be true or false`)],
        ...(method === 'POST'
          ? ([[1, own(`${name} must be true or false`)]] as Array<[unknown, string]>)
          : []),
      ];
    case 'array': {
      const nouns: Record<string, string> = { string: 'strings', integer: 'integers', ref: 'references' };
      const items = spec.items!;
      if (!(items.kind in nouns))
        return spec.lone ? [] : [[{ a: 1 }, own(`${name} must be an array of values`)]];
      const text = own(`${name} must be an array of ${nouns[items.kind]}`);
      const values: Array<[unknown, string]> = [[[{ a: 1 }], text]];
      if (!spec.lone) values.push([{ a: 1 }, text], ['a,b', text]);
      if (items.kind === 'integer') values.push([['1'], text]);
      if (items.kind === 'integer' && !items.platform && items.min !== undefined)
        values.push([[items.min - 1], text]);
      return values;
    }
    case 'object':
    case 'map':
      return [
        ['x', own(`${name} must be an object`)],
        [[1], own(`${name} must be an object`)],
      ];
    case 'flags': {
      const key = spec.keys![0]!;
      return [
        ['x', `${name} must be an object of booleans`],
        [{ bogus: true }, `${name}.bogus is not one of ${spec.keys!.join(', ')}`],
        [{ [key]: 'yes' }, `${name}.${key} must be true or false`],
      ];
    }
    default:
      return [];
  }
}

describe('the control API reads requests by its schema', () => {
  const withRequired = ROUTES.filter(([, route]) =>
    Object.values(route.params?.fields ?? {}).some((spec) => spec.required),
  );

  it('has routes with required parameters to check', () => {
    expect(withRequired.length).toBeGreaterThan(40);
  });

  it.each(withRequired)(
    '%s: each required parameter left out answers "<name> is required"',
    async (_id, route) => {
      const fields = route.params!.fields;
      const required = Object.keys(fields).filter((name) => fields[name]!.required);
      // Nothing given: the first required parameter is named.
      expect(await call(route, {})).toEqual(refused(`${required[0]} is required`));
      // Each left out of an otherwise complete request: that one is named.
      for (const missing of required) {
        const params = Object.fromEntries(
          required.filter((name) => name !== missing).map((name) => [name, validValue(fields[name]!)]),
        );
        expect({ missing, ...(await call(route, params)) }).toEqual({
          missing,
          ...refused(`${missing} is required`),
        });
        if (route.method === 'POST') {
          // null and (for texts) an empty string are as good as absent.
          expect(await call(route, { ...params, [missing]: null })).toEqual(
            refused(`${missing} is required`),
          );
        }
      }
    },
  );

  it.each(ROUTES.filter(([, route]) => route.params))(
    '%s: each parameter of the wrong type answers the text of its kind',
    async (_id, route) => {
      const fields = route.params!.fields;
      const base = Object.fromEntries(
        Object.entries(fields)
          .filter(([, spec]) => spec.required)
          .map(([name, spec]) => [name, validValue(spec)]),
      );
      let checked = 0;
      for (const [name, spec] of Object.entries(fields)) {
        for (const [value, text] of wrongValues(name, spec, route.method)) {
          const answer = await call(route, { ...base, [name]: value });
          expect({ name, value, ...answer }).toEqual({ name, value, ...refused(text) });
          checked += 1;
        }
      }
      // Every route with parameters other than amounts (the platform's to parse) has one checked here.
      if (Object.values(fields).some((spec) => spec.kind !== 'credits')) expect(checked).toBeGreaterThan(0);
    },
  );

  it('takes an alias of a parameter in its place', async () => {
    // createGatewayAccount: `owner_phone_number` for `owner`; the schema lets it through to the platform.
    const answer = await call(CONTROL_API.createGatewayAccount, { owner_phone_number: '+15559990000' });
    expect(answer).toMatchObject({ status: 404, body: { ok: false, error: 'USER_NOT_FOUND' } });
  });

  it('refuses a body that is not a JSON object', async () => {
    const response = await fetch(`${server.url}/control/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: '[1, 2]',
    });
    expect({ status: response.status, body: await response.json() }).toEqual(
      refused('the body must be a JSON object'),
    );
  });
});
