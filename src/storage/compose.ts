/** Composing one adapter object from its areas' classes (sqlite/ and postgres/ adapters). */

/**
 * One object with the methods of `parts`, each bound to its part (a part's private state stays its
 * own). The type is the intersection of the parts, so that assigning it to a port type checks that
 * the parts together implement every method.
 */
const CACHE_HOOKS = new Set(['constructor', 'forgetUncommitted', 'forgetCached']);

export function compose<P extends object[]>(...parts: P): Intersection<P[number]> {
  const composed: Record<string, unknown> = {};
  for (const part of parts) {
    const prototype = Object.getPrototypeOf(part) as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const member = prototype[name];
      // Each area's cache hooks are called by the adapter, one by one.
      if (CACHE_HOOKS.has(name) || typeof member !== 'function') continue;
      if (name in composed) throw new Error(`two storage areas define ${name}`);
      composed[name] = member.bind(part);
    }
  }
  return composed as Intersection<P[number]>;
}

/**
 * The methods `compose` takes of each of `classes` (their own prototypes'), worked out once, when the
 * adapter's module loads: an adapter that builds a store per connection binds from it onto the store
 * itself (issue 28: `compose` and copying its result onto the store were about half of what a new
 * SQLite store cost). Two classes with a method of one name are refused here, as `compose` refuses
 * them.
 */
export class MethodTable {
  readonly #names: ReadonlyMap<object, readonly string[]>;

  constructor(classes: ReadonlyArray<abstract new (...args: never[]) => object>) {
    const names = new Map<object, readonly string[]>();
    const seen = new Set<string>();
    for (const type of classes) {
      const prototype = type.prototype as Record<string, unknown>;
      const own = Object.getOwnPropertyNames(prototype).filter(
        (name) => !CACHE_HOOKS.has(name) && typeof prototype[name] === 'function',
      );
      for (const name of own) {
        if (seen.has(name)) throw new Error(`two storage areas define ${name}`);
        seen.add(name);
      }
      names.set(prototype, own);
    }
    this.#names = names;
  }

  /**
   * What `compose(...parts)` makes, written onto `target` (each method bound to its part), and
   * `target` typed as having the parts' methods. Each part's class must be in the table.
   */
  composeOnto<T extends object, P extends object[]>(target: T, ...parts: P): T & Intersection<P[number]> {
    const writable = target as Record<string, unknown>;
    for (const part of parts) {
      const names = this.#names.get(Object.getPrototypeOf(part) as object);
      if (names === undefined) throw new Error(`${part.constructor.name} is not in the method table`);
      const methods = part as Record<string, (...args: unknown[]) => unknown>;
      for (const name of names) writable[name] = methods[name]!.bind(part);
    }
    return target as T & Intersection<P[number]>;
  }
}

/** A | B -> A & B. */
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;
