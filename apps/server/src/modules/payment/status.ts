import { FailureType, PaymentStatus } from '@vitrine/contracts/enums';
import type { GatewayFailure, GatewayStatus } from '../../adapters/payments/gateway.ts';

/**
 * The one table of payment status changes (spec §3 Payment status): a payment only ever leaves Waiting, once.
 * Paid, Expired, Failed and Canceled are final, so an out-of-order or late notification never moves it back.
 */
export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  [PaymentStatus.Waiting]: [
    PaymentStatus.Paid,
    PaymentStatus.Expired,
    PaymentStatus.Failed,
    PaymentStatus.Canceled,
  ],
  [PaymentStatus.Paid]: [],
  [PaymentStatus.Expired]: [],
  [PaymentStatus.Failed]: [],
  [PaymentStatus.Canceled]: [],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** Event log kinds (payment_events.kind). */
export type PaymentEventKind = 'authorized' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';

/**
 * What a gateway status means for us: the event to log and the status it asks for. 'authorized' and 'waiting'
 * keep Waiting; 'refunded' is logged against a Paid payment without changing it (§3 has no refunded status).
 */
export function eventOfGatewayStatus(status: GatewayStatus): { kind: PaymentEventKind; to: PaymentStatus } {
  switch (status) {
    case 'paid':
      return { kind: 'paid', to: PaymentStatus.Paid };
    case 'failed':
      return { kind: 'failed', to: PaymentStatus.Failed };
    case 'expired':
      return { kind: 'expired', to: PaymentStatus.Expired };
    case 'canceled':
      return { kind: 'cancelled', to: PaymentStatus.Canceled };
    case 'refunded':
      return { kind: 'refunded', to: PaymentStatus.Paid };
    case 'authorized':
    case 'waiting':
      return { kind: 'authorized', to: PaymentStatus.Waiting };
  }
}

const FAILURES: Record<GatewayFailure, FailureType> = {
  recaptcha: FailureType.ReCAPTCHA,
  limitExceeded: FailureType.LimitExceeded,
  invalidData: FailureType.InvalidData,
  unknown: FailureType.Unknown,
};

/** §3 failure type of a gateway failure (Unknown when the gateway gave none). */
export function failureTypeOf(failure: GatewayFailure | null | undefined): FailureType {
  return FAILURES[failure ?? 'unknown'];
}
