/**
 * Owner of order_refunds and order_refund_lines (migration 0064, decision 0050). A refund moves granted → sending
 * → sent | failed only here: `claimRefund` is one conditional update (a lease), so one instance sends a refund at
 * a time however many ask; `finishRefund` and `failRefund` only move a refund that is still 'sending' on the
 * attempt that claimed it.
 */
import type { RefundRail, RefundStatus } from '@vitrine/contracts/order-refunds';
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';

export type RefundRow = {
  id: string;
  shop_id: string;
  order_id: string;
  entry_id: string;
  rail: RefundRail;
  status: RefundStatus;
  amount_cents: number;
  reason: string;
  restock: boolean;
  granted_by_id: string;
  granted_by_name: string;
  attempts: number;
  refusals: number;
  lease_until: Date | null;
  failure: string | null;
  provider_refund_id: string | null;
  reference: string | null;
  sent_by_name: string | null;
  sent_at: Date | null;
  return_received_at: Date | null;
  return_received_by: string | null;
  client_token: string | null;
  created_at: Date;
};

export type RefundLineRow = {
  refund_id: string;
  item_id: string;
  quantity: number;
  amount_cents: number;
  received_sellable: number | null;
  received_damaged: number | null;
};

export type NewRefund = Pick<
  RefundRow,
  | 'shop_id'
  | 'order_id'
  | 'entry_id'
  | 'rail'
  | 'amount_cents'
  | 'reason'
  | 'restock'
  | 'granted_by_id'
  | 'granted_by_name'
  | 'client_token'
>;

/** Inserts a granted refund and its lines; null when its client token already granted one. */
export async function insertRefund(
  tx: Queryable,
  refund: NewRefund,
  lines: Pick<RefundLineRow, 'item_id' | 'quantity' | 'amount_cents'>[],
): Promise<RefundRow | null> {
  const [row] = await tx.query<RefundRow>(
    `insert into order_refunds (id, shop_id, order_id, entry_id, rail, amount_cents, reason, restock,
       granted_by_id, granted_by_name, client_token)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict do nothing returning *`,
    [
      newId('rfd'),
      refund.shop_id,
      refund.order_id,
      refund.entry_id,
      refund.rail,
      refund.amount_cents,
      refund.reason,
      refund.restock,
      refund.granted_by_id,
      refund.granted_by_name,
      refund.client_token,
    ],
  );
  if (!row) return null;
  if (lines.length > 0)
    await tx.query(
      `insert into order_refund_lines (refund_id, shop_id, item_id, quantity, amount_cents)
       select $1, $3, r.item_id, r.quantity, r.amount_cents
         from jsonb_to_recordset($2::jsonb) as r(item_id text, quantity numeric, amount_cents integer)`,
      [row.id, JSON.stringify(lines), row.shop_id],
    );
  return row;
}

const ROW = `*`;

export async function findRefund(db: Queryable, shopId: string, id: string): Promise<RefundRow | null> {
  const [row] = await db.query<RefundRow>(`select ${ROW} from order_refunds where id = $1 and shop_id = $2`, [
    id,
    shopId,
  ]);
  return row ?? null;
}

export async function findRefundByToken(
  db: Queryable,
  shopId: string,
  token: string,
): Promise<RefundRow | null> {
  const [row] = await db.query<RefundRow>(
    `select ${ROW} from order_refunds where shop_id = $1 and client_token = $2`,
    [shopId, token],
  );
  return row ?? null;
}

export async function listOrderRefunds(db: Queryable, shopId: string, orderId: string): Promise<RefundRow[]> {
  return db.query<RefundRow>(
    `select ${ROW} from order_refunds where order_id = $1 and shop_id = $2 order by created_at, id`,
    [orderId, shopId],
  );
}

export async function listRefundLines(db: Queryable, refundIds: string[]): Promise<RefundLineRow[]> {
  if (refundIds.length === 0) return [];
  return db.query<RefundLineRow>(
    `select refund_id, item_id, quantity::float8 as quantity, amount_cents, received_sellable::float8 as
            received_sellable, received_damaged::float8 as received_damaged
       from order_refund_lines where refund_id = any($1::text[]) order by refund_id, item_id`,
    [refundIds],
  );
}

/** What every refund of the order (whatever its status) already named of each line. */
export async function refundedQuantities(db: Queryable, orderId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ item_id: string; quantity: number }>(
    `select l.item_id, sum(l.quantity)::float8 as quantity
       from order_refund_lines l join order_refunds r on r.id = l.refund_id
      where r.order_id = $1 group by l.item_id`,
    [orderId],
  );
  return new Map(rows.map((r) => [r.item_id, r.quantity]));
}

