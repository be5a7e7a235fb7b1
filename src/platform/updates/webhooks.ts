/**
 * A bot's webhook setting: setWebhook / deleteWebhook / getWebhookInfo semantics of the reference
 * (spec/bot-api.md §4 setWebhook; reference §4.1). Delivery itself is in delivery/webhook-worker.ts.
 */
import type { WebhookInfo } from '../../wire/bot-api-types.js';
import { X509Certificate } from 'node:crypto';
import { PlatformError, RateLimited } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { UPDATE_TYPES, type UpdateQueue } from './update-queue.js';
import { checkTarget, parseWebhookUrl, TargetRejected } from './webhook-target.js';
import type { BotRow } from '../../storage/store.js';

export interface SetWebhookInput {
  url: string;
  /** An uploaded certificate: its size, and its bytes read only once the size is within the limit. */
  certificate?: { size: number; read(): Promise<Buffer> } | undefined;
  ipAddress?: string | undefined;
  maxConnections?: number | undefined;
  allowedUpdates?: string[] | undefined;
  dropPendingUpdates: boolean;
  secretToken?: string | undefined;
}

export const DEFAULT_MAX_CONNECTIONS = 40;
const MAX_CERTIFICATE_SIZE = 3 << 20;

export class Webhooks {
  /** Bot id -> virtual ms of its last non-empty setWebhook (the reference allows one per second). */
  readonly #lastSet = new Map<number, number>();

  constructor(
    private readonly deps: PlatformDeps,
    private readonly updates: UpdateQueue,
  ) {}

  /** Sets (non-empty url) or deletes (empty url) the webhook. Returns the reference's description. */
  async set(botId: number, input: SetWebhookInput): Promise<string> {
    const { store, clock, config } = this.deps;
    const bot = await store.getBot(botId);
    if (!bot) throw new PlatformError('BOT_NOT_FOUND', 'bot not found');
    const deleting = input.url === '';
    const allowedJson =
      input.allowedUpdates === undefined
        ? bot.allowed_updates
        : input.allowedUpdates.length === 0
          ? null
          : JSON.stringify(input.allowedUpdates);

    if (!deleting) {
      const last = this.#lastSet.get(botId);
      if (last !== undefined && clock.nowMs() - last < 1000) throw new RateLimited(1);
    }
    const secret = input.secretToken ?? '';
    const maxConnections = Math.min(100, Math.max(1, input.maxConnections ?? DEFAULT_MAX_CONNECTIONS));
    const ipAddress = input.ipAddress || undefined;
    const unchanged =
      bot.webhook_url === input.url &&
      input.certificate === undefined &&
      !input.dropPendingUpdates &&
      (deleting ||
        ((bot.webhook_secret ?? '') === secret &&
          bot.webhook_max_connections === maxConnections &&
          (bot.webhook_ip_fixed ? bot.webhook_ip_address : undefined) === ipAddress));
    if (unchanged) {
      if (allowedJson !== bot.allowed_updates) {
        await store.write(async (tx) => tx.updateBot(botId, { allowed_updates: allowedJson }));
      }
      return deleting ? 'Webhook is already deleted' : 'Webhook is already set';
    }

    let patch: Partial<BotRow>;
    if (deleting) {
      patch = {
        webhook_url: '',
        webhook_secret: null,
        webhook_ip_address: null,
        webhook_ip_fixed: false,
        webhook_certificate: null,
        webhook_set_at: null,
        webhook_max_connections: DEFAULT_MAX_CONNECTIONS,
        last_error_date: null,
        last_error_message: null,
        allowed_updates: allowedJson,
      };
    } else {
      const url = parseWebhookUrl(input.url);
      if (!url) throw new PlatformError('WEBHOOK_URL_INVALID', 'invalid webhook URL specified');
      if (secret.length > 256) throw new PlatformError('SECRET_TOKEN_TOO_LONG', 'secret token is too long');
      if (!/^[A-Za-z0-9_-]*$/.test(secret))
        throw new PlatformError('SECRET_TOKEN_INVALID', 'secret token contains unallowed characters');
      let certificate: string | null = null;
      if (input.certificate !== undefined) {
        if (input.certificate.size > MAX_CERTIFICATE_SIZE) {
          const bytes = input.certificate.size;
          throw new PlatformError('CERTIFICATE_TOO_BIG', `certificate size is too big (${bytes} bytes)`, {
            bytes,
          });
        }
        const bytes = await input.certificate.read();
        try {
          certificate = new X509Certificate(bytes).toString();
        } catch (error) {
          const reason = (error as Error).message;
          throw new PlatformError(
            'CERTIFICATE_INVALID',
            `bad webhook: Can't create an SSL context: ${reason}`,
            {
              reason,
            },
          );
        }
      }
      let ip: string;
      try {
        ip = (await checkTarget(url, config.profile, ipAddress, this.deps.lookup)).ip;
      } catch (error) {
        if (error instanceof TargetRejected) {
          const reason = error.message;
          throw new PlatformError('WEBHOOK_TARGET_REJECTED', `bad webhook: ${reason}`, { reason });
        }
        throw error;
      }
      patch = {
        webhook_url: input.url,
        webhook_secret: secret === '' ? null : secret,
        webhook_ip_address: ip,
        webhook_ip_fixed: ipAddress !== undefined,
        webhook_certificate: certificate,
        webhook_set_at: clock.now(),
        webhook_max_connections: maxConnections,
        last_error_date: null,
        last_error_message: null,
        allowed_updates: allowedJson,
      };
      this.#lastSet.set(botId, clock.nowMs());
    }
    this.updates.terminatePoll(botId, 'set_webhook');
    await store.write(async (tx) => {
      if (input.dropPendingUpdates) await tx.deleteAllUpdates(botId);
      await tx.updateBot(botId, patch);
    });
    this.deps.bus.emit('webhook.changed', { botId });
    return deleting ? 'Webhook was deleted' : 'Webhook was set';
  }

  /** WebhookInfo with the reference's key order and omissions. */
  async info(botId: number): Promise<WebhookInfo> {
    const { store } = this.deps;
    const bot = await store.getBot(botId);
    if (!bot) throw new PlatformError('BOT_NOT_FOUND', 'bot not found');
    const info: WebhookInfo = {
      url: bot.webhook_url,
      has_custom_certificate: bot.webhook_certificate !== null,
      pending_update_count: await store.countUpdates(botId),
    };
    if (bot.last_error_date !== null) {
      info.last_error_date = bot.last_error_date;
      info.last_error_message = bot.last_error_message ?? '';
    }
    if (bot.webhook_url !== '') {
      info.max_connections = bot.webhook_max_connections;
      info.ip_address = bot.webhook_ip_address ?? '<unknown>';
    }
    if (bot.allowed_updates !== null) {
      const list = JSON.parse(bot.allowed_updates) as string[];
      info.allowed_updates = UPDATE_TYPES.filter((type) => list.includes(type));
    }
    if (bot.last_sync_error_date !== null) info.last_synchronization_error_date = bot.last_sync_error_date;
    return info;
  }

  /** Records a failed delivery for getWebhookInfo. */
  async recordError(botId: number, message: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.store.write(async (tx) =>
      tx.updateBot(botId, { last_error_date: now, last_error_message: message }),
    );
  }
}
