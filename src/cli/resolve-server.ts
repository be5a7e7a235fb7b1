/**
 * How client commands find the server and its admin token, so that against a local server started with
 * defaults no flag is needed:
 *
 * - URL: `--server`, else `PARLEY_URL`, else `http://127.0.0.1:8081`.
 * - Admin token: `--admin-token`, else `PARLEY_ADMIN_TOKEN`, else the file `<data>/admin-token` that a
 *   server without a configured token writes its generated one to, where data is `--data`, else
 *   `PARLEY_DATA`, else `./data` (the server's own default).
 *
 * A server on `:memory:` writes no token file anywhere (a file outliving a throwaway server, in a
 * place no other command knows, is what a first user tripped over): `parley start` prints the line
 * `export PARLEY_URL=... PARLEY_ADMIN_TOKEN=...` to paste instead, and for a data folder
 * `export PARLEY_URL=... PARLEY_DATA=...`, so that commands in another shell find it either way.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PORT, redactPassword } from '../config/config.js';
import { ControlApiError, ControlClient } from '../testkit/index.js';
import { WORKSPACE_NAME, WORKSPACE_NAME_RULE } from '../wire/control-schema/index.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from './cli-error.js';
import type { CliContext } from './command.js';

export const DEFAULT_SERVER_URL = `http://127.0.0.1:${DEFAULT_PORT}`;

/** The file, inside the data directory, where the server writes a generated admin token. */
export const ADMIN_TOKEN_FILE = 'admin-token';

