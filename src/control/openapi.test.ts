/**
 * The control API is defined once, by its schema (src/wire/control-schema/, ADR 0042), and these
 * check that what is derived from it agrees: docs/openapi/control-api.yaml is what the generator
 * writes now (a schema changed without `npm run generate:control` fails here), reads back as the
 * schema's document, and is a sound OpenAPI 3.1 document; and Fastify serves every route of the
 * schema, with its method and path, and no other. test/control-schema.test.ts checks that the server
 * reads requests as the schema says.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import prettier from 'prettier';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTROL_API,
  controlOpenApi,
  controlOpenApiYaml,
  type RouteSpec,
} from '../wire/control-schema/index.js';
import { CONTROL_ROUTES, controlRoutes } from './control-routes.js';
import { startServer, type TestServer } from '../../test/helpers/in-process.js';

const FILE = new URL('../../docs/openapi/control-api.yaml', import.meta.url);
const ROUTES = Object.entries(CONTROL_API) as Array<[string, RouteSpec]>;

type Json = Record<string, unknown>;
const committed = () => readFileSync(FILE, 'utf8');

/** Every `$ref` of the document, with where it is. */
function refsOf(value: unknown, at = '#'): Array<[ref: string, at: string]> {
  if (typeof value !== 'object' || value === null) return [];
  const own: Array<[string, string]> =
    '$ref' in value && typeof value.$ref === 'string' ? [[value.$ref, at]] : [];
  return [...own, ...Object.entries(value).flatMap(([key, item]) => refsOf(item, `${at}/${key}`))];
}

function resolve(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) node = (node as Json | undefined)?.[part];
  return node;
}

