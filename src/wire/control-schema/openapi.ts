/**
 * The OpenAPI document of the control API (docs/openapi/control-api.yaml), built from the schema:
 * one operation per route, its parameters, body and answers, and the components: the schemas of
 * the routes' parameters (under the names of their TypeScript types), the hand-written schemas of
 * the results and the shared error answers (components.ts). `npm run generate:control` writes it;
 * src/control/openapi.test.ts checks that the committed file is what it would write now.
 */
import { COMPONENT_SCHEMAS, GENERAL_ERROR_CODES, SHARED_ERRORS, type JsonSchema } from './components.js';
import type { ErrorSpec, Fields, ParamSpec, RouteSpec } from './dsl.js';
import { CONTROL_API } from './routes.js';
import { toYaml } from './yaml.js';

type Json = Record<string, unknown>;

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const INFO = {
  title: 'Parley control API',
  version: '0.1.0',
  summary: 'Create users and bots, act as a user, wait for what a user receives, move the virtual clock.',
  description: [
    'The control API lets programs and tests act on the platform. The `parley` CLI and the test kit',
    "(`src/testkit/`) are thin clients of it. This document is generated from the control API's schema",
    '(`src/wire/control-schema/`, `npm run generate:control`), which also reads every request and',
    'gives the test kit its types; `docs/control-api.md` is the guide.',
    '',
    '- Every request carries `Authorization: Bearer <admin token>`; a missing or wrong token answers',
    '  401 `ADMIN_TOKEN_INVALID`.',
    '- Bodies are JSON; GET requests take query parameters (numbers and booleans as text: `5`, `true`).',
    '- Success: HTTP 200, `{"ok": true, "result": <value>}`. Failure: a semantic HTTP status and',
    '  `{"ok": false, "error": "<CODE>", "description": "<text>"}`. An unknown path answers 404 `NOT_FOUND`.',
    '- A parameter that is missing or malformed answers 400 `BAD_REQUEST`, whose description names it:',
    '  `<name> is required`, `<name> must be an integer from <min> to <max>`, `<name> must be true or',
    '  false`, `<name> must be a string`, `<name> must be a number`.',
    '- A user reference (`USER_REF`) is a numeric user id, an E.164 phone number (`+15550001`) or',
    '  `@username`. A chat reference (`CHAT_REF`) is `@username` of a bot (the private chat between the',
    '  acting user and that bot) or of a public chat, or a numeric chat id as the acting user sees it.',
    "- Messages are returned in the Bot API's `Message` shape, as the acting user sees them (in a private",
    '  chat with a bot, `chat` is the bot).',
  ].join('\n'),
  license: { name: 'MIT' },
};

const TAGS = [
  'users',
  'bots',
  'messages',
  'clock',
  'inline',
  'chats',
  'gateway',
  'devices',
  'payments',
  'business',
  'faults',
];

/** The document as plain data. */
export function controlOpenApi(): Json {
  const generated: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, Json>> = {};
  const codes = new Set<string>(GENERAL_ERROR_CODES);
  for (const error of Object.values(SHARED_ERRORS)) for (const code of error.codes) codes.add(code);

  for (const [id, route] of Object.entries(CONTROL_API) as Array<[string, RouteSpec]>) {
    const path = `/control${route.path}`;
    const item = (paths[path] ??= {});
    item[route.method.toLowerCase()] = operation(id, route, generated);
    for (const error of route.errors ?? []) {
      if (typeof error !== 'string') for (const code of error.codes ?? []) codes.add(code);
    }
  }

  const schemas: Record<string, JsonSchema> = { ErrorAnswer: errorAnswer([...codes].sort()) };
  for (const [name, schema] of [...Object.entries(generated), ...Object.entries(COMPONENT_SCHEMAS)]) {
    if (name in schemas) throw new Error(`two schemas of the document are named ${name}`);
    schemas[name] = schema;
  }
  const responses: Record<string, Json> = {};
  for (const [name, error] of Object.entries(SHARED_ERRORS)) responses[name] = errorResponse(error);

  return {
    openapi: '3.1.0',
    info: INFO,
    servers: [{ url: 'http://127.0.0.1:8081', description: 'A local server started with `parley start`' }],
    security: [{ adminToken: [] }],
    tags: TAGS.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The server's admin token: `--admin-token` / `PARLEY_ADMIN_TOKEN` of `parley start`, or the " +
            'token the server generated and wrote to `<data>/admin-token`.',
        },
      },
      responses,
      schemas,
    },
  };
}