/** The centavos granted against each ledger row of the order (every status: a grant holds its money). */
export async function grantedByEntry(db: Queryable, orderId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ entry_id: string; cents: number }>(
    `select entry_id, sum(amount_cents)::int as cents from order_refunds where order_id = $1 group by entry_id`,
    [orderId],
  );
  return new Map(rows.map((r) => [r.entry_id, r.cents]));
}

/** Whether any refund names this ledger row (then 'Desfazer' and 'Devolver' leave it alone). */
export async function entryHasRefunds(db: Queryable, entryId: string): Promise<boolean> {
  const rows = await db.query('select 1 from order_refunds where entry_id = $1 limit 1', [entryId]);
  return rows.length > 0;
}

/**
 * Takes the refund for one send: granted, failed, or sending whose lease ran out → sending, attempts + 1, a
 * lease of `leaseMs`. Null when it is sent or another instance holds it.
 */
export async function claimRefund(
  db: Queryable,
  shopId: string,
  id: string,
  leaseMs: number,
): Promise<RefundRow | null> {
  const [row] = await db.query<RefundRow>(
    `update order_refunds
        set status = 'sending', attempts = attempts + 1, failure = null, updated_at = now(),
            lease_until = now() + ($3::int * interval '1 millisecond')
      where id = $1 and shop_id = $2
        and (status in ('granted', 'failed') or (status = 'sending' and lease_until < now()))
      returning ${ROW}`,
    [id, shopId, leaseMs],
  );
  return row ?? null;
}

/** sending (this attempt) → sent; false when the refund moved meanwhile. */
export async function finishRefund(
  tx: Queryable,
  refund: RefundRow,
  done: { providerRefundId: string | null; reference: string | null; sentBy: string },
): Promise<boolean> {
  const rows = await tx.query(
    `update order_refunds
        set status = 'sent', sent_at = now(), lease_until = null, provider_refund_id = $3,
            reference = coalesce($4, reference), sent_by_name = $5, updated_at = now()
      where id = $1 and status = 'sending' and attempts = $2 returning id`,
    [refund.id, refund.attempts, done.providerRefundId, done.reference, done.sentBy],
  );
  return rows.length === 1;
}

/** sending (this attempt) → failed with the provider's reason (pt-BR); `refused`: nothing was refunded. */
export async function failRefund(
  tx: Queryable,
  refund: RefundRow,
  failure: string,
  refused: boolean,
): Promise<void> {
  await tx.query(
    `update order_refunds set status = 'failed', failure = $3, lease_until = null, updated_at = now(),
            refusals = refusals + $4
      where id = $1 and status = 'sending' and attempts = $2`,
    [refund.id, refund.attempts, failure.slice(0, 300), refused ? 1 : 0],
  );
}

/** Records what came back of each line (once per refund: false when it was already received). */
export async function markReturnReceived(
  tx: Queryable,
  refundId: string,
  by: string,
  lines: { item_id: string; sellable: number; damaged: number }[],
): Promise<boolean> {
  const rows = await tx.query(
    `update order_refunds set return_received_at = now(), return_received_by = $2, updated_at = now()
      where id = $1 and return_received_at is null returning id`,
    [refundId, by],
  );
  if (rows.length !== 1) return false;
  await tx.query(
    `update order_refund_lines l set received_sellable = r.sellable, received_damaged = r.damaged
       from jsonb_to_recordset($2::jsonb) as r(item_id text, sellable numeric, damaged numeric)
      where l.refund_id = $1 and l.item_id = r.item_id`,
    [refundId, JSON.stringify(lines)],
  );
  return true;
}

/**
 * Takes up to `cents` back from the order's grants an edit made (client token `edit:…`) not sent nor being sent,
 * newest first: each is lowered, or removed when nothing is left of it. Answers what each became (0: removed).
 */
export async function reduceEditGrants(
  tx: Queryable,
  orderId: string,
  cents: number,
): Promise<{ id: string; fromCents: number; toCents: number }[]> {
  const open = await tx.query<{ id: string; amount_cents: number }>(
    `select id, amount_cents from order_refunds
      where order_id = $1 and status in ('granted', 'failed') and client_token like 'edit:%'
      order by created_at desc, id desc`,
    [orderId],
  );
  const changed: { id: string; fromCents: number; toCents: number }[] = [];
  let left = cents;
  for (const grant of open) {
    if (left <= 0) break;
    const taken = Math.min(left, grant.amount_cents);
    left -= taken;
    const toCents = grant.amount_cents - taken;
    if (toCents === 0) await tx.query('delete from order_refunds where id = $1', [grant.id]);
    else
      await tx.query('update order_refunds set amount_cents = $2, updated_at = now() where id = $1', [
        grant.id,
        toCents,
      ]);
    changed.push({ id: grant.id, fromCents: grant.amount_cents, toCents });
  }
  return changed;
}
