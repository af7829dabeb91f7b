/**
 * Payment gateways behind one interface (docs/decisions/0010-payments.md). Real HTTP adapters: Mercado Pago
 * (mercadopago.ts), Pagar.me v5 (pagarme.ts), a payment-link gateway (payment-link.ts); the built-in sandbox
 * (sandbox.ts) serves the demo and tests. Amounts cross this interface in centavos; each adapter converts to its
 * provider's format inside itself. No adapter logs or returns a card number or security code.
 */
import type { CardBrand } from '@vitrine/contracts/card-brands';

/** Outcome of a charge as our payment status enumeration reads it (spec §3). */
export type GatewayStatus =
  'authorized' | 'paid' | 'waiting' | 'failed' | 'expired' | 'canceled' | 'refunded';

/** Spec §3 failure type: ReCAPTCHA 0, LimitExceeded 1, InvalidData 2, Unknown 3. */
export type GatewayFailure = 'recaptcha' | 'limitExceeded' | 'invalidData' | 'unknown';

export type Payer = {
  name: string;
  email: string | null;
  /** CPF or CNPJ digits. */
  document: string;
  phone?: string | null;
  address?: {
    zipCode: string;
    street: string;
    number: string;
    complement?: string | null;
    neighborhood: string;
    city: string;
    state: string;
  } | null;
};

/** Card as it reaches a gateway: raw (sandbox only, in memory) or a browser-made token. */
export type CardInput =
  | {
      kind: 'raw';
      number: string;
      securityCode: string;
      holderName: string;
      expiryMonth: number;
      expiryYear: number;
    }
  | {
      kind: 'token';
      token: string;
      /** The provider's own brand / payment method id, as its browser SDK gave it (e.g. 'master', 'Visa'). */
      brand: string | null;
      issuerId?: string | null;
    }
  /** Typed on the provider's own page (payment-link gateway): no card reaches us at all. */
  | { kind: 'hosted' };

export type ChargeRequest = {
  /** Our payment id; sent as the provider's reference/external id. */
  paymentId: string;
  orderId: string;
  amountCents: number;
  description: string;
  payer: Payer;
  /** Sent as the provider's idempotency header: the same key never charges twice. */
  idempotencyKey: string;
};

export type CardChargeRequest = ChargeRequest & {
  card: CardInput;
  installments: number;
  /** The server verified a captcha token for this attempt (after a ReCAPTCHA failure); providers may ignore it. */
  captchaVerified?: boolean;
};

export type PixChargeRequest = ChargeRequest & { expiresInSeconds: number };

export type BoletoChargeRequest = ChargeRequest & { dueDate: string /* YYYY-MM-DD */ };

export type ChargeResult = {
  providerPaymentId: string;
  status: GatewayStatus;
  failure: GatewayFailure | null;
  /** Card charges: what we may keep; the brand in our naming (card-brand-names.ts maps the provider's). */
  cardBrand?: CardBrand | null;
  cardLastFour?: string | null;
  pixCopyPaste?: string | null;
  pixQrImage?: string | null;
  boletoLine?: string | null;
  boletoUrl?: string | null;
  /** Payment-link gateway: where the browser goes. */
  paymentLink?: string | null;
  expiresAt?: Date | null;
  /** Our payment id as the provider echoes it (`external_reference`, `code`): finds a payment whose create answer was lost. */
  externalReference?: string | null;
  /** Provider payload kept in the payment event log (never card data). */
  raw?: unknown;
};

/**
 * Giving money of a paid charge back (issue 34, decision 0050): `amountCents` of it (several partial refunds may
 * follow up to what was paid). The idempotency key is our refund's id: the same key never refunds twice.
 */
export type RefundRequest = { providerPaymentId: string; amountCents: number; idempotencyKey: string };

/** The provider's refund: its id and whether it is done or still processing. */
export type RefundResult = { providerRefundId: string; status: 'approved' | 'pending'; raw?: unknown };

/** A verified, parsed provider notification. */
export type GatewayNotification = {
  /** Provider's event id (dedupe key in the event log). */
  eventId: string;
  providerPaymentId: string;
  /** When known from the notification itself; otherwise the service fetches the payment. */
  status: GatewayStatus | null;
};

export type WebhookRequest = {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
  rawBody: string;
};

export interface PaymentGateway {
  readonly name: 'sandbox' | 'mercadopago' | 'pagarme' | 'link';
  chargeCard(request: CardChargeRequest): Promise<ChargeResult>;
  chargePix(request: PixChargeRequest): Promise<ChargeResult>;
  chargeBoleto(request: BoletoChargeRequest): Promise<ChargeResult>;
  /** Current state of a charge at the provider (used after a notification that carries only an id). */
  fetchCharge(providerPaymentId: string): Promise<ChargeResult>;
  /**
   * Cancels a charge still waiting at the provider (a Pix/boleto/link left behind by a change of method), so it
   * can no longer be paid. Throws GatewayError ('refused' when the provider says it cannot be cancelled, e.g.
   * already paid or expired).
   */
  cancelCharge(providerPaymentId: string): Promise<void>;
  /**
   * Refunds `amountCents` of a paid charge. Throws GatewayError: 'refused' with the provider's reason when it
   * cannot (too old, more than what is left…), 'unavailable' when another try with the same key may succeed.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Verifies the notification's signature and timestamp (throws GatewayError 'invalidSignature' otherwise) and
   * parses it.
   */
  parseWebhook(request: WebhookRequest): Promise<GatewayNotification>;
}

/** A provider refusal or outage; `retryable` when another attempt with the same idempotency key may succeed. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code: 'invalidSignature' | 'unavailable' | 'refused' | 'badResponse',
    readonly retryable: boolean,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
