/**
 * What the control API's gateway and device endpoints share: the reading of amounts and ids. Their
 * errors' statuses are those of every platform error (control-errors.ts; docs/control-api.md,
 * "Gateway and devices").
 */
import { parseCredits } from '../../platform/gateway/money.js';
import { ControlError, type ControlHandler } from '../control-context.js';

/**
 * Runs a handler of the gateway's or devices' routes. Gateway errors are platform errors, which
 * control-answer.ts answers with the status of their kind (control-errors.ts, ADR 0108): nothing
 * is left to map here.
 */
export function gatewayHandler<Input>(handler: ControlHandler<Input>): ControlHandler<Input> {
  return handler;
}

/** An amount of credits (a number or a decimal string) as units; undefined when absent. */
export function optionalCredits(value: unknown, name: string): number | undefined {
  return value === undefined ? undefined : parseCredits(value, name);
}

/** A gateway account id from the path. */
export function accountId(path: Record<string, string>): number {
  const id = Number(path.id);
  if (!/^\d{1,15}$/.test(path.id ?? ''))
    throw new ControlError(404, 'GATEWAY_ACCOUNT_NOT_FOUND', 'no such account');
  return id;
}
