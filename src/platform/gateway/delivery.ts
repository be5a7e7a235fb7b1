/**
 * How a verification message travels (ADR 0011): it is stored in the person's service chat (a private
 * chat with the service account "Verification Codes"), reaches their online devices, and its delivery
 * status moves as they acknowledge it:
 *
 *   sent --receipt--> delivered --read--> read
 *   sent --read (control API, on an online device)--> read
 *   sent --ttl passes--> expired (message removed, fee refunded)       [only when ttl was given]
 *   sent --revokeVerificationMessage--> revoked (message removed, no refund)
 *   delivered, read, expired, revoked: revoke and ttl change nothing.
 *
 * Verification status: (none) -> code_invalid -> ... -> code_valid | code_max_attempts_exceeded;
 * any non-final one -> expired when the code's lifetime (ttl, else 600 s) ends or the message is
 * revoked or expires.
 *
 * Timed steps (receipt, read, expire) are durable jobs. A job's effects are stamped with the time it
 * was due, not the time it ran, so a clock moved far ahead replays them in their true order. Steps
 * already due when a message is sent (an online device without a receipt delay) are done in the
 * send's own transaction instead, with the same effects and reports (ADR 0015). Every change of a
 * request with a callback_url queues one delivery report with the RequestStatus as of that change.
 */
import type { Accounts } from './accounts.js';
import { GatewayError } from './gateway-error.js';
import { JobSignal } from './job-signal.js';
import { isVerificationFinal, renderStatus } from './request-status.js';
import type { Chats } from '../chats/chats.js';
import type { Devices } from '../users/devices.js';
import type { Messages } from '../messages/messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { MessageContent } from '../core/wire-types.js';
import type { DeviceRow, GatewayJobRow, VerificationRequestRow } from '../../storage/gateway-store.js';
import type { ChatRow, MessageRow, UserRow } from '../../storage/store.js';
import type { GatewayTx } from '../core/store-ports.js';
import type { ChatsReader, ChatsWriter } from '../../storage/ports/chats.js';
import type { UsersReader, UsersWriter } from '../../storage/ports/users.js';
import type { MessagesWriter } from '../../storage/ports/messages.js';
import type { TopicsWriter } from '../../storage/ports/topics.js';

/** The service account that verification messages come from (the reference platform's id). */
export const SERVICE_USER_ID = 489_000;
export const SERVICE_USER_NAME = 'Verification Codes';
/** Code lifetime without ttl: 10 minutes (reference §5-6, NIST 800-63B). */
export const DEFAULT_CODE_LIFETIME_SECONDS = 600;
/** Wrong codes allowed per request; the last one makes it code_max_attempts_exceeded (reference §6). */
export const MAX_CODE_ATTEMPTS = 5;

const CODE_PREFIX = 'Your verification code: ';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The message a person receives; `_verification` links it to its request and is never rendered. */
export function verificationContent(code: string, requestId: string, sender?: ChatRow): MessageContent {
  const content: MessageContent = {
    text: `${CODE_PREFIX}${code}\n\nDo not give this code to anyone.`,
    entities: [{ type: 'code', offset: CODE_PREFIX.length, length: code.length }],
  };
  if (sender) {
    const chat: Record<string, unknown> = { id: sender.id, type: 'channel' };
    if (sender.title) chat.title = sender.title;
    if (sender.username) chat.username = sender.username;
    content.sender_chat = chat;
  }
  content._verification = requestId;
  return content;
}

/** The code shown in a verification message (its `code` entity). */
export function codeOfMessage(content: MessageContent): string | undefined {
  const entity = content.entities?.find((e) => e.type === 'code');
  return entity && content.text?.slice(entity.offset, entity.offset + entity.length);
}

/**
 * When the code of a request expired, if it has by `nowMs` and its verification status does not
 * show it yet (a request without an expiry job, before settle() wrote it): what readers that do not
 * settle show meanwhile.
 */
export function codeExpiredAt(row: VerificationRequestRow, nowMs: number): number | undefined {
  if (row.code_hash === null || row.code_expires_at === null || row.code_expires_at > nowMs) return undefined;
  return isVerificationFinal(row.verification_status) ? undefined : row.code_expires_at;
}

