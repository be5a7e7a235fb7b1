/**
 * A handler that gets its parameters typed from the method's declaration (issue 25, ADR 0084):
 * `defineMethod('createForumTopic', async (ctx) => ... ctx.values.name ...)`. The runner has already
 * refused what the declaration refuses (missing, out of its limits), so a handler reads only what is
 * left to judge. Values are read as the reference reads them (params.ts): integers leniently, a
 * Boolean true only for true/yes/1, a default where the documentation states one, a range the
 * reference clamps clamped (overrides.ts); a JSON-typed value stays text for the handler's own
 * reader; an absent value is undefined.
 */
import type { ParamDeclaration } from './declared/method-declaration.js';
import { METHOD_DECLARATIONS } from './declared/method-declarations.js';
import type { MethodValues } from './declared/method-values.js';
import type { DeclaredMethodName } from './declared/methods.js';
import type { MethodAnswer, MethodContext, TypedMethodHandler } from './method-context.js';
import type { MethodResults } from '../wire/bot-api-types.js';
import { lenientInteger, type Params } from './params.js';

export interface DeclaredMethodContext<N extends DeclaredMethodName> extends MethodContext {
  readonly values: MethodValues[N];
}

type Reader = (params: Params) => unknown;

function readerOf(param: ParamDeclaration): Reader {
  const { name, range } = param;
  const fallback = param.default;
  const types = param.types.join(' | ');
  switch (types) {
    case 'Boolean':
      return (params) => (params.has(name) ? params.bool(name) : (fallback ?? false));
    case 'Integer': {
      const clamp = param.outOfRange === 'clamp' && range;
      return (params) => {
        const value = params.int(name) ?? fallback;
        if (typeof value !== 'number' || !clamp) return value;
        return Math.min(range.max ?? Infinity, Math.max(range.min ?? -Infinity, value));
      };
    }
    case 'Float':
      return (params) => {
        const text = params.string(name);
        return text === undefined ? fallback : Number(text.trim());
      };
    case 'String':
      return (params) => params.string(name) ?? fallback;
    case 'Integer | String':
      return (params) => {
        const text = params.string(name)?.trim();
        if (text === undefined) return fallback;
        return text.startsWith('@') ? text : lenientInteger(text);
      };
  }
  if (param.types.includes('InputFile')) return (params) => params.inputFile(name);
  return (params) => params.json(name);
}

/** Reads a method's values from a call's parameters, as its declaration types them. */
export function valuesReader<N extends DeclaredMethodName>(method: N): (params: Params) => MethodValues[N] {
  const readers = METHOD_DECLARATIONS[method].params.map((param) => [param.name, readerOf(param)] as const);
  return (params) => {
    const values: Record<string, unknown> = {};
    for (const [name, read] of readers) {
      const value = read(params);
      if (value !== undefined) values[name] = value;
    }
    return values as MethodValues[N];
  };
}

/**
 * A method's handler given `ctx.values`, typed from its declaration; its answer is held to the
 * method's declared result (MethodResults, ADR 0085).
 */
export function defineMethod<N extends DeclaredMethodName>(
  method: N,
  handler: (ctx: DeclaredMethodContext<N>) => Promise<MethodAnswer<MethodResults[N]>>,
): TypedMethodHandler<MethodResults[N]> {
  const read = valuesReader(method);
  return (ctx) => {
    // The call's own context, given its values. Not a new object with the context as its prototype:
    // making an object a prototype costs V8 a map change per call (it took a third of sendMessage's
    // throughput in bench scenario 1).
    const typed = ctx as MethodContext & { values?: unknown };
    typed.values = read(ctx.params);
    return handler(typed as DeclaredMethodContext<N>);
  };
}
