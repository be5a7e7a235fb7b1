/**
 * The JSON Schemas of the control API's results, typed (issue 30): a schema written `as const` has
 * its TypeScript type inferred from it (`FromSchema`, in the way json-schema-to-ts does), so that a
 * result's shape is declared once, in the document's terms, and the test kit's type of it is derived
 * (control-types.ts). What is inferred: `type` (one or a list, `null` included), `const`, `enum`,
 * `properties` with `required`, `additionalProperties` (true: any other field, `unknown`), `items`,
 * `oneOf` (a union), `allOf` (an intersection) and `$ref` to another component by name.
 *
 * A part of a schema whose TypeScript type is richer than what the document says of it (the Bot API's
 * Message, whose fields the document lists only in part) is marked `external('Name', schema)`: its
 * type is the one the user of FromSchema gives under that name. The mark is a phantom (no key at run
 * time), so the document is the schema as written.
 */

/** A JSON Schema of the document (OpenAPI 3.1). */
export type JsonSchema = { readonly [key: string]: unknown };

declare const EXTERNAL: unique symbol;

/** A schema marked with the name of the TypeScript type it has (never set at run time). */
export interface External<N extends string> {
  readonly [EXTERNAL]: N;
}

/** Marks `schema` as having the TypeScript type named `name` (see FromSchema's `X`). */
export function external<const N extends string, const S extends JsonSchema>(
  name: N,
  schema: S,
): S & External<N> {
  void name;
  return schema as S & External<N>;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The TypeScript type of schema `S`, where `$ref`s name schemas of `D` (the components) and
 * `external` marks name types of `X`.
 */
export type FromSchema<S, D, X = object> =
  S extends External<infer N>
    ? N extends keyof X
      ? X[N]
      : unknown
    : S extends { readonly $ref: `#/components/schemas/${infer N}` }
      ? N extends keyof X
        ? X[N]
        : N extends keyof D
          ? FromSchema<D[N], D, X>
          : unknown
      : S extends { readonly allOf: infer L extends readonly unknown[] }
        ? Simplify<AllOf<L, D, X>>
        : S extends { readonly oneOf: infer L extends readonly unknown[] }
          ? FromSchema<L[number], D, X>
          : S extends { readonly const: infer C }
            ? C
            : S extends { readonly enum: readonly (infer E)[] }
              ? E
              : S extends { readonly type: infer T }
                ? TypeOf<T extends readonly (infer U)[] ? U : T, S, D, X>
                : unknown;

type AllOf<L, D, X> = L extends readonly [infer H, ...infer R]
  ? FromSchema<H, D, X> & AllOf<R, D, X>
  : unknown;

type TypeOf<T, S, D, X> = T extends 'integer' | 'number'
  ? number
  : T extends 'string'
    ? string
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { readonly items: infer I }
            ? FromSchema<I, D, X>[]
            : unknown[]
          : T extends 'object'
            ? ObjectOf<S, D, X>
            : unknown;

type PropsOf<S> = S extends { readonly properties: infer P } ? P : object;
type RequiredOf<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;

/** Other fields: `additionalProperties` true (or an object without `properties`), or of a schema. */
type RestOf<S, D, X> = S extends { readonly additionalProperties: true }
  ? { [field: string]: unknown }
  : S extends { readonly additionalProperties: infer A extends object }
    ? { [field: string]: FromSchema<A, D, X> }
    : S extends { readonly properties: object }
      ? unknown
      : { [field: string]: unknown };

type ObjectOf<S, D, X, P = PropsOf<S>, R = RequiredOf<S>> = Simplify<
  { -readonly [K in keyof P & R]: FromSchema<P[K], D, X> } & {
    -readonly [K in Exclude<keyof P, R>]?: FromSchema<P[K], D, X>;
  } & RestOf<S, D, X>
>;
