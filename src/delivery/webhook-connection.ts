/**
 * A bot's webhook as the delivery worker reaches it: the request target, its secret header and basic
 * credentials, and a pool of connections to its origin that, in `strict`, checks the address each
 * connection really reaches (platform/net/outbound-connector.ts). And how a failed attempt is named
 * in getWebhookInfo's last_error_message (reference §4.2).
 */
import { Pool } from 'undici';
import { outboundConnector, type HostLookup } from '../platform/net/outbound-connector.js';
import type { Profile } from '../config/config.js';
import type { BotRow } from '../storage/store.js';

const TIMEOUT_MS = 60_000;

export interface Target {
  /** The request target: path and query of the URL. */
  path: string;
  secret: string | null;
  maxConnections: number;
  /** Connections to the webhook's origin (one origin: a Pool, without an Agent's lookup per call). */
  pool: Pool;
  authorization: string | undefined;
}

export function describeFailure(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT') {
    return 'Read timeout expired';
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'Connection reset by peer';
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL')) {
    return `SSL error: ${(error as Error).message}`;
  }
  return (error as Error).message || 'Connection failed';
}

/** The target of a bot's webhook (`webhook_url` set). */
export function webhookTarget(bot: BotRow, profile: Profile, lookup: HostLookup | undefined): Target {
  const url = new URL(/^[a-z]+:\/\//i.test(bot.webhook_url) ? bot.webhook_url : `https://${bot.webhook_url}`);
  let authorization: string | undefined;
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  // In `strict`, each new connection checks the address it connects to (DNS may have changed since
  // setWebhook); a refusal fails the attempt like any connect error.
  const connect = outboundConnector({
    profile,
    lookup,
    fixedIp: bot.webhook_ip_fixed && bot.webhook_ip_address ? bot.webhook_ip_address : undefined,
    ca: bot.webhook_certificate || undefined,
  });
  return {
    path: `${url.pathname}${url.search}`,
    secret: bot.webhook_secret,
    maxConnections: bot.webhook_max_connections,
    authorization,
    pool: new Pool(url.origin, {
      connections: bot.webhook_max_connections,
      pipelining: 1,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      connect,
    }),
  };
}
