/**
 * payment_ledger (migration 0055, decision 0046): what an order has been paid is the sum of its rows. Rows are
 * only ever added, in the transaction that causes them; unique indexes count a charge, a Pix end-to-end id, a
 * client token and a reversal once, so a repeat inserts nothing (`null`).
 */
import type { LedgerFlag } from '@vitrine/contracts/order-payments';
import { balanceOf } from '@vitrine/contracts/order-refunds';
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';

/** `refund_failed`: the bank reported a refund NAO_REALIZADO — the money is back (migration 0065). */
export type LedgerKind = 'received' | 'undone' | 'refunded' | 'refund_failed';
export type LedgerSource = 'manual' | 'gateway' | 'bank-webhook' | 'bank-reconcile';

export type LedgerRow = {
  id: string;
  shop_id: string;
  order_id: string;
  kind: LedgerKind;
  amount_cents: number;
  source: LedgerSource;
  method: number | null;
  means: string | null;
  payment_id: string | null;
  end_to_end_id: string | null;
  reverses_id: string | null;
  flag: LedgerFlag | null;
  refund_id: string | null;
  /** The granted refund this row records as sent (decision 0050). */
  order_refund_id: string | null;
  received_at: Date;
  note: string | null;
  reference: string | null;
  actor_id: string | null;
  actor_name: string | null;
  client_token: string | null;
  created_at: Date;
};

export type NewLedgerRow = Pick<LedgerRow, 'shop_id' | 'order_id' | 'kind' | 'amount_cents' | 'source'> &
  Partial<
    Pick<
      LedgerRow,
      | 'method'
      | 'means'
      | 'payment_id'
      | 'end_to_end_id'
      | 'reverses_id'
      | 'flag'
      | 'refund_id'
      | 'order_refund_id'
      | 'note'
      | 'reference'
      | 'actor_id'
      | 'actor_name'
      | 'client_token'
    >
  > & { received_at: Date | string };

const COLUMNS = [
  'method',
  'means',
  'payment_id',
  'end_to_end_id',
  'reverses_id',
  'flag',
  'refund_id',
  'order_refund_id',
  'note',
  'reference',
  'actor_id',
  'actor_name',
  'client_token',
] as const;

/** Adds a row; null when a unique index says it is already there (same charge, e2e id, token or reversal). */
export async function insertLedgerRow(tx: Queryable, row: NewLedgerRow): Promise<LedgerRow | null> {
  const [inserted] = await tx.query<LedgerRow>(
    `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, received_at, ${COLUMNS.join(', ')})
     values ($1, $2, $3, $4, $5, $6, $7, ${COLUMNS.map((_, i) => `$${i + 8}`).join(', ')})
     on conflict do nothing returning *`,
    [
      newId('led'),
      row.shop_id,
      row.order_id,
      row.kind,
      row.amount_cents,
      row.source,
      row.received_at,
      ...COLUMNS.map((c) => row[c] ?? null),
    ],
  );
  return inserted ?? null;
}

/**
 * The order's paid centavos: the sum of its ledger less the refunds granted and sent (decision 0050), which are
 * `orderRefundedCents`; paid − refunded is the whole ledger.
 */
export async function orderPaidCents(db: Queryable, orderId: string): Promise<number> {
  const [row] = await db.query<{ paid: number }>(
    `select coalesce(sum(amount_cents), 0)::int as paid from payment_ledger
      where order_id = $1 and order_refund_id is null`,
    [orderId],
  );
  return row?.paid ?? 0;
}

/**
 * What is left to pay of the order (balanceOf: total − paid, refunds of an overpayment counted back), 0 when
 * nothing is: the amount every new charge and payment message asks for — the whole total of a new order, the
 * difference after an edit raised the total of a paid one (issue 34).
 */
export async function orderDueCents(
  db: Queryable,
  order: { id: string; total_cents: number },
): Promise<number> {
  const paid = await orderPaidCents(db, order.id);
  const refunded = await orderRefundedCents(db, order.id);
  return Math.max(0, balanceOf(order.total_cents, paid, refunded));
}

/** What the order's sent refunds gave back (positive centavos). */
export async function orderRefundedCents(db: Queryable, orderId: string): Promise<number> {
  const [row] = await db.query<{ refunded: number }>(
    `select coalesce(-sum(amount_cents), 0)::int as refunded from payment_ledger
      where order_id = $1 and order_refund_id is not null`,
    [orderId],
  );
  return row?.refunded ?? 0;
}

/** The shop's order's ledger, oldest first, each with whether a later row reverses it. */
export async function listOrderLedger(
  db: Queryable,
  shopId: string,
  orderId: string,
): Promise<(LedgerRow & { reversed: boolean })[]> {
  return db.query(
    `select l.*, exists (select 1 from payment_ledger r where r.reverses_id = l.id) as reversed
       from payment_ledger l where l.order_id = $1 and l.shop_id = $2 order by l.created_at, l.id`,
    [orderId, shopId],
  );
}

/** A ledger row of the shop (null when unknown or another shop's). */
export async function findLedgerRow(db: Queryable, shopId: string, id: string): Promise<LedgerRow | null> {
  const [row] = await db.query<LedgerRow>('select * from payment_ledger where id = $1 and shop_id = $2', [
    id,
    shopId,
  ]);
  return row ?? null;
}

/** The row a client token recorded, if any. */
export async function findByClientToken(
  db: Queryable,
  shopId: string,
  token: string,
): Promise<LedgerRow | null> {
  const [row] = await db.query<LedgerRow>(
    'select * from payment_ledger where shop_id = $1 and client_token = $2',
    [shopId, token],
  );
  return row ?? null;
}

/** The row reversing `id` (undo or refund), if any. */
export async function findReversal(db: Queryable, id: string): Promise<LedgerRow | null> {
  const [row] = await db.query<LedgerRow>('select * from payment_ledger where reverses_id = $1', [id]);
  return row ?? null;
}

/** The shop's bank receipt with this end-to-end id, if any. */
export async function findBankReceipt(
  db: Queryable,
  shopId: string,
  endToEndId: string,
): Promise<LedgerRow | null> {
  const [row] = await db.query<LedgerRow>(
    `select * from payment_ledger where shop_id = $1 and end_to_end_id = $2 and kind = 'received'
        and source <> 'manual'`,
    [shopId, endToEndId],
  );
  return row ?? null;
}

/** The shop's refund row of a bank refund id (null when we never asked for it). */
export async function findRefundRow(
  db: Queryable,
  shopId: string,
  refundId: string,
): Promise<LedgerRow | null> {
  const [row] = await db.query<LedgerRow>(
    "select * from payment_ledger where shop_id = $1 and refund_id = $2 and kind = 'refunded'",
    [shopId, refundId],
  );
  return row ?? null;
}

/** The shop's bank refunds asked since `since` whose outcome is not known to have failed (the reconciliation asks). */
export async function listOpenBankRefunds(db: Queryable, shopId: string, since: Date): Promise<LedgerRow[]> {
  return db.query<LedgerRow>(
    `select l.* from payment_ledger l
      where l.shop_id = $1 and l.kind = 'refunded' and l.source like 'bank%' and l.created_at >= $2
        and not exists (select 1 from payment_ledger r where r.reverses_id = l.id)
      order by l.created_at limit 100`,
    [shopId, since],
  );
}
