/**
 * The SQLite adapter of the gateway's port (../gateway-store.ts). SqliteStore builds it on its own
 * connection, so that its writes run inside the SAVEPOINT of the `store.write` batch they are called
 * from. The queries live per area in gateway/ (one class per port of ../ports/gateway/).
 *
 * The rows every send reads (the account, its price overrides, the person's devices) are kept in
 * memory (ADR 0015). A write through this adapter updates or drops the entries it changes, and
 * SqliteStore calls `forgetUncommitted` whenever it rolls anything back, so that no entry outlives
 * a change that was not committed. Nothing else writes these tables.
 */
import { MethodTable } from '../compose.js';
import { SqliteAccounts } from './gateway/accounts.js';
import { SqliteDeliveryLog } from './gateway/delivery-log.js';
import { SqliteDevices } from './gateway/devices.js';
import { SqliteGatewayJobs } from './gateway/jobs.js';
import { RequestIds } from './gateway/request-ids.js';
import { SqliteRequests } from './gateway/requests.js';
import type { SqlStatements } from './sql-statements.js';
import type { GatewayStoreTx } from '../gateway-store.js';
import type { CachedArea } from '../ports/events.js';

/** The gateway's areas on one connection, as one object with every read and write of the port. */
export interface SqliteGatewayStore extends GatewayStoreTx {
  /** Drops every cached row; called by SqliteStore on each rollback (of a savepoint or a batch). */
  forgetUncommitted(): void;
  /** Drops one cached row that changed elsewhere. */
  forgetCached(area: CachedArea, id: number): void;
}

/** The areas' methods, bound onto each connection's gateway store (compose.ts `MethodTable`). */
const AREA_METHODS = new MethodTable([
  SqliteDevices,
  SqliteAccounts,
  SqliteRequests,
  SqliteGatewayJobs,
  SqliteDeliveryLog,
]);

/**
 * The gateway store of one connection: the areas' methods read through its prototype, each bound to
 * its part on first use (compose.ts `bindOnFirstUse`: issue 28, most test worlds never use them).
 */
class GatewayAreas {
  readonly #devices: SqliteDevices;
  readonly #accounts: SqliteAccounts;

  constructor(devices: SqliteDevices, accounts: SqliteAccounts) {
    this.#devices = devices;
    this.#accounts = accounts;
  }

  forgetUncommitted(): void {
    this.#devices.forgetUncommitted();
    this.#accounts.forgetUncommitted();
  }

  forgetCached(area: CachedArea, id: number): void {
    this.#devices.forgetCached(area, id);
    this.#accounts.forgetCached(area, id);
  }

  static {
    AREA_METHODS.bindOnFirstUse(this);
  }
}

export function sqliteGatewayStore(sql: SqlStatements): SqliteGatewayStore {
  const devices = new SqliteDevices(sql);
  const accounts = new SqliteAccounts(sql);
  const requestIds = new RequestIds(sql);
  // Checked here, by the compiler: the areas together are every read and write of the port.
  const areas: GatewayStoreTx & GatewayAreas = AREA_METHODS.attach(
    new GatewayAreas(devices, accounts),
    devices,
    accounts,
    new SqliteRequests(sql, requestIds),
    new SqliteGatewayJobs(sql, requestIds),
    new SqliteDeliveryLog(sql),
  );
  return areas;
}
