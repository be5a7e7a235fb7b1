/**
 * Store ports that the platform names beside the area ports of src/storage/ports/ (issue 30, ADR
 * 0111): a function types its store parameter with the ports it uses (`UsersReader &
 * MessagesWriter`, ...), and a function that writes the gateway's tables in the same transaction
 * names `GatewayTx`.
 */
import type { GatewayStoreTx } from '../../storage/gateway-store.js';

/** The gateway's reads and writes inside one `store.write` (`StoreTx.gateway`). */
export interface GatewayTx {
  readonly gateway: GatewayStoreTx;
}
