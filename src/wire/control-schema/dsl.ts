/**
 * The small language the control API's schema is written in (ADR 0042). A route is one value that
 * gives the reading of its request (read-params.ts: what the server runs before the handler), the
 * test kit's TypeScript types (ParamsOf; the handlers' InputOf) and its part of the OpenAPI document
 * (openapi.ts). This folder imports nothing outside itself, so that the test kit, the control layer
 * and the generator can all use it.
 *
 * What the schema checks is the wire: presence, JSON types (with the string forms of a query string,
 * "5" and "true"), and the integer ranges the control API itself enforces. Rules of the domain that
 * the platform checks in its own words (text lengths, formats, enum members it normalises, ranges it
 * reports itself) are marked `platform: true`: documented and typed here, checked there.
 */

/**
 * A user reference: a numeric user id, an E.164 phone number (`+15550001`) or `@username`. Bots are
 * users too, so a bot is referenced the same way.
 */
export type UserRef = number | string;

/**
 * A chat reference: `@username` of a bot (the private chat between the acting user and that bot) or
 * of a public chat, or a numeric chat id as the acting user sees it.
 */
export type ChatRef = number | string;

/** Amounts of credits: a number or a decimal string (`"0.01"`), at most 6 decimals. */
export type Credits = number | string;

export type ParamKind =
  | 'string'
  | 'ref'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'credits'
  | 'array'
  | 'object'
  | 'flags'
  | 'map'
  | 'opaque';

/** The name the wire types keep for phantom types (never set at run time). */
declare const TYPES: unique symbol;

/** One parameter, as the reader, the generator and the types see it. */
export interface ParamSpec {
  readonly kind: ParamKind;
  readonly required: boolean;
  readonly description?: string;
  /** Taken when the parameter is absent; the handler then always has a value. */
  readonly default?: string | number | boolean;
  /** The constraints below are the platform's to check (with its own texts); here they are documented. */
  readonly platform?: boolean;
  /** The description of a refusal, when not the generic one. */
  readonly invalid?: string;
  /** Other names the server takes for this parameter (older clients); documented, not typed. */
  readonly aliases?: readonly string[];
  // string
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly string[];
  /** A required string that may be empty (the platform answers an empty one in its own words). */
  readonly allowEmpty?: boolean;
  readonly contentEncoding?: 'base64';
  // ref
  readonly of?: 'user' | 'chat';
  // integer, number
  readonly min?: number;
  readonly max?: number;
  /** An integer that may be null, which means something (not the same as absent). */
  readonly nullable?: boolean;
  // array
  readonly items?: ParamSpec;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** A lone item is taken as a list of one. */
  readonly lone?: boolean;
  // object: its fields are documented and typed; the handler decodes them
  readonly fields?: Fields;
  // flags: an object of booleans with known keys, a named component of the document
  readonly keys?: readonly string[];
  readonly schemaName?: string;
  // map: an object whose values are `values`, or null when `nullable`
  readonly values?: ParamSpec;
  // opaque: a component of the document, checked by the handler
  readonly ref?: string;
}

/** A parameter with its TypeScript types: Wire (what a client sends) and Value (what a handler reads). */
export interface Param<Wire, Value, Req extends boolean, Def extends boolean> extends ParamSpec {
  readonly required: Req;
  readonly [TYPES]?: { wire: Wire; value: Value; defaulted: Def };
}

export type Fields = Readonly<Record<string, ParamSpec>>;

export type WireOf<P> = P extends { readonly [TYPES]?: { wire: infer W } } ? W : never;
export type ValueOf<P> = P extends { readonly [TYPES]?: { value: infer V } } ? V : never;
type Present<P> = P extends { readonly required: true }
  ? true
  : P extends { readonly [TYPES]?: { defaulted: true } }
    ? true
    : false;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type RequiredKeys<F> = { [K in keyof F]: F[K] extends { readonly required: true } ? K : never }[keyof F];

/** What a client sends for these fields. */
export type ParamsOfFields<F> = Simplify<
  { -readonly [K in RequiredKeys<F>]: WireOf<F[K]> } & {
    -readonly [K in Exclude<keyof F, RequiredKeys<F>>]?: WireOf<F[K]>;
  }
>;

/** What a handler reads for these fields: required and defaulted ones are there, the rest may not be. */
export type InputOfFields<F> = {
  readonly [K in keyof F]: Present<F[K]> extends true ? ValueOf<F[K]> : ValueOf<F[K]> | undefined;
};

type Common = Pick<ParamSpec, 'description' | 'platform' | 'invalid' | 'aliases'> & {
  readonly required?: boolean;
};
type Req<O> = O extends { readonly required: true } ? true : false;
type Def<O> = O extends { readonly default: string | number | boolean } ? true : false;

/** The spec of a parameter; its types are the caller's to state (they exist only at compile time). */
function param(kind: ParamKind, options: Common | undefined, extra: Partial<ParamSpec> = {}): never {
  return { kind, ...extra, ...options, required: options?.required ?? false } as ParamSpec as never;
}

// ---- the kinds of parameter -----------------------------------------------------------------------

export interface StringOptions extends Common {
  readonly default?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly string[];
  readonly allowEmpty?: boolean;
  readonly contentEncoding?: 'base64';
}
type EnumOf<O> = O extends { readonly enum: readonly (infer E extends string)[] } ? E : string;

/** A string; a number is taken as its text. Required: not empty (unless `allowEmpty`). */
export function str<const O extends StringOptions = { readonly required?: false }>(
  options?: O,
): Param<EnumOf<O>, O extends { readonly platform: true } ? string : EnumOf<O>, Req<O>, Def<O>> {
  return param('string', options);
}

type RefOptions = Common;
type RefOf<K> = K extends 'user' ? UserRef : ChatRef;

