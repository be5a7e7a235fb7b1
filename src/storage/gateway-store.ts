/**
 * The storage port of the Verification Gateway and of people's devices, composed of small ports
 * (ports/gateway/), each with its row types and contract. It hangs off the main port (`store.gateway`,
 * `tx.gateway`) and shares its transaction, so that gateway writes join the write of `store.write`:
 * a charge, the request, its message and its jobs commit together or not at all. The write contract
 * of store.ts holds here too. One contract suite (gateway-store.contract.ts) runs per adapter.
 */
import type { AccountsReader, AccountsWriter } from './ports/gateway/accounts.js';
import type { DeliveryLogReader, DeliveryLogWriter } from './ports/gateway/delivery-log.js';
import type { DevicesReader, DevicesWriter } from './ports/gateway/devices.js';
import type { GatewayJobsReader, GatewayJobsWriter } from './ports/gateway/jobs.js';
import type { RequestsReader, RequestsWriter } from './ports/gateway/requests.js';

export type { DeviceRow } from './ports/gateway/devices.js';
export type { GatewayAccountRow, GatewayPriceRow, LedgerKind, LedgerRow } from './ports/gateway/accounts.js';
export type {
  DeliveryStatusValue,
  VerificationRequestRow,
  VerificationStatusValue,
} from './ports/gateway/requests.js';
export type { GatewayJobKind, GatewayJobRow, JobLane } from './ports/gateway/jobs.js';
export type { DeliveryLogRow, ReportOutcome } from './ports/gateway/delivery-log.js';

/** Every read of the gateway's tables. */
export interface GatewayStore
  extends DevicesReader, AccountsReader, RequestsReader, GatewayJobsReader, DeliveryLogReader {}

/** The gateway's reads and writes inside one `store.write`. */
export interface GatewayStoreTx
  extends GatewayStore, DevicesWriter, AccountsWriter, RequestsWriter, GatewayJobsWriter, DeliveryLogWriter {}
