import type { Platform } from '../../platform/assembly/platform.js';
import type { GatewayAccountRow } from '../../storage/gateway-store.js';
import type { GatewayParams } from '../params.js';

/** What a gateway method is given: the platform, the authenticated account and the parameters. */
export interface GatewayContext {
  platform: Platform;
  account: GatewayAccountRow;
  params: GatewayParams;
}

export type GatewayMethod = (ctx: GatewayContext) => Promise<unknown>;
