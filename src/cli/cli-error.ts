/**
 * Errors the CLI raises itself, next to the control API's own codes it passes through. Each has a stable
 * code, printed as `parley: <message> (<CODE>)`, and an exit code: scripts rely on both.
 *
 * | code                  | exit | when                                                          |
 * |-----------------------|------|---------------------------------------------------------------|
 * | `USAGE_ERROR`         | 2    | unknown command or option, missing or malformed argument      |
 * | `CONFIG_INVALID`      | 2    | `start`: the server configuration is invalid                  |
 * | `SERVER_URL_INVALID`  | 2    | `--server` / `PARLEY_URL` is not an http(s) server root URL   |
 * | `ADMIN_TOKEN_MISSING` | 2    | no `--admin-token`, no `PARLEY_ADMIN_TOKEN`, no token file    |
 * | `SERVER_UNREACHABLE`  | 1    | the request did not reach the server or got no answer         |
 * | `ADMIN_TOKEN_INVALID` | 1    | the server's code, re-raised to say where the token came from |
 * | `DATA_FOLDER_LOCKED`  | 1    | `start`: another server uses the data folder (its pid named)  |
 * | `EADDRINUSE`          | 1    | `start`: the port is in use                                   |
 * | `EACCES`              | 1    | `start`: the port is not allowed to this user (below 1024)    |
 * | `EADDRNOTAVAIL`       | 1    | `start`: `--host` is not an address of this machine           |
 * | `WORLD_INVALID`       | 1    | `start --import`: the world file has problems (each listed)   |
 *
 * Every other error code printed is the server's (docs/control-api.md), with exit code 1, or for
 * what nobody foresaw, Node's errno code or `INTERNAL_ERROR`.
 */
export type CliErrorCode =
  | 'USAGE_ERROR'
  | 'CONFIG_INVALID'
  | 'SERVER_URL_INVALID'
  | 'WORKSPACE_NAME_INVALID'
  | 'ADMIN_TOKEN_MISSING'
  | 'SERVER_UNREACHABLE'
  | 'ADMIN_TOKEN_INVALID'
  | StartFailureCode;

/**
 * Why `parley start` could not start (src/server/run.ts, data-lock.ts): the server says what in one
 * line, and nothing was left behind; exit code 1.
 */
export const START_FAILURE_CODES = [
  'DATA_FOLDER_LOCKED',
  'DATABASE_UNAVAILABLE',
  'EADDRINUSE',
  'EACCES',
  'EADDRNOTAVAIL',
  'WORLD_INVALID',
] as const;
export type StartFailureCode = (typeof START_FAILURE_CODES)[number];

export function isStartFailureCode(code: unknown): code is StartFailureCode {
  return START_FAILURE_CODES.some((known) => known === code);
}

/** Exit codes of the `parley` command. */
export const EXIT_OK = 0;
/** The operation failed: an error answer of the server (a wait that timed out included), or no answer. */
export const EXIT_FAILURE = 1;
/** The command line or the configuration is wrong; nothing was attempted. */
export const EXIT_USAGE = 2;

export class CliError extends Error {
  override readonly name = 'CliError';

  constructor(
    message: string,
    readonly code: CliErrorCode,
    readonly exitCode: number,
    /** The command whose help the error message points to (`''` for the general help). */
    readonly helpTopic?: string,
  ) {
    super(message);
  }
}

export function usageError(message: string, helpTopic = ''): CliError {
  return new CliError(message, 'USAGE_ERROR', EXIT_USAGE, helpTopic);
}
