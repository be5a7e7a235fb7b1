/**
 * What `parley start` prints once it listens: where each surface is, where the admin token is, and a
 * line to paste into another shell so that the `parley` CLI there finds this server and its token
 * (the CLI reads PARLEY_URL, PARLEY_ADMIN_TOKEN and PARLEY_DATA; src/cli/resolve-server.ts).
 *
 * The token itself is printed only when it exists nowhere else: a generated token of a `:memory:`
 * server, which is gone when the server stops. That is the terminal of the person who started the
 * server, as Jupyter prints its token. A data folder's token stays in its 0600 file, and the line
 * names the folder instead; a token given by flag or environment is the giver's to pass on.
 */

/** How the CLI gets the admin token of this server. */
export type AdminTokenSource =
  | { kind: 'file'; file: string; dataDir: string }
  | { kind: 'printed'; token: string }
  /** Kept in a database that several nodes share (PostgreSQL): every node prints the same. */
  | { kind: 'shared'; token: string }
  | { kind: 'given' };

export interface ReadyInfo {
  profile: string;
  /** The data location as given (`./data`, `:memory:`). */
  data: string;
  /** The server's root URL, `http://127.0.0.1:8081`. */
  address: string;
  gatewayPath: string;
  admin: AdminTokenSource;
}

export function readyMessage({ profile, data, address, gatewayPath, admin }: ReadyInfo): string {
  const token =
    admin.kind === 'file'
      ? admin.file
      : admin.kind === 'printed'
        ? 'in the line below; kept in memory only, gone when the server stops'
        : admin.kind === 'shared'
          ? 'in the line below; kept in the database, the same on every node'
          : 'given by --admin-token or PARLEY_ADMIN_TOKEN';
  const exports = [`PARLEY_URL=${shellQuote(address)}`];
  if (admin.kind === 'file') exports.push(`PARLEY_DATA=${shellQuote(admin.dataDir)}`);
  if (admin.kind === 'printed' || admin.kind === 'shared')
    exports.push(`PARLEY_ADMIN_TOKEN=${shellQuote(admin.token)}`);
  const given = admin.kind === 'given' ? ' and PARLEY_ADMIN_TOKEN as given' : '';
  return [
    `Parley is ready (profile ${profile}, data ${data})`,
    `  Bot API:     ${address}/bot<token>/<method>`,
    `  Gateway:     ${address}${gatewayPath}/<method>`,
    `  Control API: ${address}/control`,
    `  Web client:  ${address}/web/`,
    `  Admin token: ${token}`,
    `For the parley CLI in another shell${given}:`,
    `  export ${exports.join(' ')}`,
  ].join('\n');
}

/** A word the shell reads back as `value`: as it is when it is plain, else in single quotes. */
export function shellQuote(value: string): string {
  if (/^[\w@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
