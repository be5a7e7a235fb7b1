/**
 * The methods of the Bot API (the declared table, ADR 0070) that Parley does not implement yet: a
 * call to one answers 501 with a description that names it, never a silent success.
 */
import { DECLARED_METHOD_NAMES } from '../declared/method-declarations.js';
import { METHOD_TABLE } from './index.js';

/** Lower-cased name -> canonical name, for the methods of the spec not in the method table. */
export const NOT_SUPPORTED_METHODS: ReadonlyMap<string, string> = new Map(
  DECLARED_METHOD_NAMES.filter((name) => !METHOD_TABLE.has(name.toLowerCase())).map((name) => [
    name.toLowerCase(),
    name,
  ]),
);
