/**
 * `parley start`: runs the server until SIGINT or SIGTERM, then stops gracefully (in-flight requests
 * finish, workers stop, the database closes).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_GATEWAY_PATH, type Config } from '../config/config.js';
import { cryptoRandom } from '../platform/random.js';
import { createParley } from './app.js';

/**
 * The admin token: the configured one, or the one generated earlier for this data location, or a new
 * one. A generated token is written to `<data>/admin-token` (mode 0600), where the CLI finds it.
 */
export function resolveAdminToken(config: Config): { token: string; file: string | undefined } {
  if (config.adminToken !== undefined) return { token: config.adminToken, file: undefined };
  const dir =
    config.storage.kind === 'sqlite' ? config.storage.dataDir : path.join(tmpdir(), `parley-${process.pid}`);
  const file = path.join(dir, 'admin-token');
  if (config.storage.kind === 'sqlite' && existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (token.length >= 16) return { token, file };
  }
  mkdirSync(dir, { recursive: true });
  const token = cryptoRandom.token(40);
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { token, file };
}

export async function runServer(config: Config): Promise<void> {
  const { token, file } = resolveAdminToken(config);
  const parley = await createParley({ config, adminToken: token });
  const address = await parley.app.listen({ host: config.host, port: config.port });
  parley.startWorkers();

  const root = address.replace('://[::1]', '://[::1]');
  const lines = [
    `Parley is ready (profile ${config.profile}, data ${config.data})`,
    `  Bot API:     ${root}/bot<token>/<method>`,
    `  Gateway:     ${root}${config.gatewayPath ?? DEFAULT_GATEWAY_PATH}/<method>`,
    `  Control API: ${root}/control`,
    `  Admin token: ${file ?? 'given by --admin-token or PARLEY_ADMIN_TOKEN'}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      parley.app.log.info({ signal }, 'stopping');
      parley
        .close()
        .catch((error: unknown) => parley.app.log.error({ err: error }, 'error while stopping'))
        .finally(() => {
          process.off('SIGINT', onInt);
          process.off('SIGTERM', onTerm);
          resolve();
        });
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
  process.stdout.write('Parley stopped\n');
}