export class Delivery {
  /** Tells the operator's inspector, after the commit, that requests changed status. */
  readonly #changed: JobSignal;

  constructor(
    private readonly deps: PlatformDeps,
    private readonly chats: Chats,
    private readonly messages: Messages,
    private readonly devices: Devices,
    private readonly accounts: Accounts,
    private readonly jobs: JobSignal,
  ) {
    this.#changed = new JobSignal(deps.store, deps.bus, 'gateway.requests.changed');
    devices.whenOnline(async (tx, userId, atMs) => {
      for (const row of await tx.gateway.listUndeliveredRequests(userId))
        await this.#planReceipt(tx, row, atMs);
    });
  }

  /** The service account, created on first use. */
  async serviceUser(tx: UsersReader & UsersWriter): Promise<UserRow> {
    const existing = await tx.getUser(SERVICE_USER_ID);
    if (existing) return existing;
    const row: UserRow = {
      id: SERVICE_USER_ID,
      is_bot: false,
      first_name: SERVICE_USER_NAME,
      last_name: null,
      username: null,
      phone_number: null,
      language_code: null,
      created_at: this.deps.clock.now(),
    };
    await tx.insertUser(row);
    return row;
  }

  /**
   * Sends the message of a request into the person's service chat, in the send's transaction (the
   * caller announces the message after the commit). `row` is the request as sent (delivery_status
   * 'sent', at `nowMs`); `store` writes it, once, as it is after whatever the person's devices do at
   * once: an online device without a receipt delay acknowledges it in this same transaction (and
   * reads it too when its read delay is 0), while later acknowledgements and the code's expiry are
   * planned as jobs. Each change queues its own report, in order, as the timer would have. Answers
   * the request as sent, which is what the send's caller sees.
   */
  async send(
    tx: ChatsReader & ChatsWriter & GatewayTx & MessagesWriter & TopicsWriter & UsersReader & UsersWriter,
    row: VerificationRequestRow,
    person: UserRow,
    code: string,
    sender: ChatRow | undefined,
    nowMs: number,
    store: (row: VerificationRequestRow) => Promise<void>,
  ): Promise<{ row: VerificationRequestRow; chat: ChatRow; message: MessageRow }> {
    const chat = await this.chats.ensurePrivate(tx, person, await this.serviceUser(tx));
    const message = await this.messages.insertServiceMessage(
      tx,
      chat,
      SERVICE_USER_ID,
      verificationContent(code, row.request_id, sender),
    );
    const sent = { ...row, chat_pk: chat.pk, message_id: message.message_id };
    // The states the request goes through now; a step that is not due yet becomes a job.
    const states = [sent];
    let receiptJob: { runAt: number; deviceId: number } | undefined;
    let readAt: number | undefined;
    const device = await this.#firstReceiver(tx, row.user_id);
    if (device) {
      const receiptAt = nowMs + device.receipt_delay * 1000;
      if (receiptAt > nowMs) receiptJob = { runAt: receiptAt, deviceId: device.id };
      else {
        states.push({ ...sent, delivery_status: 'delivered', delivery_updated_at: seconds(receiptAt) });
        const readsAt = device.read_delay === null ? undefined : receiptAt + device.read_delay * 1000;
        if (readsAt === undefined || readsAt > nowMs) readAt = readsAt;
        else states.push({ ...sent, delivery_status: 'read', delivery_updated_at: seconds(readsAt) });
      }
    }
    await store(states.at(-1)!);
    for (const state of states) await this.#queueReport(tx, state);
    // Jobs in the order the timer would have made them: a read job only once the receipt had run.
    if (receiptJob)
      await this.#insertJob(tx, 'receipt', row.request_id, receiptJob.runAt, receiptJob.deviceId);
    // The code's expiry needs a job only when it does something nobody asked for: the ttl's refund
    // and removal, or a report. Otherwise it changes the row alone, and settle() applies it when the
    // request is next read (ADR 0015): one row and one worker wake-up fewer per send.
    if (row.ttl !== null || row.callback_url !== null)
      await this.#insertJob(tx, 'expire', row.request_id, row.code_expires_at ?? nowMs);
    if (readAt !== undefined) await this.#insertJob(tx, 'read', row.request_id, readAt);
    return { row: sent, chat, message };
  }

