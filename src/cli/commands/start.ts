/** `parley start`: runs the server in the foreground until it is shut down (SIGINT, SIGTERM). */
import { ConfigError, loadConfig, LOG_LEVELS } from '../../config/config.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE, isStartFailureCode } from '../cli-error.js';
import { parseCommandArgs, type Command, type ServerModule } from '../command.js';
import { readWorldFile } from './world.js';

// Not a control route: the server's own configuration.
const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  data: { type: 'string' },
  profile: { type: 'string' },
  'admin-token': { type: 'string' },
  'log-level': { type: 'string' },
  'log-requests': { type: 'string' },
  'gateway-path': { type: 'string' },
  'gateway-always-200': { type: 'boolean' },
  'flood-control': { type: 'string' },
  'flood-chat-per-second': { type: 'string' },
  'flood-chat-burst': { type: 'string' },
  'flood-group-per-minute': { type: 'string' },
  'flood-global-per-second': { type: 'string' },
  'max-connections-per-client': { type: 'string' },
  'request-timeout': { type: 'string' },
  'metrics-port': { type: 'string' },
  'inspector-token': { type: 'string' },
  'max-workspaces': { type: 'string' },
  'timeline-max': { type: 'string' },
  'workspace-idle-timeout': { type: 'string' },
  'public-url': { type: 'string' },
  import: { type: 'string' },
} as const;

