/**
 * The runner's refusal of a documented parameter Parley does not serve (declared/unserved.ts,
 * ADR 0075). Built once into a map by lower-cased method name (legacy names included), so that a
 * call costs one lookup, and a few more only for a method that has unserved parameters.
 */
import { botApiError, type BotApiError } from './errors.js';
import type { Params } from './params.js';
import { LEGACY_ALIASES, METHOD_DECLARATIONS } from './declared/method-declarations.js';
import type { DeclaredMethodName } from './declared/methods.js';
import { UNSERVED_PARAMS } from './declared/unserved.js';

interface UnservedParam {
  readonly name: string;
  /** A Boolean: carried only when it reads true (false asks for what Parley does anyway). */
  readonly flag: boolean;
  /** May come as a multipart part of its own name (reference §1.4). */
  readonly file: boolean;
}

export interface UnservedCheck {
  /** The method as the text names it: the name the bot used, spelled as documented. */
  readonly method: string;
  readonly params: readonly UnservedParam[];
}

function checkOf(method: string, declared: DeclaredMethodName): UnservedCheck | undefined {
  const unserved = UNSERVED_PARAMS[declared];
  if (!unserved) return undefined;
  const params = METHOD_DECLARATIONS[declared].params
    .filter((param) => Object.hasOwn(unserved, param.name))
    .map((param) => ({
      name: param.name,
      flag: param.types.length === 1 && param.types[0] === 'Boolean',
      file: param.types.includes('InputFile'),
    }));
  return { method, params };
}

/** Lower-cased method name -> its unserved parameters, for the methods that have any. */
export function unservedChecks(): ReadonlyMap<string, UnservedCheck> {
  const checks = new Map<string, UnservedCheck>();
  const names: [string, DeclaredMethodName][] = [
    ...Object.keys(METHOD_DECLARATIONS).map((name): [string, DeclaredMethodName] => [
      name,
      name as DeclaredMethodName,
    ]),
    ...Object.entries(LEGACY_ALIASES),
  ];
  for (const [method, declared] of names) {
    const check = checkOf(method, declared);
    if (check) checks.set(method.toLowerCase(), check);
  }
  return checks;
}

/** The 501 for the first unserved parameter the call carries, in the documented order; else undefined. */
export function unservedRefusal(check: UnservedCheck, params: Params): BotApiError | undefined {
  for (const param of check.params) {
    const carried = param.flag
      ? params.bool(param.name)
      : params.string(param.name) !== undefined || (param.file && params.file(param.name) !== undefined);
    if (carried)
      return botApiError('PARAMETER_NOT_SUPPORTED', { method: check.method, parameter: param.name });
  }
  return undefined;
}
