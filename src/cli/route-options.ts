/**
 * What a command that calls control routes takes from the routes' parameters (their schema, ADR
 * 0110): an option per parameter that a command line can give (a scalar, or a list of scalars given
 * as a repeated option or a comma list), named as the parameter with dashes (`short_name`:
 * `--short-name`) unless the command names it otherwise, a flag for a boolean and a string for the
 * rest; the reading of the parsed values (and of the command's one positional subject) into the
 * route's parameters, with the usage errors of a missing required option, a malformed number or a
 * value that is none of a parameter's declared values; and the "Options:" lines of its help
 * (route-help.ts). References are read as `refArgument` reads them; what the server checks
 * otherwise (lengths, ranges beyond an integer's least value) it answers in its own words.
 *
 * A parameter of the route's path (`/users/{ref}`) is given only as the command's subject (`user
 * get USER`); one that is not the subject the command sets itself.
 *
 * A command declares only where its command line differs (`Derivation`). A command that calls either
 * of two routes merges their options (`mergeRouteOptions`), refusing a shared flag that would mean
 * two things. What a command line says otherwise than a parameter does (`--off` for `enabled:
 * false`, emoji for reaction objects) the command reads itself and hands over as `set`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CONTROL_API,
  type ControlApi,
  type ParamSpec,
  type PathParam,
  type RouteId,
  type RouteSpec,
  type WireOf,
} from '../wire/control-schema/index.js';
import type { RequestParams } from '../testkit/control-client.js';
import { usageError } from './cli-error.js';
import { bareUsername, integerOption, refArgument, requireOption, subjectArgument } from './command.js';
import { commaList, oneOf, routeHelp, type RouteField } from './route-help.js';

export type { RouteField } from './route-help.js';

type Kebab<S extends string> = S extends `${infer H}_${infer T}` ? `${H}-${Kebab<T>}` : S;
type FieldsOf<K extends RouteId> = ControlApi[K] extends { readonly params: { readonly fields: infer F } }
  ? F
  : NoDerivation;
type PathOf<K extends RouteId> = ControlApi[K] extends { readonly pathParams: infer P } ? P : NoDerivation;
type Simplify<T> = { [P in keyof T]: T[P] };
type ListOf<W> = Extract<W, readonly unknown[]>;
/** A list of strings or numbers (where a lone item is taken as a list of one too). */
type IsList<W> = [ListOf<W>] extends [never]
  ? false
  : [ListOf<W>] extends [readonly (string | number)[]]
    ? true
    : false;
type Offered<F> = {
  [N in keyof F]: [WireOf<F[N]>] extends [string | number | boolean | null]
    ? N
    : IsList<WireOf<F[N]>> extends true
      ? N
      : never;
}[keyof F];

/** How a command's line gives a route's parameters, where it differs from their dashed names. */
export interface Derivation {
  /** Option names instead of the parameters' dashed names: `{ owned_gift_id: 'gift' }`. */
  readonly flags?: { readonly [field: string]: string };
  /** Parameters the command does not offer as options (it sets them itself, or never offered them). */
  readonly omit?: readonly string[];
  /**
   * The parameter given as the command's positional argument (`community add COMMUNITY`): one of
   * the body or query, or of the path (`user get USER`).
   */
  readonly subject?: string;
  /** The subject is also taken as its option (`--chat CHAT`), the form of earlier versions. */
  readonly subjectOption?: boolean;
  /** Parameters whose option names a file, read as UTF-8 text (as base64 for a base64 string). */
  readonly files?: readonly string[];
  /** Usernames, taken with or without the `@` that people type in front of them. */
  readonly bare?: readonly string[];
  /** Value names in the help where the kind's does not fit: `{ short_name: 'NAME' }`. */
  readonly metavars?: { readonly [field: string]: string };
  /** The command's own defaults, taken when the option is absent, instead of the route's: `{ limit: 20 }`. */
  readonly defaults?: { readonly [field: string]: string | number | boolean };
}

type NoDerivation = Record<never, never>;
type FlagsIn<D> = D extends { readonly flags: infer R } ? R : NoDerivation;
type Omitted<D> = D extends { readonly omit: readonly (infer O)[] } ? O : never;
type SubjectOnly<D> = D extends { readonly subjectOption: true }
  ? never
  : D extends { readonly subject: infer S }
    ? S
    : never;
type FlagOf<N, R> = N extends keyof R ? (R[N] extends string ? R[N] : never) : Kebab<N & string>;
type OptionOf<W> =
  IsList<W> extends true
    ? { readonly type: 'string'; readonly multiple: true }
    : { readonly type: [W] extends [boolean] ? 'boolean' : 'string' };

type BodyOptions<K extends RouteId, D> = {
  readonly [
    N in Exclude<Offered<FieldsOf<K>>, Omitted<D> | SubjectOnly<D>> as FlagOf<N, FlagsIn<D>>
  ]: OptionOf<WireOf<FieldsOf<K>[N]>>;
};
/** A path parameter is an option only as the subject's older form (`group show --chat CHAT`). */
type PathOptions<K extends RouteId, D> = D extends { readonly subjectOption: true; readonly subject: infer S }
  ? { readonly [N in S & keyof PathOf<K> as FlagOf<N, FlagsIn<D>>]: { readonly type: 'string' } }
  : NoDerivation;

