/**
 * Pix on the shop's own bank (issue 32, decision 0046): the charge (`PUT /cob/{txid}` of what is due), the Pix the
 * bank reports — by webhook or by the reconciliation's `GET /pix` — matched by txid and counted once per
 * end-to-end id under the order's lock, and 'Devolver' (`PUT /pix/{e2eid}/devolucao/{id}`). Money that was not
 * expected (another amount, after the charge expired or the order was cancelled, a second Pix of a paid charge,
 * more than the total) is kept in the ledger with its flag for staff; it never re-opens or re-holds anything.
 */
import { OrderStatus, PaymentStatus } from '@vitrine/contracts/enums';
import type { LedgerFlag } from '@vitrine/contracts/order-payments';
import type { Db, Queryable } from '../../db/client.ts';
import {
  PixBankClient,
  PixBankError,
  type PixCharge,
  type PixRefundStatus,
  type ReceivedPix,
} from '../../adapters/pix-bank/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockOrder, type OrderRow } from '../order/service.ts';
import { findBankReceipt, findLedgerRow, findReversal, insertLedgerRow } from './ledger.ts';
import { addMoneyIn } from './money-in.ts';
import { checkOpenRefunds, refundNotDone } from './pix-refund-status.ts';
import { entryHasRefunds } from './refund-repository.ts';
import { claimReconcile, finishReconcile, loadPixBank, type PixBankAccount } from './pix-bank-account.ts';
import { applyPaymentUpdate, findPaymentByProviderId, type PaymentRow } from './repository.ts';

export const BANK_GATEWAY = 'pix-bank';
/** How far back the first reconciliation looks, and the overlap of each run with the last. */
const FIRST_WINDOW_MS = 24 * 3600_000;
const OVERLAP_MS = 10 * 60_000;

/** Clients are kept per shop and account version (a token lives about an hour). */
const clients = new Map<string, { account: string; client: PixBankClient }>();

export function bankClient(account: PixBankAccount): PixBankClient {
  const version = JSON.stringify([account.baseUrl, account.tokenUrl, account.clientId, account.clientSecret]);
  const kept = clients.get(account.shopId);
  if (kept?.account === version) return kept.client;
  const client = new PixBankClient(account);
  clients.set(account.shopId, { account: version, client });
  return client;
}

/** txid of a charge: `vtr` + the payment id's 26 letters and digits (29, within `[a-zA-Z0-9]{26,35}`). */
export const txidOf = (paymentId: string) => `vtr${paymentId.replace(/^pay_/, '')}`;

/** Issues the bank charge of a Waiting payment (its amount, its expiry); the bank's BR Code comes back. */
export async function chargeAtBank(
  account: PixBankAccount,
  payment: PaymentRow,
  debtor: { name: string; document: string | null } | null,
): Promise<PixCharge> {
  const seconds = payment.expires_at
    ? Math.max(60, Math.round((new Date(payment.expires_at).getTime() - Date.now()) / 1000))
    : 1800;
  const digits = debtor?.document?.replace(/\D/g, '') ?? '';
  return bankClient(account).createCharge({
    txid: txidOf(payment.id),
    key: account.pixKey,
    amountCents: payment.amount_cents,
    expiresInSeconds: seconds,
    debtor:
      debtor && digits.length === 11
        ? { name: debtor.name, cpf: digits }
        : debtor && digits.length === 14
          ? { name: debtor.name, cnpj: digits }
          : null,
  });
}

export type Received = { counted: number; repeated: number; unknown: number };

/**
 * The Pix the bank reports for `shopId`, each in its own transaction under its order's lock: a txid we never
 * issued is logged and skipped, an end-to-end id already counted is a no-op (webhook retries, the
 * reconciliation finding what the webhook brought).
 */
export async function receiveBankPix(
  db: Db,
  shopId: string,
  items: ReceivedPix[],
  source: 'bank-webhook' | 'bank-reconcile',
): Promise<Received> {
  const result: Received = { counted: 0, repeated: 0, unknown: 0 };
  for (const pix of items) {
    const outcome = await db.transaction((tx) => receiveOne(tx, shopId, pix, source));
    result[outcome] += 1;
  }
  return result;
}

