/**
 * The platform built from a list, as Fastify registers its plugins. The kernel's parts are entries
 * written here (`add(name, build)`: built from the members listed before it); each feature is an
 * entry its own folder exports (`register(giftsFeature)`, core/feature.ts), which declares the
 * members it needs. The member's type is what its build answers, so `platform.gifts` is typed with
 * no field written by hand; a name is built once.
 *
 * A feature whose needs are not all built before it is refused twice: by the compiler (its build's
 * parameter is not satisfied by the members so far) and at run time (a need not built yet), in case
 * the list is put together where types do not reach. Its build is handed its needs only, so that
 * what it declares is what it can use.
 */
import type { Feature } from '../core/feature.js';

export class PlatformBuilder<P extends object> {
  readonly #parts: P;

  constructor(base: P) {
    this.#parts = { ...base };
  }

  /** Builds member `name` from the members so far; a name already built is refused. */
  add<K extends string, V>(name: K, build: (parts: P) => V): PlatformBuilder<P & { readonly [N in K]: V }> {
    this.#refuseBuilt(name);
    return this.#set(name, build(this.#parts));
  }

  /**
   * Builds a feature's member from the needs it declares, which must be built already (its build's
   * parameter type, N, must be satisfied by the members so far: P extends N).
   */
  register<K extends string, N, V>(
    entry: Feature<K, N, V> &
      ([P] extends [N] ? unknown : { readonly needsNotBuilt: Exclude<keyof N, keyof P> }),
  ): PlatformBuilder<P & { readonly [M in K]: V }> {
    this.#refuseBuilt(entry.name);
    const needs: Record<string, unknown> = {};
    for (const need of entry.needs) {
      if (!Object.hasOwn(this.#parts, need)) {
        throw new Error(`the platform's ${entry.name} needs ${need}, which is not built before it`);
      }
      needs[need] = (this.#parts as Record<string, unknown>)[need];
    }
    // The members N names, each as the members so far have it (P extends N, checked above).
    return this.#set(entry.name, entry.build(needs as N));
  }

  /**
   * The members built, each read-only from now on (frozen here, not as each is built: defining each
   * member read-only one by one was a tenth of a warm `createParley()`, issue 28).
   */
  get parts(): Readonly<P> {
    return Object.freeze(this.#parts);
  }

  #refuseBuilt(name: string): void {
    if (name in this.#parts) throw new Error(`the platform's ${name} is built twice`);
  }

  #set<K extends string, V>(name: K, value: V): PlatformBuilder<P & { readonly [N in K]: V }> {
    (this.#parts as Record<string, unknown>)[name] = value;
    return this as unknown as PlatformBuilder<P & { readonly [N in K]: V }>;
  }
}