  /**
   * Runs the request's timed jobs that are due by `nowMs`, in order, then the code's expiry if it has
   * passed without a job (a request without ttl or callback_url); answers the request as it is then.
   */
  async settle(tx: GatewayTx, requestId: string, nowMs: number): Promise<VerificationRequestRow | undefined> {
    for (;;) {
      // Listed again after each job: a job may plan another one that is due already.
      const [next] = (await tx.gateway.listJobs(requestId))
        .filter((job) => job.kind !== 'report' && job.run_at <= nowMs)
        .sort((a, b) => a.run_at - b.run_at || a.id - b.id);
      if (!next) break;
      await this.runTimedJob(tx, next);
    }
    const row = await tx.gateway.getRequest(requestId);
    // Without ttl the expiry touches only the verification status, so its order among the delivery
    // jobs (which touch only the delivery status) does not matter.
    if (row && codeExpiredAt(row, nowMs) !== undefined)
      return this.#change(tx, row, this.#expireCode(row, row.code_expires_at!));
    return row;
  }

  /** Does one timed job and deletes it. Each is a no-op when the request has moved on. */
  async runTimedJob(tx: GatewayTx, job: GatewayJobRow): Promise<void> {
    await tx.gateway.deleteJob(job.id);
    const row = await tx.gateway.getRequest(job.request_id);
    if (!row) return;
    if (job.kind === 'expire') await this.#expire(tx, row, job.run_at);
    else if (job.kind === 'receipt') await this.#receipt(tx, row, job);
    else if (job.kind === 'read' && row.delivery_status === 'delivered') {
      await this.#change(tx, row, { delivery_status: 'read', delivery_updated_at: seconds(job.run_at) });
    }
  }

