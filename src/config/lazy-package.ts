/**
 * A CommonJS package loaded at its first use, not at start (issue 28, ADR 0094 "cold start"): prom-client
 * at the first scrape, undici at the first outgoing request, sharp at the first image. `require` gives
 * a CommonJS package synchronously, and Node's module cache keeps the one copy; the callers import
 * its types as types only. In config/, the one layer that server/, platform/ and storage/ may all
 * import.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A function that answers the package `name`, loading it at its first call. */
export function lazyPackage<T>(name: string): () => T {
  return () => require(name) as T;
}

/** The path of the package `name`'s main file, without loading it (for a worker that loads it itself). */
export function packagePath(name: string): string {
  return require.resolve(name);
}