/** The parseArgs options of route `K`'s parameters, as derivation `D` gives them. */
export type RouteOptions<K extends RouteId, D = NoDerivation> = Simplify<
  BodyOptions<K, D> & PathOptions<K, D>
>;

/** The parsed command line, as parseCommandArgs answers it. */
export interface ParsedLine {
  readonly values: { readonly [flag: string]: unknown };
  readonly positionals: readonly string[];
}

/** What a command takes from one route. */
export interface RouteCli<K extends RouteId = RouteId, O = object> {
  readonly id: K;
  /** The parseArgs options, to spread beside the client's. */
  readonly options: O;
  /** The names of the positional arguments for parseCommandArgs: the subject's, if there is one. */
  readonly positionals: readonly string[];
  readonly fields: readonly RouteField[];
  /** The "Options:" lines of the help. */
  readonly help: string;
  /**
   * The route's parameters (its path's among them) from the parsed command line, and `set`: the
   * parameters the command decides itself (taken as they are, not read from the line), which must
   * include a path parameter that is not the subject. Files are read relative to `cwd`.
   */
  params(
    parsed: ParsedLine,
    command: string,
    extra?: { readonly cwd?: string; readonly set?: Partial<RequestParams<K>> },
  ): Promise<RequestParams<K>>;
}

const SCALAR_KINDS: ReadonlySet<ParamSpec['kind']> = new Set([
  'string',
  'ref',
  'integer',
  'number',
  'boolean',
  'credits',
]);
const LIST_ITEM_KINDS: ReadonlySet<ParamSpec['kind']> = new Set(['string', 'ref', 'integer', 'number']);

const isList = (spec: ParamSpec) =>
  spec.kind === 'array' && spec.items !== undefined && LIST_ITEM_KINDS.has(spec.items.kind);

/** Route `id`'s options, the reading of its parameters and its help lines, as `derivation` says. */
export function routeCli<K extends RouteId, const D extends Derivation = NoDerivation>(
  id: K,
  derivation?: D,
): RouteCli<K, RouteOptions<K, D>> {
  const route: RouteSpec = CONTROL_API[id];
  const fields = routeFields(id, route, derivation ?? {});
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: true }> = {};
  for (const field of fields) {
    if (!field.option) continue;
    options[field.flag] = field.list
      ? { type: 'string', multiple: true }
      : { type: field.spec.kind === 'boolean' ? 'boolean' : 'string' };
  }
  const subject = fields.find((field) => field.subject);
  return {
    id,
    options: options as RouteOptions<K, D>,
    positionals: subject ? [subject.option ? `${subject.metavar}?` : subject.metavar] : [],
    fields,
    help: routeHelp([{ fields }]),
    params: async (parsed, command, extra = {}) => {
      const set: Record<string, unknown> = extra.set ?? {};
      for (const name of Object.keys(route.pathParams ?? {})) {
        if (subject?.name !== name && set[name] === undefined) {
          throw new Error(`route ${id}: its path parameter ${name} is neither the subject nor set`);
        }
      }
      return {
        ...(await readFields(fields, parsed, command, extra.cwd ?? '.', set)),
        ...set,
      } as RequestParams<K>;
    },
  };
}

/**
 * The options of a command that calls either of two routes: each route's, merged. A flag the two
 * share must give the same kind of value (the same kind of reference, a list in both or neither);
 * otherwise the command is built wrong, and its module fails to load.
 */
export function mergeRouteOptions<A extends RouteCli, B extends RouteCli>(
  a: A,
  b: B,
): A['options'] & B['options'] {
  for (const one of a.fields) {
    const other = b.fields.find((field) => field.option && one.option && field.flag === one.flag);
    if (other !== undefined && meaning(one) !== meaning(other)) {
      throw new Error(
        `--${one.flag} is ${meaning(one)} in ${a.id} (${one.name}) but ${meaning(other)} in ${b.id} (${other.name})`,
      );
    }
  }
  return { ...a.options, ...b.options };
}

function meaning(field: RouteField): string {
  const item = field.list && field.spec.items ? field.spec.items : field.spec;
  const kind = item.kind === 'ref' ? `${item.of ?? 'user'} reference` : item.kind;
  return field.list ? `a list of ${kind}` : `a ${kind}`;
}

