/**
 * What the control API's gateway and device endpoints share: the HTTP status of each gateway error
 * code (docs/control-api.md, "Gateway and devices") and the reading of amounts.
 */
import { GatewayError, type GatewayErrorCode } from '../../platform/gateway/gateway-error.js';
import { parseCredits } from '../../platform/gateway/money.js';
import { ControlError, type ControlContext, type ControlHandler } from '../control-context.js';

/**
 * The control API's status of every gateway code (its own table: the gateway surface's catalogue
 * answers the gateway's callers, and a new code must be placed here too, or this does not compile).
 */
const CONTROL_STATUS: Record<GatewayErrorCode, number> = {
  GATEWAY_ACCOUNT_NOT_FOUND: 404,
  CHANNEL_NOT_FOUND: 404,
  DEVICE_NOT_FOUND: 404,
  VERIFICATION_NOT_FOUND: 404,
  NO_ONLINE_DEVICE: 409,
  VERIFICATION_MESSAGE_GONE: 409,
  CREDITS_INVALID: 400,
  PRICE_PREFIX_INVALID: 400,
  ACCESS_TOKEN_REQUIRED: 401,
  ACCESS_TOKEN_INVALID: 401,
  UNKNOWN_METHOD: 404,
  PHONE_NUMBER_INVALID: 400,
  PHONE_NUMBER_NOT_FOUND: 400,
  PHONE_NUMBER_MISMATCH: 400,
  REQUEST_ID_REQUIRED: 400,
  REQUEST_ID_INVALID: 400,
  MESSAGE_ALREADY_SENT: 400,
  CODE_LENGTH_REQUIRED: 400,
  CODE_LENGTH_INVALID: 400,
  CODE_INVALID: 400,
  TTL_INVALID: 400,
  CALLBACK_URL_INVALID: 400,
  PAYLOAD_INVALID: 400,
  SENDER_USERNAME_INVALID: 400,
  SENDER_NOT_VERIFIED: 400,
  SENDER_NOT_OWNED: 400,
  BALANCE_NOT_ENOUGH: 400,
  REQUEST_TOO_LARGE: 413,
  INTERNAL_ERROR: 500,
};

function statusOf(code: GatewayErrorCode): number {
  return CONTROL_STATUS[code] ?? 400;
}

/** Runs a handler, answering gateway errors with their code and status. */
export function gatewayHandler<Input>(handler: ControlHandler<Input>): ControlHandler<Input> {
  return async (ctx: ControlContext<Input>) => {
    try {
      return await handler(ctx);
    } catch (error) {
      if (error instanceof GatewayError)
        throw new ControlError(statusOf(error.code), error.code, error.message);
      throw error;
    }
  };
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