export const startCommand: Command = {
  name: 'start',
  summary: 'run the server (Bot API and control API)',
  help: `Usage: parley start [--host H] [--port P] [--data PATH|:memory:] [--profile local|strict]
                    [--admin-token T] [--log-level L] [--log-requests on|off]
                    [--gateway-path P] [--gateway-always-200]
                    [--flood-control on|off] [--flood-chat-per-second N] [--flood-chat-burst N]
                    [--flood-group-per-minute N] [--flood-global-per-second N]
                    [--max-connections-per-client N] [--request-timeout S]
                    [--metrics-port P] [--inspector-token on|off]
                    [--max-workspaces N] [--workspace-idle-timeout S] [--public-url URL]
                    [--timeline-max N] [--import FILE]

Runs the server until it receives SIGINT or SIGTERM, then shuts it down gracefully.
Flags win over environment variables, which win over defaults.

Options:
  --host H             the address to listen on (env PARLEY_HOST; default 127.0.0.1)
  --port P             the port, 0 for any free one (env PARLEY_PORT; default 8081)
  --data PATH          the data directory, or :memory: for a throwaway store
                       (env PARLEY_DATA; default ./data); owner-only (0700, files 0600), and
                       one server at a time; or postgres://user@host/db[?schema=name], which
                       several servers (nodes) may share, with uploads in PARLEY_FILES
                       (default ./data/files), a folder the nodes share
  --profile P          local (clock control allowed) or strict (env PARLEY_PROFILE; default local)
  --admin-token T      the control API's admin token, at least 16 characters (env
                       PARLEY_ADMIN_TOKEN; default: generated and written to <data>/admin-token,
                       or with :memory: printed, in the line to paste for the CLI)
  --log-level L        ${LOG_LEVELS.join(', ')} (env PARLEY_LOG_LEVEL; default info);
                       JSON lines on stdout, without tokens
  --log-requests on|off
                       at info, one line per request: surface, method, status, ms and a
                       failure's error text (env PARLEY_LOG_REQUESTS; default on)
  --gateway-path P     where the Verification Gateway is served (env PARLEY_GATEWAY_PATH;
                       default /gateway)
  --gateway-always-200 gateway errors answer HTTP 200 with ok:false instead of their status
                       (env PARLEY_GATEWAY_ALWAYS_200=true)
  --flood-control on|off
                       answer bots' sends over the limits with 429 (env PARLEY_FLOOD_CONTROL;
                       default on in the strict profile, off in local)
  --flood-chat-per-second N    messages per second into one chat (default 1)
  --flood-chat-burst N         messages one chat takes at once (default 5)
  --flood-group-per-minute N   messages per minute into one group (default 20)
  --flood-global-per-second N  messages per second across all chats of a bot (default 30)
                       (env PARLEY_FLOOD_CHAT_PER_SECOND, _CHAT_BURST, _GROUP_PER_MINUTE,
                       _GLOBAL_PER_SECOND)
  --max-connections-per-client N
                       open connections one client address may hold; more are answered 503
                       (env PARLEY_MAX_CONNECTIONS_PER_CLIENT; 0 for no cap; default 0 in
                       local, 256 in strict)
  --request-timeout S  seconds for a whole request (headers and body) to arrive, else 408 and
                       the connection closes (env PARLEY_REQUEST_TIMEOUT; default 30, 0 for none)
  --metrics-port P     also serve GET /metrics on this port of the same host, without the admin
                       token (env PARLEY_METRICS_PORT; default: none, /metrics on the main port
                       needs the admin token)
  --inspector-token on|off
                       in the local profile, hand the admin token to the inspector page on
                       loopback (GET /web/api/inspector/token), which any local process can
                       also ask; off on a shared machine (env PARLEY_INSPECTOR_TOKEN; default on)
  --max-workspaces N   workspaces (/w/NAME/) the server may hold; creating one more is refused
                       (env PARLEY_MAX_WORKSPACES; default 50, 0 for no cap)
  --timeline-max N     timeline events kept per workspace, the newest (and none older than 7 days
                       of virtual time); 0 records none (env PARLEY_TIMELINE_MAX; default 10000)
  --workspace-idle-timeout S
                       seconds after its last request before a workspace's storage and workers
                       close; the next request reopens it, and due work (webhook retries,
                       gateway jobs) wakes it (env PARLEY_WORKSPACE_IDLE_TIMEOUT; default 300,
                       0 for never)
  --import FILE        before listening, create the world of this world file (JSON or YAML, as
                       "parley world export" writes it); a file with problems stops the start
                       with them (WORLD_INVALID), as does one that clashes with the data already
                       there: for a fresh data folder or :memory:
  --public-url URL     where people open invite links: links are URL/+HASH, for a web client of
                       your own (env PARLEY_PUBLIC_URL; default https://t.me, the reference's
                       form); a person joins by a link in either form

Once it listens it prints where each surface is and a line to paste into another shell, so that
parley commands there find this server: export PARLEY_URL=... PARLEY_DATA=<data folder>, or with
:memory: (which writes no file) export PARLEY_URL=... PARLEY_ADMIN_TOKEN=<the generated token>.

Exit codes: 0 stopped by SIGINT or SIGTERM; 1 could not start (and left the data folder as it
found it), said in one line on stderr ending in one of these codes:
  DATA_FOLDER_LOCKED   another server uses the data folder (its pid is named)
  DATABASE_UNAVAILABLE the PostgreSQL database could not be reached or used (its answer is named)
  EADDRINUSE           the port is in use
  EACCES               the port is not allowed to this user
  EADDRNOTAVAIL        the host is not an address of this machine
  WORLD_INVALID        the --import file has problems (each listed with its line and field)
2 an invalid option or configuration (USAGE_ERROR, CONFIG_INVALID).`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, OPTIONS);
    let config;
    try {
      config = loadConfig(
        {
          host: values.host,
          port: values.port,
          data: values.data,
          profile: values.profile,
          adminToken: values['admin-token'],
          logLevel: values['log-level'],
          logRequests: values['log-requests'],
          gatewayPath: values['gateway-path'],
          gatewayAlways200: values['gateway-always-200'],
          floodControl: values['flood-control'],
          floodChatPerSecond: values['flood-chat-per-second'],
          floodChatBurst: values['flood-chat-burst'],
          floodGroupPerMinute: values['flood-group-per-minute'],
          floodGlobalPerSecond: values['flood-global-per-second'],
          maxConnectionsPerClient: values['max-connections-per-client'],
          requestTimeout: values['request-timeout'],
          metricsPort: values['metrics-port'],
          inspectorToken: values['inspector-token'],
          maxWorkspaces: values['max-workspaces'],
          timelineMax: values['timeline-max'],
          workspaceIdleTimeout: values['workspace-idle-timeout'],
          publicUrl: values['public-url'],
        },
        ctx.env,
      );
    } catch (error) {
      if (error instanceof ConfigError) throw new CliError(error.message, 'CONFIG_INVALID', EXIT_USAGE);
      throw error;
    }
    const world =
      values.import === undefined
        ? undefined
        : { file: values.import, text: await readWorldFile(values.import, ctx, this.name) };
    const { runServer } = await (ctx.loadServer ?? importServer)();
    try {
      await runServer(config, world ? { world } : {});
    } catch (error) {
      // The foreseen failures: the server's message is the whole line (no usage hint, no stack).
      const code = (error as { code?: unknown } | undefined)?.code;
      if (error instanceof Error && isStartFailureCode(code)) {
        throw new CliError(error.message, code, EXIT_FAILURE);
      }
      throw error;
    }
    return 0;
  },
};

/**
 * Loaded only here, when the server is started, so that client commands neither pay for nor need the
 * server's dependencies (native SQLite among them).
 */
async function importServer(): Promise<ServerModule> {
  return import('../../server/run.js');
}
