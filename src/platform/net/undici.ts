/**
 * undici, loaded on first use (issue 28, ADR 0094 "cold start"): loading it costs a new process
 * some 100 ms of CPU, and a world that sends no webhook, delivery report or fetch by URL never needs
 * it. It is a CommonJS package, so `require` gives it synchronously (Node's module cache keeps the
 * one copy); its types are imported as types only.
 */
import { createRequire } from 'node:module';
import type * as Undici from 'undici';

const require = createRequire(import.meta.url);

export function undici(): typeof Undici {
  return require('undici') as typeof Undici;
}