/** The document as the YAML of docs/openapi/control-api.yaml (before Prettier, which the writer runs). */
export function controlOpenApiYaml(): string {
  return toYaml(controlOpenApi(), { spacedKeys: ['paths', 'components'] });
}

function operation(id: string, route: RouteSpec, generated: Record<string, JsonSchema>): Json {
  const op: Json = { tags: [route.tag], operationId: id, summary: route.summary };
  if (route.description) op.description = route.description;
  const parameters: Json[] = [];
  for (const [name, param] of Object.entries(route.pathParams ?? {})) {
    parameters.push({
      name,
      in: 'path',
      required: true,
      ...(param.description ? { description: param.description } : {}),
      schema: { type: param.type },
    });
  }
  const group = route.params;
  if (group && route.method === 'GET') {
    for (const [name, spec] of Object.entries(group.fields)) {
      const { description, ...schema } = paramSchema(spec);
      parameters.push({
        name,
        in: 'query',
        ...(spec.required ? { required: true } : {}),
        ...(description ? { description } : {}),
        schema,
      });
    }
  }
  if (parameters.length > 0) op.parameters = parameters;
  if (group && route.method === 'POST') {
    const schema = objectSchema(group.fields);
    if (group.name in generated && JSON.stringify(generated[group.name]) !== JSON.stringify(schema)) {
      throw new Error(`two different parameter groups are named ${group.name}`);
    }
    generated[group.name] = schema;
    for (const spec of Object.values(group.fields)) {
      if (spec.kind === 'flags') generated[spec.schemaName!] = flagsSchema(spec);
    }
    op.requestBody = {
      ...(Object.values(group.fields).some((spec) => spec.required) ? { required: true } : {}),
      content: { 'application/json': { schema: schemaRef(group.name) } },
    };
  }
  op.responses = responses(route);
  return op;
}

function responses(route: RouteSpec): Json {
  const byStatus = new Map<number, Json>([[200, answer(route)]]);
  const errors: ErrorSpec[] = [...(route.errors ?? [])];
  if (route.params && !errors.some((error) => statusOf(error) === 400)) errors.push('BadRequest');
  errors.push('Unauthorized');
  for (const error of errors) {
    const status = statusOf(error);
    if (byStatus.has(status)) throw new Error(`${route.method} ${route.path} lists two answers ${status}`);
    byStatus.set(
      status,
      typeof error === 'string' ? { $ref: `#/components/responses/${error}` } : errorResponse(error),
    );
  }
  const sorted = [...byStatus].sort(([a], [b]) => a - b);
  return Object.fromEntries(sorted.map(([status, response]) => [String(status), response]));
}

function statusOf(error: ErrorSpec): number {
  if (typeof error !== 'string') return error.status;
  const shared = SHARED_ERRORS[error];
  if (!shared) throw new Error(`no shared error answer is named ${error}`);
  return shared.status;
}

