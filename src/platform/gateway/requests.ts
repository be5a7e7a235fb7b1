/**
 * Verification requests: the four operations of the gateway (spec §4) with the billing rules
 * (spec §4 checkSendAbility rules 1-4; reference §5; ADR 0012):
 *
 * - one fee per request_id; checkSendAbility charges in advance and hands out a request_id that one
 *   send may use for free; a second send with it fails (MESSAGE_ALREADY_SENT);
 * - a send without request_id is a new, charged request; the owner's own number is always free;
 * - a call that fails never charges: every check runs before or inside the one transaction that
 *   charges, and the balance check and the debit are one statement in it;
 * - the fee of a message not delivered within its ttl is refunded (delivery.ts).
 *
 * Keyed hashes are computed before a transaction opens (the server key may need a write of its own).
 */
import type { Accounts } from './accounts.js';
import type { SenderChannels } from './channels.js';
import { generateCode, hashCode, codeMatches } from './codes.js';
import { DEFAULT_CODE_LIFETIME_SECONDS, type Delivery } from './delivery.js';
import { GatewayError } from './gateway-error.js';
import { readCode, readPhone, readRequestId, readSendParams, type SendParams } from './params.js';
import { renderStatus, type RequestStatus } from './request-status.js';
import type { ServerKey } from './server-key.js';
import type { Messages } from '../messages/messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { GatewayAccountRow, VerificationRequestRow } from '../../storage/gateway-store.js';
import { UniqueViolation, type UserRow } from '../../storage/store.js';
import type { GatewayTx } from '../core/store-ports.js';

/**
 * request_id: 15 digits not starting with 0, like the reference's (reference §3.5). The store makes
 * them when it can (a keyed permutation of an increasing number, which it finds without an index of
 * random ids: ADR 0015); otherwise they are drawn at random, as a leading digit and 14 more, since
 * Random.int is exact only for spans below 2^48.
 */
function drawRequestId(random: PlatformDeps['random']): string {
  return `${random.int(1, 10)}${String(random.int(0, 10 ** 14)).padStart(14, '0')}`;
}

/** A new request_id was taken (a random one: about one in 10^14 per pair): the write is retried. */
class RequestIdTaken extends Error {}

