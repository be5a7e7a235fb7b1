/** `parley start`: runs the server in the foreground until it is shut down (SIGINT, SIGTERM). */
import { ConfigError, loadConfig } from '../../config/config.js';
import { CliError, EXIT_USAGE } from '../cli-error.js';
import { parseCommandArgs, type Command, type ServerModule } from '../command.js';

const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  data: { type: 'string' },
  profile: { type: 'string' },
  'admin-token': { type: 'string' },
  'log-level': { type: 'string' },
} as const;

export const startCommand: Command = {
  name: 'start',
  summary: 'run the server (Bot API and control API)',
  help: `Usage: parley start [--host H] [--port P] [--data PATH|:memory:] [--profile local|strict]
                    [--admin-token T] [--log-level L]

Runs the server until it receives SIGINT or SIGTERM, then shuts it down gracefully.
Flags win over environment variables, which win over defaults.

Options:
  --host H             the address to listen on (env PARLEY_HOST; default 127.0.0.1)
  --port P             the port, 0 for any free one (env PARLEY_PORT; default 8081)
  --data PATH          the data directory, or :memory: for a throwaway store
                       (env PARLEY_DATA; default ./data)
  --profile P          local (clock control allowed) or strict (env PARLEY_PROFILE; default local)
  --admin-token T      the control API's admin token, at least 16 characters (env
                       PARLEY_ADMIN_TOKEN; default: generated and written to <data>/admin-token)
  --log-level L        (env PARLEY_LOG_LEVEL; default info)`,
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
        },
        ctx.env,
      );
    } catch (error) {
      if (error instanceof ConfigError) throw new CliError(error.message, 'CONFIG_INVALID', EXIT_USAGE);
      throw error;
    }
    const { runServer } = await (ctx.loadServer ?? importServer)();
    await runServer(config);
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
