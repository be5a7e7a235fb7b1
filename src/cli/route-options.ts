/**
 * The options of a command that calls one route of the control API, derived from the route's
 * parameters (its schema, ADR 0110): an option per parameter that a command line can give (not a
 * list, an object or a map), named as the parameter with dashes (`short_name`: `--short-name`) unless
 * the command names it otherwise, a flag for a boolean and a string for the rest; and the reading of
 * the parsed values into the route's parameters, with the usage errors of a missing required option
 * or a malformed number. References are read as `refArgument` reads them; what the server checks
 * (lengths, enums, ranges beyond an integer's least value) it answers in its own words.
 */
import {
  CONTROL_API,
  type ControlApi,
  type ParamSpec,
  type RouteId,
  type RouteParams,
  type WireOf,
} from '../wire/control-schema/index.js';
import { usageError } from './cli-error.js';
import { integerOption, refArgument, requireOption } from './command.js';

type Kebab<S extends string> = S extends `${infer H}_${infer T}` ? `${H}-${Kebab<T>}` : S;
type FieldsOf<K extends RouteId> = ControlApi[K] extends { readonly params: { readonly fields: infer F } }
  ? F
  : Record<string, never>;
type Scalar<F> = {
  [N in keyof F]: [WireOf<F[N]>] extends [string | number | boolean | null] ? N : never;
}[keyof F];
type FlagOf<N, R> = N extends keyof R ? (R[N] extends string ? R[N] : never) : Kebab<N & string>;

/** Option names the command gives some parameters instead of their dashed names (`{ owned_gift_id: 'gift' }`). */
export type Renames = { readonly [field: string]: string };

/** The parseArgs options of route `K`'s parameters. */
export type RouteOptions<K extends RouteId, R extends Renames> = {
  readonly [N in Scalar<FieldsOf<K>> as FlagOf<N, R>]: {
    readonly type: [WireOf<FieldsOf<K>[N]>] extends [boolean] ? 'boolean' : 'string';
  };
};

const SCALAR_KINDS: ReadonlySet<ParamSpec['kind']> = new Set([
  'string',
  'ref',
  'integer',
  'number',
  'boolean',
  'credits',
]);

function fields(id: RouteId, renames: Renames): Array<{ name: string; flag: string; spec: ParamSpec }> {
  const group = (CONTROL_API[id] as { params?: { fields: Record<string, ParamSpec> } }).params;
  return Object.entries(group?.fields ?? {})
    .filter(([, spec]) => SCALAR_KINDS.has(spec.kind))
    .map(([name, spec]) => ({ name, flag: renames[name] ?? name.replace(/_/g, '-'), spec }));
}

/** The options of route `id`'s parameters, to spread beside the client's options. */
export function routeOptions<K extends RouteId, const R extends Renames = Record<never, string>>(
  id: K,
  renames?: R,
): RouteOptions<K, R> {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const { flag, spec } of fields(id, renames ?? {})) {
    options[flag] = { type: spec.kind === 'boolean' ? 'boolean' : 'string' };
  }
  return options as RouteOptions<K, R>;
}

/** Route `id`'s parameters from the parsed options (those of `routeOptions(id, renames)`). */
export function routeParams<K extends RouteId>(
  id: K,
  values: { readonly [flag: string]: unknown },
  command: string,
  renames: Renames = {},
): RouteParams<K> {
  const params: Record<string, unknown> = {};
  for (const { name, flag, spec } of fields(id, renames)) {
    const value = values[flag] as string | boolean | undefined;
    const option = `--${flag}`;
    if (value === undefined || value === '') {
      if (spec.required) requireOption(undefined, option, command);
      continue;
    }
    if (typeof value === 'boolean') params[name] = value;
    else if (spec.kind === 'ref') params[name] = refArgument(value);
    else if (spec.kind === 'integer') {
      params[name] = integerOption(value, option, command, spec.min ?? Number.MIN_SAFE_INTEGER);
    } else if (spec.kind === 'number') {
      const number = Number(value);
      if (!Number.isFinite(number)) throw usageError(`${option} must be a number, not "${value}"`, command);
      params[name] = number;
    } else params[name] = value;
  }
  return params as RouteParams<K>;
}