export class VerificationRequests {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly accounts: Accounts,
    private readonly channels: SenderChannels,
    private readonly delivery: Delivery,
    private readonly messages: Messages,
    private readonly key: ServerKey,
  ) {}

  /** checkSendAbility (spec §4): charges for one message in advance and answers a new request. */
  async checkSendAbility(
    account: GatewayAccountRow,
    params: { phone_number?: unknown },
  ): Promise<RequestStatus> {
    const phone = readPhone(params.phone_number);
    const person = await this.#person(phone);
    return this.#withFreshId(async (requestId) =>
      this.deps.store.write(async (tx) => {
        const { cost, balance } = await this.#charge(tx, account, person, phone, requestId);
        const row = this.#newRow(account, person, phone, requestId, cost);
        await this.#insert(tx, row);
        return renderStatus(row, balance);
      }),
    );
  }

  /** sendVerificationMessage (spec §4). */
  async send(account: GatewayAccountRow, params: SendParams): Promise<RequestStatus> {
    const { store, clock, random, config, lookup } = this.deps;
    const input = await readSendParams(params, config.profile, lookup);
    const sender = input.senderUsername
      ? await this.channels.requireSender(
          account,
          input.senderUsername,
          (await store.getUser(account.owner_user_id))?.phone_number ?? '',
          input.phone,
        )
      : undefined;
    const person = await this.#person(input.phone);
    const code = input.code ?? generateCode(random, input.codeLength);

    const sendWith = async (requestId: string) => {
      const codeHash = await hashCode(this.key, requestId, code);
      return store.write(async (tx) => {
        const nowMs = clock.nowMs();
        const lifetime = input.ttl ?? DEFAULT_CODE_LIFETIME_SECONDS;
        const fields: Partial<VerificationRequestRow> = {
          sent_at: Math.floor(nowMs / 1000),
          sender_chat_pk: sender?.pk ?? null,
          code_hash: codeHash,
          code_expires_at: nowMs + lifetime * 1000,
          delivery_status: 'sent',
          delivery_updated_at: Math.floor(nowMs / 1000),
          callback_url: input.callbackUrl ?? null,
          payload: input.payload ?? null,
          ttl: input.ttl ?? null,
        };
        let row: VerificationRequestRow;
        let balance: number | undefined;
        // The row is written once, by delivery.send, with its message and what devices did at once.
        let write: (stored: VerificationRequestRow) => Promise<void>;
        if (input.requestId !== undefined) {
          const ability = await this.#own(tx, account, input.requestId);
          if (ability.sent_at !== null) {
            throw new GatewayError('MESSAGE_ALREADY_SENT', 'a message was already sent for this request_id');
          }
          if (ability.phone_number !== input.phone) {
            throw new GatewayError('PHONE_NUMBER_MISMATCH', 'the request_id was made for another number');
          }
          row = { ...ability, ...fields };
          write = (stored) =>
            tx.gateway.updateRequest(requestId, {
              ...fields,
              chat_pk: stored.chat_pk,
              message_id: stored.message_id,
              delivery_status: stored.delivery_status,
              delivery_updated_at: stored.delivery_updated_at,
            });
        } else {
          const charged = await this.#charge(tx, account, person, input.phone, requestId);
          balance = charged.balance;
          row = { ...this.#newRow(account, person, input.phone, requestId, charged.cost), ...fields };
          write = (stored) => this.#insert(tx, stored);
        }
        const delivered = await this.delivery.send(tx, row, person, code, sender, nowMs, write);
        return { ...delivered, balance };
      });
    };
    const sent =
      input.requestId !== undefined ? await sendWith(input.requestId) : await this.#withFreshId(sendWith);
    this.messages.announceServiceMessage(sent.chat, sent.message);
    return renderStatus(sent.row, sent.balance);
  }

  /** checkVerificationStatus (spec §4): the request as it is now; with `code`, one attempt. */
  async checkStatus(
    account: GatewayAccountRow,
    params: { request_id?: unknown; code?: unknown },
  ): Promise<RequestStatus> {
    const requestId = readRequestId(params.request_id, true)!;
    const code = readCode(params.code);
    const hash = code === undefined ? undefined : await hashCode(this.key, requestId, code);
    const row = await this.deps.store.write(async (tx) => {
      await this.#own(tx, account, requestId);
      const nowMs = this.deps.clock.nowMs();
      const current = (await this.delivery.settle(tx, requestId, nowMs))!;
      if (code === undefined || hash === undefined || current.code_hash === null) return current;
      const matches = codeMatches(hash, current.code_hash);
      return this.delivery.enterCode(tx, current, code, matches, nowMs);
    });
    return renderStatus(row);
  }

  /** revokeVerificationMessage (spec §4): true once the request is known; removal is not promised. */
  async revoke(account: GatewayAccountRow, params: { request_id?: unknown }): Promise<true> {
    const requestId = readRequestId(params.request_id, true)!;
    await this.deps.store.write(async (tx) => {
      await this.#own(tx, account, requestId);
      const nowMs = this.deps.clock.nowMs();
      await this.delivery.revoke(tx, (await this.delivery.settle(tx, requestId, nowMs))!, nowMs);
    });
    return true;
  }

  /** The registered person with that number (bots have none). */
  async #person(phone: string): Promise<UserRow> {
    const person = await this.deps.store.getUserByPhone(phone);
    if (!person || person.is_bot) {
      throw new GatewayError('PHONE_NUMBER_NOT_FOUND', 'no user has registered this phone number');
    }
    return person;
  }

  /** A request of this account; another account's is as unknown as a made-up one. */
  async #own(tx: GatewayTx, account: GatewayAccountRow, requestId: string): Promise<VerificationRequestRow> {
    const row = await tx.gateway.getRequest(requestId);
    if (!row || row.account_id !== account.id) {
      throw new GatewayError('REQUEST_ID_INVALID', 'no such request_id');
    }
    return row;
  }

  /** The fee for one message, taken now: none to the owner's own number. */
  async #charge(
    tx: GatewayTx,
    account: GatewayAccountRow,
    person: UserRow,
    phone: string,
    requestId: string,
  ): Promise<{ cost: number; balance: number | undefined }> {
    if (person.id === account.owner_user_id) return { cost: 0, balance: undefined };
    const cost = await this.accounts.priceFor(tx.gateway, account, phone);
    if (cost === 0) return { cost, balance: undefined };
    return { cost, balance: await this.accounts.charge(tx, account.id, cost, requestId) };
  }

  /**
   * Inserts a new request. If its new id is taken, the store refuses it and the caller's
   * transaction (rolled back by the store) is retried with a fresh id.
   */
  async #insert(tx: GatewayTx, row: VerificationRequestRow): Promise<void> {
    try {
      await tx.gateway.insertRequest(row);
    } catch (error) {
      throw error instanceof UniqueViolation ? new RequestIdTaken() : error;
    }
  }

  async #withFreshId<T>(run: (requestId: string) => Promise<T>): Promise<T> {
    const { store, random } = this.deps;
    for (;;) {
      try {
        return await run((await store.gateway.newRequestId?.()) ?? drawRequestId(random));
      } catch (error) {
        if (!(error instanceof RequestIdTaken)) throw error;
      }
    }
  }

  #newRow(
    account: GatewayAccountRow,
    person: UserRow,
    phone: string,
    requestId: string,
    cost: number,
  ): VerificationRequestRow {
    return {
      request_id: requestId,
      account_id: account.id,
      user_id: person.id,
      phone_number: phone,
      cost,
      is_refunded: false,
      created_at: this.deps.clock.now(),
      sent_at: null,
      chat_pk: null,
      message_id: null,
      sender_chat_pk: null,
      code_hash: null,
      code_expires_at: null,
      attempts: 0,
      delivery_status: null,
      delivery_updated_at: null,
      verification_status: null,
      verification_updated_at: null,
      code_entered: null,
      callback_url: null,
      payload: null,
      ttl: null,
    };
  }
}