/** Options every client command accepts, with `--json`. */
export const CLIENT_OPTIONS = {
  server: { type: 'string' },
  'admin-token': { type: 'string' },
  data: { type: 'string' },
  workspace: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export const CLIENT_OPTIONS_HELP = `Connection options (before or after the command: parley --json user get 5):
  --server URL         the server (env PARLEY_URL; default ${DEFAULT_SERVER_URL})
  --admin-token TOKEN  the admin token (env PARLEY_ADMIN_TOKEN; default: the token a local
                       server wrote to <data>/${ADMIN_TOKEN_FILE})
  --data PATH          the data directory of that local server (env PARLEY_DATA; default ./data)
  --workspace NAME     act in this workspace of the server (env PARLEY_WORKSPACE; the server's
                       admin token or the workspace's; "parley workspace --help")
  --json               print the result as JSON
"parley start" prints the line to paste: export PARLEY_URL=... and PARLEY_DATA=... (or, with
--data :memory:, PARLEY_ADMIN_TOKEN=...).`;

export interface ConnectionFlags {
  server?: string | undefined;
  'admin-token'?: string | undefined;
  data?: string | undefined;
  workspace?: string | undefined;
}

export interface ServerTarget {
  url: string;
  adminToken: string;
  /** Where the token came from, for error messages: a flag, a variable or a file path. */
  tokenSource: string;
}

export async function resolveServer(
  flags: ConnectionFlags,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<ServerTarget> {
  const [text, source] =
    flags.server !== undefined
      ? [flags.server, '--server ']
      : nonEmpty(env.PARLEY_URL) !== undefined
        ? [env.PARLEY_URL!, 'PARLEY_URL=']
        : [DEFAULT_SERVER_URL, '--server '];
  const url = inWorkspace(resolveUrl(text, source), flags.workspace ?? nonEmpty(env.PARLEY_WORKSPACE));
  if (flags['admin-token'] !== undefined) {
    return { url, adminToken: flags['admin-token'], tokenSource: '--admin-token' };
  }
  const fromEnv = nonEmpty(env.PARLEY_ADMIN_TOKEN);
  if (fromEnv !== undefined) return { url, adminToken: fromEnv, tokenSource: 'PARLEY_ADMIN_TOKEN' };
  const data = flags.data ?? nonEmpty(env.PARLEY_DATA) ?? './data';
  const file = tokenFile(data, cwd);
  return { url, adminToken: await readToken(file), tokenSource: file };
}

/**
 * The server's root URL, without a trailing slash. The two near misses a first user makes are
 * refused with the value to write instead (`source` names where it goes: `--server ` or
 * `PARLEY_URL=`): a URL without its scheme (`127.0.0.1:8081`) and the control API's URL
 * (`.../control`), which the client would extend to `/control/control/...` (ADR 0067).
 */
function resolveUrl(text: string, source: string): string {
  const invalid = (reason: string) =>
    new CliError(`invalid server URL "${text}"${reason}`, 'SERVER_URL_INVALID', EXIT_USAGE, '');
  if (!text.includes('://') && /^[\w.-]+(:\d+)?(\/.*)?$/.test(text)) {
    throw invalid(`: it needs its scheme, as in ${source}http://${text}`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(': expected http:// or https://');
  }
  const root = text.replace(/\/+$/, '');
  if (/\/control$/i.test(url.pathname.replace(/\/+$/, ''))) {
    throw invalid(
      `: give the server's root URL, without /control: ${source}${root.replace(/\/control$/i, '')}`,
    );
  }
  return root;
}

/** The base URL of workspace `name` of the server at `url` (ADR 0061): `<url>/w/<name>`. */
function inWorkspace(url: string, name: string | undefined): string {
  if (name === undefined) return url;
  if (!WORKSPACE_NAME.test(name)) {
    throw new CliError(
      `invalid workspace name "${name}": ${WORKSPACE_NAME_RULE}`,
      'WORKSPACE_NAME_INVALID',
      EXIT_USAGE,
      '',
    );
  }
  return `${url}/w/${name}`;
}

/** Only a directory holds a token file: an in-memory or a database URL data location has none. */
function tokenFile(data: string, cwd: string): string {
  if (data === ':memory:' || /^[a-z][a-z0-9+.-]*:\/\//i.test(data)) {
    throw missingToken(
      `the data location ${redactPassword(data)} has no token file; pass --admin-token or set PARLEY_ADMIN_TOKEN (a server with --data :memory: prints it in the line "export PARLEY_URL=... PARLEY_ADMIN_TOKEN=..." to paste)`,
    );
  }
  return path.resolve(cwd, data, ADMIN_TOKEN_FILE);
}

async function readToken(file: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : String(error);
    throw missingToken(
      `no admin token: pass --admin-token, set PARLEY_ADMIN_TOKEN, or point --data / PARLEY_DATA to the data directory of a local server (${file}: ${reason}); "parley start" prints the line "export PARLEY_URL=..." to paste`,
    );
  }
  const token = text.trim();
  if (!token) throw missingToken(`no admin token: the token file ${file} is empty`);
  return token;
}

function missingToken(message: string): CliError {
  return new CliError(message, 'ADMIN_TOKEN_MISSING', EXIT_USAGE, '');
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === '' ? undefined : value;
}

/**
 * Runs `use` with a client of the server the flags designate. Failures that only make sense knowing the
 * target (an unreachable URL, a refused token and where it came from) are rephrased here.
 */
export async function withClient<T>(
  flags: ConnectionFlags,
  ctx: CliContext,
  use: (client: ControlClient) => Promise<T>,
): Promise<T> {
  const target = await resolveServer(flags, ctx.env, ctx.cwd);
  const client = new ControlClient({ url: target.url, adminToken: target.adminToken, fetch: ctx.fetch });
  try {
    return await use(client);
  } catch (error) {
    if (error instanceof ControlApiError && error.error === 'ADMIN_TOKEN_INVALID') {
      throw new CliError(
        `${error.description} (the admin token came from ${target.tokenSource})`,
        'ADMIN_TOKEN_INVALID',
        EXIT_FAILURE,
      );
    }
    const cause = networkCause(error);
    if (cause !== undefined) {
      throw new CliError(
        `cannot reach the server at ${target.url}: ${cause}`,
        'SERVER_UNREACHABLE',
        EXIT_FAILURE,
      );
    }
    throw error;
  }
}

/**
 * fetch reports every transport failure as `TypeError: fetch failed` with the reason in `cause` (an
 * AggregateError when several addresses were tried, as for `localhost`).
 */
function networkCause(error: unknown): string | undefined {
  if (!(error instanceof TypeError) || error.message !== 'fetch failed') return undefined;
  let cause: unknown = error.cause;
  if (cause instanceof AggregateError && cause.errors.length > 0) cause = cause.errors[0];
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    const hint = code === 'ECONNREFUSED' ? '; is it running? Start one with "parley start"' : '';
    return `${cause.message}${hint}`;
  }
  return 'fetch failed';
}
