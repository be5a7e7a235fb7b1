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
/** Where an instance of a class given to `MethodTable.bindOnFirstUse` holds its parts. */
const PARTS = Symbol('parts');

export class MethodTable {
  readonly #names: ReadonlyMap<object, readonly string[]>;
  /** The classes' prototypes, in the table's order (`attach`'s parts come in it). */
  readonly #order: readonly object[];

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
    this.#order = classes.map((type) => type.prototype as object);
  }

  /**
   * Gives `type`'s prototype, once, a getter for each of the table's methods: the first read of a
   * method on an instance binds it to that instance's part (`attach`) and keeps it on the instance,
   * so that a new instance costs its parts, not its ~290 bound methods (issue 28: binding them was
   * most of a new SQLite store), and a method taken off it (`const { getUser } = store`) is bound as
   * `composeOnto`'s are. Writing a method on an instance replaces it there. A name the prototype has
   * already (its own method) is refused.
   */
  bindOnFirstUse(type: { readonly prototype: object; readonly name: string }): void {
    const prototype = type.prototype as object;
    this.#order.forEach((partPrototype, index) => {
      for (const name of this.#names.get(partPrototype)!) {
        if (name in prototype) throw new Error(`${type.name} has a ${name} of its own`);
        Object.defineProperty(prototype, name, {
          configurable: true,
          get(this: { [PARTS]?: object[] }) {
            const part = this[PARTS]?.[index] as Record<string, (...args: unknown[]) => unknown> | undefined;
            if (part === undefined) return undefined;
            const bound = part[name]!.bind(part);
            Object.defineProperty(this, name, { value: bound, writable: true, configurable: true });
            return bound;
          },
          set(value: unknown) {
            Object.defineProperty(this, name, { value, writable: true, configurable: true });
          },
        });
      }
    });
  }

  /**
   * `parts` as the parts of `target`, an instance of a class given to `bindOnFirstUse`, one of each
   * of the table's classes in its order; `target` typed as having the parts' methods.
   */
  attach<T extends object, P extends object[]>(target: T, ...parts: P): T & Intersection<P[number]> {
    parts.forEach((part, i) => {
      if (Object.getPrototypeOf(part) !== this.#order[i]) {
        throw new Error(`${part.constructor.name} is not the method table's class ${i + 1}`);
      }
    });
    if (parts.length !== this.#order.length) throw new Error('a part of each class of the table is needed');
    (target as { [PARTS]?: object[] })[PARTS] = parts;
    return target as T & Intersection<P[number]>;
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
