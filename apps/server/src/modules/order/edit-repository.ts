/**
 * `order_edits` (migration 0067, decision 0053): the proposals to change a placed order and, once accepted, the
 * order's versions (what it was before, what it became, who proposed, who accepted, when). The only writer.
 */
import type {
  OrderEditChange,
  OrderEditCheckout,
  OrderEditState,
  OrderVersion,
} from '@vitrine/contracts/order-edits';
import type { Queryable } from '../../db/client.ts';

export type OrderEditRow = {
  id: string;
  shop_id: string;
  order_id: string;
  base_version: number;
  /** As stored: a proposal past its expiry stays 'proposed' here (proposalState tells it expired). */
  state: Exclude<OrderEditState, 'expired'>;
  changes: OrderEditChange[];
  /** What it sets of the checkout (coupon, manual discount); null: lines only. */
  checkout: OrderEditCheckout | null;
  before: OrderVersion;
  after: OrderVersion;
  difference_cents: number;
  proposed_by: string | null;
  proposed_by_name: string;
  note: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  decided_by: 'contact' | 'staff' | null;
  applied_version: number | null;
  /** Who made the version (migration 0087): the staff's proposal, or the contact's own delivery choice. */
  author: 'staff' | 'contact';
};

export type NewOrderEdit = Pick<
  OrderEditRow,
  | 'id'
  | 'shop_id'
  | 'order_id'
  | 'base_version'
  | 'changes'
  | 'checkout'
  | 'before'
  | 'after'
  | 'difference_cents'
  | 'proposed_by'
  | 'proposed_by_name'
  | 'note'
>;

/**
 * Records a proposal; the order's proposal still waiting for the contact (if any) becomes 'superseded' first, in
 * the same statement. Run under the order's row lock.
 */
export async function insertOrderEdit(tx: Queryable, edit: NewOrderEdit): Promise<OrderEditRow> {
  await tx.query(
    `update order_edits set state = 'superseded', decided_at = now(), decided_by = 'staff'
      where order_id = $1 and state = 'proposed'`,
    [edit.order_id],
  );
  const [row] = await tx.query<OrderEditRow>(
    `insert into order_edits (id, shop_id, order_id, base_version, changes, before, after, difference_cents,
       proposed_by, proposed_by_name, note, checkout)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12::jsonb) returning *`,
    [
      edit.id,
      edit.shop_id,
      edit.order_id,
      edit.base_version,
      JSON.stringify(edit.changes),
      JSON.stringify(edit.before),
      JSON.stringify(edit.after),
      edit.difference_cents,
      edit.proposed_by,
      edit.proposed_by_name,
      edit.note,
      edit.checkout && JSON.stringify(edit.checkout),
    ],
  );
  return row!;
}

/**
 * Records a version of the order the contact made themselves (their delivery choice, issue 35): accepted at once,
 * by and authored by the contact, at `appliedVersion`. A staff proposal still waiting is left as it is (its base
 * version is now behind: accepting it answers 409). Run under the order's row lock.
 */
export async function insertContactVersion(
  tx: Queryable,
  edit: Omit<NewOrderEdit, 'proposed_by' | 'note'>,
  appliedVersion: number,
): Promise<OrderEditRow> {
  const [row] = await tx.query<OrderEditRow>(
    `insert into order_edits (id, shop_id, order_id, base_version, state, changes, before, after, difference_cents,
       proposed_by, proposed_by_name, checkout, decided_at, decided_by, applied_version, author)
     values ($1, $2, $3, $4, 'accepted', '[]'::jsonb, $5::jsonb, $6::jsonb, $7, null, $8, $9::jsonb, now(),
       'contact', $10, 'contact') returning *`,
    [
      edit.id,
      edit.shop_id,
      edit.order_id,
      edit.base_version,
      JSON.stringify(edit.before),
      JSON.stringify(edit.after),
      edit.difference_cents,
      edit.proposed_by_name,
      edit.checkout && JSON.stringify(edit.checkout),
      appliedVersion,
    ],
  );
  return row!;
}

/** One proposal of the shop (any order); null when unknown. */
export async function findOrderEdit(
  db: Queryable,
  shopId: string,
  editId: string,
): Promise<OrderEditRow | null> {
  const [row] = await db.query<OrderEditRow>('select * from order_edits where id = $1 and shop_id = $2', [
    editId,
    shopId,
  ]);
  return row ?? null;
}

/** The order's proposals, newest first. */
export async function listOrderEdits(
  db: Queryable,
  shopId: string,
  orderId: string,
): Promise<OrderEditRow[]> {
  return db.query<OrderEditRow>(
    'select * from order_edits where shop_id = $1 and order_id = $2 order by created_at desc, id desc',
    [shopId, orderId],
  );
}

/**
 * Records the answer — the contact's, or the staff's for an edit applied at once — only while the proposal still
 * waits (the caller holds the order's row lock); answers the row, or null when it was already decided or replaced.
 */
export async function decideOrderEdit(
  tx: Queryable,
  editId: string,
  state: 'accepted' | 'declined',
  appliedVersion: number | null,
  by: 'contact' | 'staff' = 'contact',
): Promise<OrderEditRow | null> {
  const [row] = await tx.query<OrderEditRow>(
    `update order_edits set state = $2, decided_at = now(), decided_by = $4, applied_version = $3
      where id = $1 and state = 'proposed' returning *`,
    [editId, state, appliedVersion, by],
  );
  return row ?? null;
}
