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

/** A | B -> A & B. */
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;
