/** A flag or environment variable that cannot be used; `parley start` prints its message and exits 1. */
export class ConfigError extends Error {}

/** `local` behaves like the self-hosted reference server, `strict` like the hosted platform. */
export type Profile = 'local' | 'strict';
