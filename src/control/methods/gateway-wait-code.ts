import { ControlError, type RouteContext } from '../control-context.js';

/**
 * POST /control/gateway/wait-code: waits server-side for the next verification code sent to a person
 * (each code once, also one sent before the wait began). 408 WAIT_TIMEOUT at the deadline.
 */
export async function waitForCode({ platform, input, signal }: RouteContext<'waitForCode'>) {
  const code = await platform.gateway.inbox.waitForCode(input.phone, input.timeout * 1000, signal);
  if (!code) throw new ControlError(408, 'WAIT_TIMEOUT', `no code arrived within ${input.timeout} seconds`);
  return code;
}