function routeFields(id: RouteId, route: RouteSpec, derivation: Derivation): RouteField[] {
  const inPath = route.pathParams ?? {};
  const subjectInPath = derivation.subject !== undefined && derivation.subject in inPath;
  const declared: Record<string, ParamSpec> = {
    ...(subjectInPath ? { [derivation.subject!]: pathSpec(inPath[derivation.subject!]!) } : {}),
    ...route.params?.fields,
  };
  const named = [
    ...Object.keys(derivation.flags ?? {}),
    ...(derivation.omit ?? []),
    ...(derivation.files ?? []),
    ...(derivation.bare ?? []),
    ...Object.keys(derivation.metavars ?? {}),
    ...Object.keys(derivation.defaults ?? {}),
    ...(derivation.subject === undefined ? [] : [derivation.subject]),
  ];
  for (const name of named) {
    if (name in inPath && name !== derivation.subject) {
      throw new Error(`route ${id}: ${name} is a parameter of its path, given only as the subject`);
    }
    if (!(name in declared)) throw new Error(`route ${id} has no parameter ${name}`);
  }
  const fields: RouteField[] = [];
  for (const [name, spec] of Object.entries(declared)) {
    const list = isList(spec);
    if (derivation.omit?.includes(name) || !(SCALAR_KINDS.has(spec.kind) || list)) continue;
    const subject = derivation.subject === name;
    const file = derivation.files?.includes(name) ?? false;
    const field: RouteField = {
      name,
      spec,
      flag: derivation.flags?.[name] ?? name.replace(/_/g, '-'),
      metavar: derivation.metavars?.[name] ?? (subject ? name.toUpperCase() : metavarOf(name, spec, file)),
      list,
      subject,
      option: !subject || derivation.subjectOption === true,
      file,
      bare: derivation.bare?.includes(name) ?? false,
      ...(derivation.defaults?.[name] === undefined ? {} : { default: derivation.defaults[name] }),
    };
    if (field.option && fields.some((other) => other.option && other.flag === field.flag)) {
      throw new Error(`route ${id}: two parameters are given as --${field.flag}`);
    }
    fields.push(field);
  }
  return fields;
}

/** A path parameter as the parameter it is read as: a reference, an integer or a string, required. */
function pathSpec(param: PathParam): ParamSpec {
  const kind = param.of !== undefined ? 'ref' : param.type;
  return { kind, required: true, description: param.description, ...(param.of ? { of: param.of } : {}) };
}

function metavarOf(name: string, spec: ParamSpec, file: boolean): string {
  if (file) return 'FILE';
  const item = spec.kind === 'array' && spec.items ? spec.items : spec;
  if (item.kind === 'ref') return item.of === 'chat' ? 'CHAT' : name.includes('bot') ? 'BOT' : 'USER';
  if (item.kind === 'integer' || item.kind === 'number') return name.endsWith('_id') ? 'ID' : 'N';
  if (item.kind === 'credits') return 'CREDITS';
  return name.toUpperCase();
}

async function readFields(
  fields: readonly RouteField[],
  parsed: ParsedLine,
  command: string,
  cwd: string,
  set: object,
): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.name in set) continue;
    const flag = `--${field.flag}`;
    let given = field.option ? parsed.values[field.flag] : undefined;
    if (field.subject) {
      const positional = parsed.positionals[0];
      given = field.option
        ? subjectArgument(positional, given as string | undefined, field.metavar, flag, command)
        : positional;
    }
    const label = field.subject ? field.metavar : flag;
    if (given === undefined || given === '' || (Array.isArray(given) && given.length === 0)) {
      if (field.spec.required) requireOption(undefined, label, command);
      if (field.default !== undefined) params[field.name] = field.default;
      continue;
    }
    if (typeof given === 'boolean') params[field.name] = given;
    else if (field.list) {
      const item = field.spec.items!;
      const texts = (given as string[]).flatMap((text) =>
        commaList(item) ? text.split(',').map((part) => part.trim()) : [text],
      );
      params[field.name] = texts.filter(Boolean).map((text) => readValue(field, item, text, label, command));
    } else if (field.file) params[field.name] = await readOptionFile(field, given as string, command, cwd);
    else params[field.name] = readValue(field, field.spec, given as string, label, command);
  }
  return params;
}

function readValue(
  field: RouteField,
  spec: ParamSpec,
  text: string,
  label: string,
  command: string,
): unknown {
  if (spec.kind === 'ref') return refArgument(text);
  if (spec.kind === 'integer') {
    if (spec.min !== undefined) return integerOption(text, label, command, spec.min);
    if (/^-?\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
    throw usageError(`${label} must be an integer, not "${text}"`, command);
  }
  if (spec.kind === 'number') {
    const number = Number(text);
    if (text.trim() === '' || !Number.isFinite(number)) {
      throw usageError(`${label} must be a number, not "${text}"`, command);
    }
    return number;
  }
  if (spec.enum !== undefined && !spec.enum.includes(text)) {
    throw usageError(`${label} must be ${oneOf(spec.enum)}, not "${text}"`, command);
  }
  return field.bare ? bareUsername(text) : text;
}

async function readOptionFile(
  field: RouteField,
  file: string,
  command: string,
  cwd: string,
): Promise<string> {
  const flag = `--${field.flag}`;
  const data = await readFile(path.resolve(cwd, file)).catch((error: NodeJS.ErrnoException) => {
    throw usageError(`cannot read ${flag} ${file}: ${error.code ?? error.message}`, command);
  });
  return field.spec.contentEncoding === 'base64' ? data.toString('base64') : data.toString('utf8');
}
