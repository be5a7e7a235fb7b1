import type { RouteContext } from '../control-context.js';
import { Inspector } from '../../platform/inspector/inspector.js';

/** GET /control/gateway/requests: an account's verification requests, newest first (the inspector). */
export async function listVerificationRequests({
  platform,
  input,
}: RouteContext<'listVerificationRequests'>) {
  return Inspector.of(platform).requests(input.account, input.limit);
}
