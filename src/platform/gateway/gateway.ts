/**
 * The Verification Gateway's part of the platform (docs/gateway.md): accounts and billing, sender
 * channels, verification requests and their delivery to devices, the person's inbox, and the timed
 * jobs. Tested without HTTP (gateway.test.ts); the surface is src/gateway/.
 */
import { Accounts } from './accounts.js';
import { SenderChannels } from './channels.js';
import { Delivery } from './delivery.js';
import { Inbox } from './inbox.js';
import { JobSignal } from './job-signal.js';
import { VerificationRequests } from './requests.js';
import { ServerKey } from './server-key.js';
import type { Chats } from '../chats/chats.js';
import type { Devices } from '../users/devices.js';
import type { Messages } from '../messages/messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Users } from '../users/users.js';
import type { GatewayJobRow } from '../../storage/gateway-store.js';

const RETRY_FAILED_JOB_MS = 60_000;

export interface GatewayParts {
  users: Users;
  chats: Chats;
  messages: Messages;
  devices: Devices;
}

export class Gateway {
  readonly key: ServerKey;
  readonly jobs: JobSignal;
  readonly accounts: Accounts;
  readonly channels: SenderChannels;
  readonly delivery: Delivery;
  readonly requests: VerificationRequests;
  readonly inbox: Inbox;

  constructor(
    private readonly deps: PlatformDeps,
    { users, chats, messages, devices }: GatewayParts,
  ) {
    this.key = new ServerKey(deps);
    this.jobs = new JobSignal(deps.store, deps.bus);
    this.accounts = new Accounts(deps, users, this.key);
    this.channels = new SenderChannels(deps, users);
    this.delivery = new Delivery(deps, chats, messages, devices, this.accounts, this.jobs);
    this.requests = new VerificationRequests(
      deps,
      this.accounts,
      this.channels,
      this.delivery,
      messages,
      this.key,
    );
    this.inbox = new Inbox(deps, users, this.delivery);
  }

  /**
   * Runs timed jobs (receipt, read, expire) that the caller claimed (storage/ports/jobs.ts), each in
   * its own write (one group commit). A job that fails is put off for a minute (a fault must not
   * spin); the answer says which failed, for the log.
   */
  async runTimedJobs(jobs: GatewayJobRow[]): Promise<Array<{ jobId: number; error: unknown }>> {
    const { store, clock } = this.deps;
    const failed: Array<{ jobId: number; error: unknown }> = [];
    await Promise.all(
      jobs.map((job) =>
        store
          .write(async (tx) => {
            // Another path (a status check settling its request) may have run it meanwhile.
            const fresh = await tx.gateway.getJob(job.id);
            if (fresh) await this.delivery.runTimedJob(tx, fresh);
          })
          .catch(async (error: unknown) => {
            failed.push({ jobId: job.id, error });
            const later = clock.nowMs() + RETRY_FAILED_JOB_MS;
            await store.write(async (tx) => tx.gateway.rescheduleJob(job.id, job.attempts + 1, later));
          }),
      ),
    );
    return failed;
  }
}