  /** Checks an entered code (its keyed hash, made before the transaction) against the request. */
  async enterCode(
    tx: GatewayTx,
    row: VerificationRequestRow,
    code: string,
    matches: boolean,
    nowMs: number,
  ): Promise<VerificationRequestRow> {
    // A request without a message has no code; a final status stays as it is (a code is used once).
    if (row.code_hash === null || isVerificationFinal(row.verification_status)) return row;
    const attempts = matches ? row.attempts : row.attempts + 1;
    const status = matches
      ? 'code_valid'
      : attempts >= MAX_CODE_ATTEMPTS
        ? 'code_max_attempts_exceeded'
        : 'code_invalid';
    return this.#change(tx, row, {
      attempts,
      verification_status: status,
      verification_updated_at: seconds(nowMs),
      code_entered: code,
    });
  }

  /** revokeVerificationMessage: only a message not yet delivered is removed (spec §3 rule 1). */
  async revoke(tx: GatewayTx, row: VerificationRequestRow, nowMs: number): Promise<void> {
    if (row.delivery_status !== 'sent') return;
    await this.#removeMessage(tx, row);
    await this.#change(tx, row, {
      delivery_status: 'revoked',
      delivery_updated_at: seconds(nowMs),
      ...this.#expireCode(row, nowMs),
    });
  }

  /** The person reads the message on an online device (control API). */
  async markRead(tx: GatewayTx, row: VerificationRequestRow, nowMs: number): Promise<VerificationRequestRow> {
    if (row.delivery_status === 'read') return row;
    if (row.delivery_status === 'expired' || row.delivery_status === 'revoked') {
      throw new GatewayError('VERIFICATION_MESSAGE_GONE', `the message was ${row.delivery_status}`);
    }
    if (row.delivery_status === 'sent') {
      const online = (await this.devices.ofUser(tx, row.user_id)).some((device) => device.online);
      if (!online)
        throw new GatewayError('NO_ONLINE_DEVICE', 'the person has no online device to read it on');
    }
    return this.#change(tx, row, { delivery_status: 'read', delivery_updated_at: seconds(nowMs) });
  }

  async #expire(tx: GatewayTx, row: VerificationRequestRow, atMs: number): Promise<void> {
    const patch: Partial<VerificationRequestRow> = this.#expireCode(row, atMs);
    // The ttl rule (spec §3 rules 2-3): undelivered within ttl -> expired and refunded.
    if (row.ttl !== null && row.delivery_status === 'sent') {
      await this.#removeMessage(tx, row);
      patch.delivery_status = 'expired';
      patch.delivery_updated_at = seconds(atMs);
      if (row.cost > 0 && !row.is_refunded) {
        await this.accounts.refund(tx, row.account_id, row.cost, row.request_id);
        patch.is_refunded = true;
      }
    }
    if (Object.keys(patch).length > 0) await this.#change(tx, row, patch);
  }

  #expireCode(row: VerificationRequestRow, atMs: number): Partial<VerificationRequestRow> {
    if (row.code_hash === null || isVerificationFinal(row.verification_status)) return {};
    return { verification_status: 'expired', verification_updated_at: seconds(atMs) };
  }

  async #receipt(tx: GatewayTx, row: VerificationRequestRow, job: GatewayJobRow): Promise<void> {
    if (row.delivery_status !== 'sent') return;
    const device = job.device_id === null ? undefined : await tx.gateway.getDevice(job.device_id);
    if (!device?.online) {
      // That device went offline meanwhile: another online one may still receive it.
      await this.#planReceipt(tx, row, job.run_at);
      return;
    }
    await this.#change(tx, row, { delivery_status: 'delivered', delivery_updated_at: seconds(job.run_at) });
    if (device.read_delay !== null) {
      await this.#insertJob(tx, 'read', row.request_id, job.run_at + device.read_delay * 1000);
    }
  }

  /** The receipt by the online device that acknowledges first, unless one is planned already. */
  async #planReceipt(tx: GatewayTx, row: VerificationRequestRow, fromMs: number): Promise<void> {
    const jobs = await tx.gateway.listJobs(row.request_id);
    if (jobs.some((job) => job.kind === 'receipt')) return;
    const first = await this.#firstReceiver(tx, row.user_id);
    if (!first) return;
    await this.#insertJob(tx, 'receipt', row.request_id, fromMs + first.receipt_delay * 1000, first.id);
  }

  /** The person's online device that acknowledges first (the oldest of equals), if any is online. */
  async #firstReceiver(tx: GatewayTx, userId: number): Promise<DeviceRow | undefined> {
    const online = (await this.devices.ofUser(tx, userId)).filter((device) => device.online);
    if (online.length === 0) return undefined;
    return online.reduce((a, b) => (b.receipt_delay < a.receipt_delay ? b : a));
  }

  async #removeMessage(tx: GatewayTx, row: VerificationRequestRow): Promise<void> {
    if (row.chat_pk !== null && row.message_id !== null) {
      await tx.gateway.deleteMessage(row.chat_pk, row.message_id);
    }
  }

  /** Writes a change and queues its report. */
  async #change(
    tx: GatewayTx,
    row: VerificationRequestRow,
    patch: Partial<VerificationRequestRow>,
  ): Promise<VerificationRequestRow> {
    const next = { ...row, ...patch };
    await tx.gateway.updateRequest(row.request_id, patch);
    this.#changed.queued();
    await this.#queueReport(tx, next);
    return next;
  }

  async #queueReport(tx: GatewayTx, row: VerificationRequestRow): Promise<void> {
    if (row.callback_url === null) return;
    const nowMs = this.deps.clock.nowMs();
    await tx.gateway.insertJob({
      kind: 'report',
      request_id: row.request_id,
      run_at: nowMs,
      attempts: 0,
      body: JSON.stringify(renderStatus(row)),
      device_id: null,
      created_at: nowMs,
    });
    this.jobs.queued();
  }

  async #insertJob(
    tx: GatewayTx,
    kind: GatewayJobRow['kind'],
    requestId: string,
    runAt: number,
    deviceId: number | null = null,
  ): Promise<void> {
    await tx.gateway.insertJob({
      kind,
      request_id: requestId,
      run_at: runAt,
      attempts: 0,
      body: null,
      device_id: deviceId,
      created_at: this.deps.clock.nowMs(),
    });
    this.jobs.queued();
  }
}
