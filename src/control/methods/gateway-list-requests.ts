import type { RouteContext } from '../control-context.js';
import { Inspector } from '../../platform/inspector/inspector.js';
import { gatewayHandler } from './gateway-support.js';

/** GET /control/gateway/requests: an account's verification requests, newest first (the inspector). */
export const gatewayListRequests = gatewayHandler(
  async ({ platform, input }: RouteContext<'listVerificationRequests'>) =>
    Inspector.of(platform).requests(input.account, input.limit),
);
