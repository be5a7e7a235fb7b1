/**
 * What the control API's gateway and device endpoints share: the reading of amounts and ids. Their
 * errors' statuses are those of every platform error (control-errors.ts; docs/control-api.md,
 * "Gateway and devices").
 */
import { parseCredits } from '../../platform/gateway/money.js';
import { ControlError } from '../control-context.js';

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