describe('docs/openapi/control-api.yaml', () => {
  it('is what `npm run generate:control` writes from the schema now', async () => {
    const path = FILE.pathname;
    const options = { ...(await prettier.resolveConfig(path)), filepath: path };
    const generated = await prettier.format(controlOpenApiYaml(), options);
    // On a difference: run `npm run generate:control` and commit the file.
    expect(committed()).toBe(generated);
  });

  it('reads back as the document the schema describes', () => {
    expect(parse(committed())).toEqual(JSON.parse(JSON.stringify(controlOpenApi())));
  });

  describe('is a sound OpenAPI 3.1 document', () => {
    const document = parse(committed()) as Json;
    const paths = document.paths as Record<string, Record<string, Json>>;
    const components = document.components as Record<string, Record<string, Json>>;

    it('has the top-level fields', () => {
      expect(document.openapi).toMatch(/^3\.1\.\d+$/);
      expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
      expect(components.securitySchemes!.adminToken).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(document.security).toEqual([{ adminToken: [] }]);
    });

    it('has one operation per route of the schema, and no other', () => {
      const operations = Object.entries(paths).flatMap(([path, item]) =>
        Object.entries(item).map(
          ([method, op]) => `${method.toUpperCase()} ${path} ${String(op.operationId)}`,
        ),
      );
      const routes = ROUTES.map(([id, route]) => `${route.method} /control${route.path} ${id}`);
      expect(operations.sort()).toEqual(routes.sort());
    });

    it.each(ROUTES)('%s: parameters, body and answers as the schema has them', (id, route) => {
      const op = paths[`/control${route.path}`]![route.method.toLowerCase()]!;
      expect(op.tags).toEqual([route.tag]);
      expect(op.summary).toBe(route.summary);
      const parameters = (op.parameters ?? []) as Json[];
      for (const parameter of parameters) {
        expect(parameter).toMatchObject({
          name: expect.any(String),
          in: expect.stringMatching(/^(path|query)$/),
        });
        expect(parameter.schema).toBeTypeOf('object');
      }

      // Path parameters: exactly those of the path, required.
      const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
      expect(pathParameters.map((parameter) => parameter.name)).toEqual(inPath);
      expect(pathParameters.every((parameter) => parameter.required === true)).toBe(true);
      expect(Object.keys(route.pathParams ?? {})).toEqual(inPath);

      const fields = route.params?.fields ?? {};
      const required = Object.keys(fields).filter((name) => fields[name]!.required);
      const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
      if (route.method === 'GET') {
        // A GET takes its parameters in the query, and has no body.
        expect(op.requestBody).toBeUndefined();
        expect(queryParameters.map((parameter) => parameter.name)).toEqual(Object.keys(fields));
        expect(
          queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        ).toEqual(required);
      } else {
        // A POST takes a JSON body: the component of its parameters' type, by name.
        expect(queryParameters).toEqual([]);
        expect(route.params, `${id} has no parameters`).toBeDefined();
        const body = op.requestBody as Json;
        expect(body.content).toEqual({
          'application/json': { schema: { $ref: `#/components/schemas/${route.params!.name}` } },
        });
        expect(body.required ?? false).toBe(required.length > 0);
        const schema = components.schemas![route.params!.name]!;
        const aliases = Object.values(fields).flatMap((spec) => spec.aliases ?? []);
        expect(Object.keys(schema.properties as Json).sort()).toEqual(
          [...Object.keys(fields), ...aliases].sort(),
        );
        expect(schema.required ?? []).toEqual(required);
      }

      // Answers: the result (by name) with 200, the admin token's 401, and 400 when there is input.
      const responses = op.responses as Record<string, Json>;
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '401']));
      if (route.params) expect(Object.keys(responses)).toContain('400');
      for (const status of Object.keys(responses)) expect(status).toMatch(/^[1-5]\d\d$/);
      const ok = responses['200']!.content as Record<string, { schema: Json }>;
      if (route.result === 'bytes') {
        expect(Object.keys(ok)).toEqual(['application/octet-stream']);
      } else {
        const result = (ok['application/json']!.schema.properties as Json).result as Json;
        const name = route.result.replace(/\[\]$/, '');
        if (route.result === 'true') expect(result).toEqual({ const: true });
        else if (route.result.endsWith('[]'))
          expect(result).toEqual({ type: 'array', items: { $ref: `#/components/schemas/${name}` } });
        else expect(result).toEqual({ $ref: `#/components/schemas/${name}` });
      }
    });

    it('has operation ids that are unique', () => {
      const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('resolves every $ref, and every component is used', () => {
      const refs = refsOf(document);
      const broken = refs.filter(([ref]) => resolve(document, ref) === undefined);
      expect(broken).toEqual([]);
      const used = new Set(refs.map(([ref]) => ref));
      const unused = ['schemas', 'responses'].flatMap((kind) =>
        Object.keys(components[kind]!)
          .map((name) => `#/components/${kind}/${name}`)
          .filter((ref) => !used.has(ref)),
      );
      expect(unused).toEqual([]);
    });

    it('lists every error code of its answers in ErrorAnswer', () => {
      const codes =
        (((components.schemas!.ErrorAnswer!.properties as Json).error as Json).enum as string[]) ?? [];
      const listed = JSON.stringify(document)
        .match(/"error":\{"enum":\[[^\]]*\]/g)!
        .flatMap((match) => JSON.parse(match.slice('"error":{"enum":'.length)) as string[]);
      expect(listed.filter((code) => !codes.includes(code))).toEqual([]);
    });
  });
});

describe('the routes Fastify serves', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('include every route of the schema, with its method and path', () => {
    const missing = ROUTES.filter(
      ([, route]) =>
        !server.parley.app.hasRoute({
          method: route.method,
          url: `/control${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
        }),
    ).map(([id]) => id);
    expect(missing).toEqual([]);
  });

  it('are exactly the routes of the schema under /control', async () => {
    // The control plugin on a bare Fastify, to list what it registers (nothing runs a request).
    const app = Fastify();
    const seen: string[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') seen.push(`${method} ${route.url}`);
    });
    await app.register(controlRoutes, {
      prefix: '/control',
      platform: {} as never,
      time: {} as never,
      adminToken: 'x',
      signals: {} as never,
      requestLog: { hooks() {} } as never,
    });
    await app.ready();
    const expected = ROUTES.map(
      ([, route]) => `${route.method} /control${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
    );
    expect(seen.sort()).toEqual(expected.sort());
    expect(CONTROL_ROUTES.map((route) => route.id)).toEqual(ROUTES.map(([id]) => id));
    await app.close();
  });
});
