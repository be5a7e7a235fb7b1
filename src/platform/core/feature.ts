/**
 * A feature's entry in the platform's list (issue 30, ADR 0111), as a Fastify plugin declares its
 * name and the plugins it depends on: the member of Platform it builds (`name`), the members it is
 * built from (`needs`, each built before it), and how (`build`). Each feature folder exports its own
 * entries (`gifts/feature.ts`); the assembly lists them in order (assembly/platform-builder.ts),
 * refusing an entry whose needs are not built yet, and hands `build` those members only.
 *
 * It lives in the kernel so that a feature may name it (a feature imports no assembly); it imports
 * nothing.
 */

/** The names of `N`'s members that `L` leaves out. */
type Missing<N, L extends readonly PropertyKey[]> = Exclude<keyof N, L[number]>;

export interface Feature<K extends string, N, V> {
  /** The member of Platform it builds; built once. */
  readonly name: K;
  /** The members it is built from: every key of N, each built before it. */
  readonly needs: readonly (keyof N & string)[];
  /** Builds the member from its needs (registering with the kernel's extension points as it goes). */
  readonly build: (parts: N) => V;
}

/**
 * A feature's entry. `needs` must name every member of `build`'s parameter (a missing one fails to
 * compile: `needs` is then a list no value satisfies), so that the list the builder checks at run
 * time is the one the type says.
 */
export function feature<
  const K extends string,
  N extends object,
  V,
  const L extends readonly (keyof N & string)[],
>(
  name: K,
  needs: [Missing<N, L>] extends [never] ? L : L & { readonly missing: Missing<N, L> },
  build: (parts: N) => V,
): Feature<K, N, V> {
  return { name, needs, build };
}