async function receiveOne(
  tx: Queryable,
  shopId: string,
  pix: ReceivedPix,
  source: 'bank-webhook' | 'bank-reconcile',
): Promise<keyof Received> {
  const charge = pix.txid ? await findPaymentByProviderId(tx, shopId, BANK_GATEWAY, pix.txid) : null;
  if (!charge) return 'unknown';
  const order = await lockOrder(tx, shopId, charge.order_id);
  if (!order) return 'unknown';
  // The bank calls again when a refund of this Pix reaches a final status: a refund not made puts the money back.
  for (const refund of pix.refunds) await refundNotDone(tx, shopId, refund);
  if (await findBankReceipt(tx, shopId, pix.endToEndId)) return 'repeated';
  const before = await tx.query<{ status: PaymentStatus }>('select status from payments where id = $1', [
    charge.id,
  ]);
  const status = before[0]?.status ?? charge.status;
  const flag = flagOf(status, pix.amountCents, charge.amount_cents);
  const cancelled = order.status === OrderStatus.Canceled;
  if (status === PaymentStatus.Waiting && pix.amountCents >= charge.amount_cents && !cancelled)
    await applyPaymentUpdate(tx, charge.id, {
      status: 'paid',
      source: 'webhook',
      data: { e2e: pix.endToEndId },
    });
  const added = await addMoneyIn(
    tx,
    order,
    {
      shop_id: shopId,
      order_id: order.id,
      kind: 'received',
      amount_cents: pix.amountCents,
      source,
      method: charge.method,
      payment_id: charge.id,
      end_to_end_id: pix.endToEndId,
      flag,
      received_at: pix.at,
    },
    () => ({ id: charge.id, method: charge.method, installments: 1 }),
  );
  return added.row ? 'counted' : 'repeated';
}

function flagOf(status: PaymentStatus, amountCents: number, chargeCents: number): LedgerFlag | null {
  if (status === PaymentStatus.Paid) return 'duplicate';
  if (status === PaymentStatus.Canceled) return 'after_cancel';
  if (status === PaymentStatus.Expired || status === PaymentStatus.Failed) return 'after_expiry';
  return amountCents === chargeCents ? null : 'amount_mismatch';
}

/**
 * One reconciliation run of a shop: under the shop's lease (one instance at a time), the Pix received since the
 * last run (with an overlap) are asked with `GET /pix` and counted like the webhook's. Null when another
 * instance holds the lease.
 */
export async function reconcileShop(
  db: Db,
  key: Buffer | null,
  shopId: string,
  now = new Date(),
): Promise<Received | null> {
  const claimed = await claimReconcile(db, shopId, 5 * 60_000);
  if (!claimed) return null;
  const account = await loadPixBank(db, key, shopId);
  if (!account) return null;
  const from = new Date((claimed.from?.getTime() ?? now.getTime() - FIRST_WINDOW_MS) - OVERLAP_MS);
  const items = await bankClient(account).listPix(from, now);
  const result = await receiveBankPix(db, shopId, items, 'bank-reconcile');
  await checkOpenRefunds(db, bankClient(account), shopId, now);
  await finishReconcile(db, shopId, now);
  return result;
}

/**
 * 'Devolver': gives a flagged bank receipt back through the bank (the refund id is the ledger row's, so a retry
 * asks the bank for the same refund), then records it, once.
 */
export async function refundBankReceipt(
  db: Db,
  key: Buffer | null,
  shopId: string,
  orderId: string,
  entryId: string,
  recorder: { id: string; name: string },
): Promise<PixRefundStatus> {
  const entry = await findLedgerRow(db, shopId, entryId);
  if (!entry || entry.order_id !== orderId) throw new AppError('notFound', 'paymentEntryNotFound');
  if (entry.kind !== 'received' || !entry.source.startsWith('bank') || !entry.end_to_end_id)
    throw new AppError('unprocessable', 'paymentRefundOnlyBank');
  if (await findReversal(db, entry.id)) throw new AppError('conflict', 'paymentAlreadyReversed');
  if (await entryHasRefunds(db, entry.id)) throw new AppError('conflict', 'refundEntryHasRefunds');
  const account = await loadPixBank(db, key, shopId);
  if (!account) throw new AppError('unprocessable', 'pixBankNotConfigured');
  const refundId = entry.id.replace(/^led_/, 'dev');
  const answer = await bankClient(account)
    .refund(entry.end_to_end_id, refundId, entry.amount_cents)
    .catch((error: unknown) => {
      if (error instanceof PixBankError) throw new AppError('unavailable', 'pixBankUnavailable');
      throw error;
    });
  await db.transaction(async (tx) => {
    const order: OrderRow | null = await lockOrder(tx, shopId, orderId);
    if (!order) throw new AppError('notFound', 'boardOrderNotFound');
    const refunded = await insertLedgerRow(tx, {
      shop_id: shopId,
      order_id: orderId,
      kind: 'refunded',
      amount_cents: -entry.amount_cents,
      source: entry.source,
      method: entry.method,
      reverses_id: entry.id,
      refund_id: refundId,
      end_to_end_id: entry.end_to_end_id,
      received_at: new Date(),
      actor_id: recorder.id,
      actor_name: recorder.name,
    });
    // The bank may answer at once that it did not make the refund: the money stays the shop's.
    if (refunded) await refundNotDone(tx, shopId, answer, refunded);
  });
  return answer;
}