function answer(route: RouteSpec): Json {
  if (route.result === 'bytes') {
    const headers: Json = {};
    for (const [name, description] of Object.entries(route.headers ?? {})) {
      headers[name] = { description, schema: { type: 'string' } };
    }
    return {
      description: route.answer,
      headers,
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  const result =
    route.result === 'true'
      ? { const: true }
      : route.result.endsWith('[]')
        ? { type: 'array', items: schemaRef(route.result.slice(0, -2)) }
        : schemaRef(route.result);
  return {
    description: route.answer,
    content: {
      'application/json': {
        schema: { type: 'object', required: ['ok', 'result'], properties: { ok: { const: true }, result } },
      },
    },
  };
}

function errorResponse(error: Exclude<ErrorSpec, string>): Json {
  const schema = error.codes
    ? { allOf: [schemaRef('ErrorAnswer'), { properties: { error: { enum: error.codes } } }] }
    : schemaRef('ErrorAnswer');
  const content: Json = { schema };
  if (error.example) {
    const { error: code, description } = error.example;
    content.examples = { [code]: { value: { ok: false, error: code, description } } };
  }
  return { description: error.description, content: { 'application/json': content } };
}

function errorAnswer(codes: string[]): JsonSchema {
  return {
    type: 'object',
    required: ['ok', 'error', 'description'],
    properties: {
      ok: { const: false },
      error: {
        type: 'string',
        description: 'A stable code; match on it, not on the description.',
        enum: codes,
      },
      description: { type: 'string', description: 'For people; may change.' },
    },
  };
}

/** The JSON Schema of a body (or of an object parameter's fields). */
function objectSchema(fields: Fields): JsonSchema {
  const required = Object.keys(fields).filter((name) => fields[name]!.required);
  const properties: Json = {};
  for (const [name, spec] of Object.entries(fields)) {
    properties[name] = paramSchema(spec);
    for (const alias of spec.aliases ?? []) {
      const { description: _description, ...schema } = paramSchema(spec);
      properties[alias] = { ...schema, description: `Accepted instead of \`${name}\`.`, deprecated: true };
    }
  }
  return { type: 'object', ...(required.length > 0 ? { required } : {}), properties };
}

function flagsSchema(spec: ParamSpec): JsonSchema {
  return {
    type: 'object',
    ...(spec.description ? { description: spec.description } : {}),
    properties: Object.fromEntries((spec.keys ?? []).map((key) => [key, { type: 'boolean' }])),
    additionalProperties: false,
  };
}

/** The JSON Schema of one parameter (documented constraints included, whoever checks them). */
function paramSchema(spec: ParamSpec): Json {
  const schema: Json = {};
  switch (spec.kind) {
    case 'string':
      schema.type = 'string';
      if (spec.enum) schema.enum = spec.enum;
      if (spec.minLength !== undefined) schema.minLength = spec.minLength;
      if (spec.maxLength !== undefined) schema.maxLength = spec.maxLength;
      if (spec.contentEncoding) schema.contentEncoding = spec.contentEncoding;
      break;
    case 'ref':
      Object.assign(schema, schemaRef(spec.of === 'chat' ? 'ChatRef' : 'UserRef'));
      break;
    case 'integer':
    case 'number':
      schema.type = spec.nullable ? [spec.kind, 'null'] : spec.kind;
      if (spec.min !== undefined) schema.minimum = spec.min;
      if (spec.max !== undefined) schema.maximum = spec.max;
      break;
    case 'boolean':
      schema.type = 'boolean';
      break;
    case 'credits':
      Object.assign(schema, schemaRef('Credits'));
      break;
    case 'array': {
      const items = paramSchema(spec.items!);
      const list: Json = { type: 'array', items };
      if (spec.minItems !== undefined) list.minItems = spec.minItems;
      if (spec.maxItems !== undefined) list.maxItems = spec.maxItems;
      if (spec.lone) schema.oneOf = [items, list];
      else Object.assign(schema, list);
      break;
    }
    case 'object':
      Object.assign(schema, objectSchema(spec.fields ?? {}));
      break;
    case 'flags':
      Object.assign(schema, schemaRef(spec.schemaName!));
      break;
    case 'map': {
      const value = paramSchema(spec.values!);
      schema.type = 'object';
      schema.additionalProperties = spec.nullable ? { oneOf: [value, { type: 'null' }] } : value;
      break;
    }
    case 'opaque':
      Object.assign(schema, schemaRef(spec.ref!));
      break;
  }
  if (spec.default !== undefined) schema.default = spec.default;
  if (!spec.description) return schema;
  // An object's description reads best before its fields.
  return spec.kind === 'object'
    ? { description: spec.description, ...schema }
    : { ...schema, description: spec.description };
}
