/**
 * The RequestStatus object (spec §2) as the wire shows it, in the field order of the captured report
 * (reference §3.3): request_id, phone_number, request_cost, is_refunded, remaining_balance,
 * delivery_status, verification_status, payload. Optional fields are omitted, never null.
 */
import { toCredits } from './money.js';
import type {
  DeliveryStatusValue,
  VerificationRequestRow,
  VerificationStatusValue,
} from '../../storage/gateway-store.js';

export interface RequestStatus {
  request_id: string;
  phone_number: string;
  request_cost: number;
  is_refunded?: boolean;
  remaining_balance?: number;
  delivery_status?: { status: DeliveryStatusValue; updated_at: number };
  verification_status?: { status: VerificationStatusValue; updated_at: number; code_entered?: string };
  payload?: string;
}

/** `remainingBalance` (units) only in the answer to a call that charged (spec §2). */
export function renderStatus(row: VerificationRequestRow, remainingBalance?: number): RequestStatus {
  const status: RequestStatus = {
    request_id: row.request_id,
    phone_number: row.phone_number,
    request_cost: toCredits(row.cost),
  };
  if (row.is_refunded) status.is_refunded = true;
  if (remainingBalance !== undefined) status.remaining_balance = toCredits(remainingBalance);
  if (row.delivery_status !== null) {
    status.delivery_status = { status: row.delivery_status, updated_at: row.delivery_updated_at ?? 0 };
  }
  if (row.verification_status !== null) {
    status.verification_status = {
      status: row.verification_status,
      updated_at: row.verification_updated_at ?? 0,
    };
    if (row.code_entered !== null) status.verification_status.code_entered = row.code_entered;
  }
  if (row.payload !== null) status.payload = row.payload;
  return status;
}

/** Terminal verification statuses: nothing changes them any more. */
export function isVerificationFinal(status: VerificationStatusValue | null): boolean {
  return status === 'code_valid' || status === 'code_max_attempts_exceeded' || status === 'expired';
}