/** A user or chat reference (a number or a string); read as its text. */
export function ref<K extends 'user' | 'chat', const O extends RefOptions = { readonly required?: false }>(
  of: K,
  options?: O,
): Param<RefOf<K>, string, Req<O>, false> {
  return param('ref', options, { of });
}

export interface IntegerOptions extends Common {
  readonly default?: number;
  readonly min?: number;
  readonly max?: number;
  readonly nullable?: boolean;
}
type Nullable<O, T> = O extends { readonly nullable: true } ? T | null : T;

/** An integer: a JSON number or a string of decimal digits, from `min` to `max`. */
export function int<const O extends IntegerOptions = { readonly required?: false }>(
  options?: O,
): Param<Nullable<O, number>, Nullable<O, number>, Req<O>, Def<O>> {
  return param('integer', options);
}

export interface NumberOptions extends Common {
  readonly min?: number;
  readonly max?: number;
}

/** A finite number: a JSON number or a decimal string. */
export function num<const O extends NumberOptions = { readonly required?: false }>(
  options?: O,
): Param<number, number, Req<O>, false> {
  return param('number', options);
}

export interface BooleanOptions extends Common {
  readonly default?: boolean;
}

/** true or false (also as the strings "true" and "false"). */
export function bool<const O extends BooleanOptions = { readonly required?: false }>(
  options?: O,
): Param<boolean, boolean, Req<O>, Def<O>> {
  return param('boolean', options);
}

/** An amount of credits; the platform parses it (CREDITS_INVALID). */
export function credits<const O extends Common = { readonly required?: false }>(
  options?: O,
): Param<Credits, unknown, Req<O>, false> {
  return param('credits', options);
}

export interface ArrayOptions extends Common {
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly lone?: boolean;
}
type Lone<O, T> = O extends { readonly lone: true } ? T | T[] : T[];

/** A JSON array of `items` (checked by their JSON type only: no string forms). */
export function array<I extends ParamSpec, const O extends ArrayOptions = { readonly required?: false }>(
  items: I,
  options?: O,
): Param<Lone<O, WireOf<I>>, ValueOf<I>[], Req<O>, false> {
  return param('array', options, { items });
}

/** An object whose fields are documented and typed here and decoded by the handler. */
export function obj<const F extends Fields, const O extends Common = { readonly required?: false }>(
  fields: F,
  options?: O,
): Param<ParamsOfFields<F>, Record<string, unknown>, Req<O>, false> {
  return param('object', options, { fields });
}

type FlagsOf<K extends string> = { [P in K]?: boolean };

/** An object of booleans with known keys only; a named component of the document. */
export function flags<const K extends string, const O extends Common = { readonly required?: false }>(
  schemaName: string,
  keys: readonly K[],
  options?: O,
): Param<FlagsOf<K>, FlagsOf<K>, Req<O>, false> {
  return param('flags', options, { keys, schemaName });
}

/** An object of any keys whose values are `values` (or null); the handler reads the values. */
export function map<
  V extends ParamSpec,
  const O extends Common & { readonly nullable?: boolean } = { readonly required?: false },
>(
  values: V,
  options?: O,
): Param<Record<string, Nullable<O, WireOf<V>>>, Record<string, unknown>, Req<O>, false> {
  return param('map', options, { values });
}

/** A value of the document's component `ref` (e.g. an array's ReactionType items), checked by the handler. */
export function opaque<T>(ref: string, options?: Common): Param<T, unknown, false, false> {
  return param('opaque', options, { ref });
}

// ---- routes -------------------------------------------------------------------------------------

/** The parameters of a route (body or query) under the name of their TypeScript type and component. */
export interface ParamGroup<N extends string = string, F extends Fields = Fields> {
  readonly name: N;
  readonly fields: F;
}

export function params<const N extends string, const F extends Fields>(name: N, fields: F): ParamGroup<N, F> {
  return { name, fields };
}

/** A parameter of the path (`/users/{ref}`); the route's handler reads it as a string. */
export interface PathParam {
  readonly type: 'string' | 'integer';
  readonly description?: string;
  /** A user or chat reference (a string on the wire): the CLI reads it as it reads a `ref` parameter. */
  readonly of?: 'user' | 'chat';
}

/** An error answer: a shared one by name (components.ts), or its own. */
export type ErrorSpec =
  | string
  | {
      readonly status: number;
      readonly description: string;
      /** The `error` codes of this answer. */
      readonly codes?: readonly string[];
      readonly example?: { readonly error: string; readonly description: string };
    };

export interface RouteSpec {
  readonly method: 'GET' | 'POST';
  /** Below `/control`, with path parameters as `{name}`. */
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly pathParams?: Readonly<Record<string, PathParam>>;
  /** The JSON body of a POST, the query of a GET. */
  readonly params?: ParamGroup;
  /**
   * The result: the name of a schema of the document's components (results-*.ts, from which the
   * test kit's type of the same name is inferred), that name followed by `[]` for a list, `true`, or
   * `bytes` for a file's bytes (not JSON).
   */
  readonly result: string;
  /** What the 200 answer is. */
  readonly answer: string;
  /** Headers of a `bytes` answer and what they say. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly errors?: readonly ErrorSpec[];
}

export function route<const R extends RouteSpec>(spec: R): R {
  return spec;
}

/** What a client sends to a route (its body or query; path parameters aside). */
export type ParamsOf<R> = R extends { readonly params: ParamGroup<string, infer F> }
  ? ParamsOfFields<F>
  : Record<string, never>;

/** What the route's handler reads, once the schema has read the request. */
export type InputOf<R> = R extends { readonly params: ParamGroup<string, infer F> }
  ? InputOfFields<F>
  : Readonly<Record<string, never>>;
