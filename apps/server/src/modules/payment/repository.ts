/**
 * payments and payment_events. A status change happens only here, under the payment's row lock, through the
 * transitions table, and is logged as one applied event (a unique partial index allows one per payment).
 */
import { PaymentStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import { replaceIdempotencyUserIds } from './idempotency.ts';
import type { ChargeResult, GatewayStatus } from '../../adapters/payments/gateway.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { canMovePayment, eventOfGatewayStatus, failureTypeOf, type PaymentEventKind } from './status.ts';

export type PaymentRow = {
  id: string;
  shop_id: string;
  order_id: string;
  user_id: string;
  gateway: string;
  method: number;
  status: PaymentStatus;
  failure_type: number | null;
  amount_cents: number;
  installments: number;
  card_brand: string | null;
  card_last_four: string | null;
  provider_payment_id: string | null;
  pix_copy_paste: string | null;
  pix_qr_image: string | null;
  boleto_line: string | null;
  boleto_url: string | null;
  payment_link: string | null;
  expires_at: Date | string | null;
};

export type NewPayment = Pick<
  PaymentRow,
  'shop_id' | 'order_id' | 'user_id' | 'gateway' | 'method' | 'amount_cents' | 'installments'
> & { expires_at: Date };

/** Inserts a Waiting payment; 409 'paymentInProgress' when the order already has one (unique index). */
export async function insertPayment(tx: Queryable, payment: NewPayment): Promise<PaymentRow> {
  const [row] = await tx.query<PaymentRow>(
    `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents, installments, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (order_id) where status = ${PaymentStatus.Waiting} do nothing returning *`,
    [
      newId('pay'),
      payment.shop_id,
      payment.order_id,
      payment.user_id,
      payment.gateway,
      payment.method,
      payment.amount_cents,
      payment.installments,
      payment.expires_at,
    ],
  );
  if (!row) throw new AppError('conflict', 'paymentInProgress');
  return row;
}

export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>('select * from payments where id = $1', [id]);
  return row ?? null;
}

export async function findPaymentByProviderId(
  db: Queryable,
  shopId: string,
  gateway: string,
  providerPaymentId: string,
): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(
    'select * from payments where shop_id = $1 and gateway = $2 and provider_payment_id = $3',
    [shopId, gateway, providerPaymentId],
  );
  return row ?? null;
}

/** The order's Waiting payment, if any. */
export async function findWaitingPayment(db: Queryable, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(
    `select * from payments where order_id = $1 and status = ${PaymentStatus.Waiting}`,
    [orderId],
  );
  return row ?? null;
}

/** Another charge of the order than `paymentId` that is Paid ('paid') or Waiting ('waiting'); null when none. */
export async function findOtherCharge(
  db: Queryable,
  orderId: string,
  paymentId: string,
): Promise<'paid' | 'waiting' | null> {
  const rows = await db.query<{ status: number }>(
    `select status from payments where order_id = $1 and id <> $2 and status in (${PaymentStatus.Waiting}, ${PaymentStatus.Paid})`,
    [orderId, paymentId],
  );
  if (rows.some((r) => r.status === PaymentStatus.Paid)) return 'paid';
  return rows.length ? 'waiting' : null;
}

/** Records what the gateway answered about a charge (ids, card brand/last four, Pix/boleto data). */
export async function recordCharge(
  tx: Queryable,
  paymentId: string,
  result: ChargeResult,
  cardToken: string | null,
): Promise<void> {
  await tx.query(
    `update payments set provider_payment_id = coalesce($2, provider_payment_id), card_brand = coalesce($3, card_brand),
       card_last_four = coalesce($4, card_last_four), card_token = coalesce($5, card_token),
       pix_copy_paste = $6, pix_qr_image = $7, boleto_line = $8, boleto_url = $9, payment_link = $10,
       expires_at = coalesce($11, expires_at), updated_at = now()
     where id = $1`,
    [
      paymentId,
      result.providerPaymentId,
      result.cardBrand ?? null,
      result.cardLastFour ?? null,
      cardToken,
      result.pixCopyPaste ?? null,
      result.pixQrImage ?? null,
      result.boletoLine ?? null,
      result.boletoUrl ?? null,
      result.paymentLink ?? null,
      result.expiresAt ?? null,
    ],
  );
}

export type PaymentUpdate = {
  status: GatewayStatus;
  failure?: Parameters<typeof failureTypeOf>[0];
  source: 'charge' | 'webhook' | 'reconcile' | 'sweep' | 'client';
  providerEventId?: string | null;
  data?: Record<string, unknown>;
};

export type Applied = { payment: PaymentRow; moved: boolean; duplicate: boolean };

/**
 * Applies a gateway status to a payment under its row lock: moves it when the transitions table allows
 * (Waiting → final), logs the event (a provider event once: a repeat is `duplicate`), never moves backwards.
 */
export async function applyPaymentUpdate(
  tx: Queryable,
  paymentId: string,
  update: PaymentUpdate,
): Promise<Applied> {
  const [payment] = await tx.query<PaymentRow>('select * from payments where id = $1 for update', [
    paymentId,
  ]);
  if (!payment) throw new AppError('notFound', 'paymentNotFound');
  const event = eventOfGatewayStatus(update.status);
  const moved = canMovePayment(payment.status, event.to);
  const to = moved ? event.to : payment.status;
  const failure = to === PaymentStatus.Failed ? failureTypeOf(update.failure) : null;
  if (moved || update.providerEventId) {
    const logged = await logEvent(tx, payment, event.kind, to, update, failure);
    if (!logged) return { payment, moved: false, duplicate: true };
  }
  if (!moved) return { payment, moved: false, duplicate: false };
  const [updated] = await tx.query<PaymentRow>(
    `update payments set status = $2, failure_type = $3, updated_at = now() where id = $1 returning *`,
    [paymentId, to, failure],
  );
  return { payment: updated!, moved: true, duplicate: false };
}

async function logEvent(
  tx: Queryable,
  payment: PaymentRow,
  kind: PaymentEventKind,
  to: PaymentStatus,
  update: PaymentUpdate,
  failure: number | null,
): Promise<boolean> {
  const rows = await tx.query(
    `insert into payment_events (id, payment_id, shop_id, gateway, kind, source, provider_event_id, from_status,
       to_status, applied, data)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (shop_id, gateway, provider_event_id) where provider_event_id is not null do nothing
     returning id`,
    [
      newId('pev'),
      payment.id,
      payment.shop_id,
      payment.gateway,
      kind,
      update.source,
      update.providerEventId ?? null,
      payment.status,
      to,
      to !== payment.status,
      JSON.stringify({ ...update.data, failureType: failure }),
    ],
  );
  return rows.length > 0;
}

/** Waiting payments past their expiry (of one order, or all), oldest first. */
export async function findOverdue(db: Queryable, orderId: string | null, limit = 100): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id from payments where status = ${PaymentStatus.Waiting} and expires_at < now() and ($1::text is null or order_id = $1)
      order by expires_at limit $2`,
    [orderId, limit],
  );
  return rows.map((r) => r.id);
}

/** LGPD erasure: the channel's user ids of a contact, copied on its payments and idempotency keys, replaced. */
export async function replacePayerUserIds(
  tx: Queryable,
  shopId: string,
  userIds: string[],
  replacement: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await tx.query(`update payments set user_id = $3 where shop_id = $1 and user_id = any($2::text[])`, [
    shopId,
    userIds,
    replacement,
  ]);
  await replaceIdempotencyUserIds(tx, shopId, userIds, replacement);
}
