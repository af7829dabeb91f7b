/**
 * Editing a confirmed order with the contact's agreement (issue 34, decision 0053).
 *
 * - 'Editar pedido' (console): the owner, a manager or the agent on the order proposes line changes against the
 *   order's version they saw (409 in pt-BR when it moved meanwhile); the cart's code computes the new version
 *   without writing it; the proposal is kept (replacing one still waiting) and the contact gets the before → after
 *   on their channel with a link to accept or decline. Audited. An edit that leaves nothing more to pay (a lower
 *   total, or the same) applies at once with a notice instead, and what was paid above the new total is granted
 *   back (order-edit-apply.ts).
 * - The contact, on the storefront (their session from the link): accepting writes the changes through the
 *   cart's one statement under the order's row lock — only while the order is still Received and at the
 *   proposal's version — moves the stock hold by the difference ('edit' rows), records the version and queues the
 *   chatbot's `order.edited`, all in one transaction; declining changes nothing. The money follows through the
 *   payment balance (total − paid): more to pay, or money the staff may refund; nothing is charged or refunded
 *   by itself.
 */
import type { StaffRole } from '@vitrine/contracts/console-roles';
import { SessionType } from '@vitrine/contracts/enums';
import { formatBRL } from '@vitrine/contracts/money';
import {
  type ContactOrderEdit,
  type OrderEdits,
  type OrderEditCheckout,
  type OrderEditState,
  type OrderEditView,
  type ProposeOrderEditBody,
} from '@vitrine/contracts/order-edits';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { recordAudit, staffWorkedOn } from '../../modules/audit/service.ts';
import { editAdjust } from '../../modules/checkout/service.ts';
import { listConsoleProducts } from '../../modules/catalog/service.ts';
import {
  currentVersion,
  decideOrderEdit,
  editRefusal,
  editSession,
  findOrderEdit,
  findShopOrder,
  insertOrderEdit,
  listOrderEdits,
  lockOrderForEdit,
  previewEdit,
  type OrderEditRow,
  type OrderRow,
} from '../../modules/order/service.ts';
import { duePaymentView, orderPaidCents } from '../../modules/payment/service.ts';
import { findLatestChannelId } from '../../modules/session/service.ts';
import { getShop } from '../../modules/shop/service.ts';
import { deliveryChoices } from './delivery-choices.ts';
import { storeChoices } from './store-choices.ts';
import {
  applyProposal,
  grantEditRefund,
  noticeText,
  proposalText,
  refundedLines,
  sendEditMessage,
} from './order-edit-apply.ts';

export type EditStaff = { userId: string; email: string; name: string; role: StaffRole; shopId: string };

const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);

/**
 * The proposal's state now: one still waiting `hours` (the shop's `order_edit_expiry_hours`) after it was made has
 * expired.
 */
export function proposalState(row: OrderEditRow, hours: number, now = Date.now()): OrderEditState {
  const age = now - new Date(row.created_at).getTime();
  return row.state === 'proposed' && age >= hours * 3_600_000 ? 'expired' : row.state;
}

/** A proposal as the console and the contact see it. */
export function editView(row: OrderEditRow, hours: number): OrderEditView {
  return {
    id: row.id,
    state: proposalState(row, hours),
    baseVersion: row.base_version,
    appliedVersion: row.applied_version,
    before: row.before,
    after: row.after,
    differenceCents: row.difference_cents,
    proposedBy: row.proposed_by_name,
    proposedAt: iso(row.created_at)!,
    decidedAt: iso(row.decided_at),
    decidedBy: row.decided_by,
    author: row.author,
    note: row.note,
  };
}

/** 403 in pt-BR unless the staff member is the owner, a manager, or the agent on the order. */
async function assertMayEdit(db: Queryable, staff: EditStaff, order: OrderRow): Promise<void> {
  if (staff.role !== 'agent') return;
  if (await staffWorkedOn(db, staff.shopId, staff.userId, order)) return;
  throw new AppError('forbidden', 'orderEditNotAllowed');
}

/** `GET …/orders/{orderId}/edits`: the order's current version, whether the caller may edit it, its proposals. */
export async function orderEditsOf(db: Db, staff: EditStaff, orderId: string): Promise<OrderEdits> {
  const order = await findShopOrder(db, staff.shopId, orderId);
  if (!order?.confirmed_at) throw new AppError('notFound', 'boardOrderNotFound');
  const [current, rows, delivery, shop] = await Promise.all([
    currentVersion(db, order),
    listOrderEdits(db, staff.shopId, orderId),
    deliveryChoices(db, order),
    getShop(db, staff.shopId),
  ]);
  const seller = await storeChoices(db, shop, order);
  let refusal = editRefusal(order);
  if (!refusal)
    refusal = await assertMayEdit(db, staff, order).then(
      () => null,
      (error: AppError) => error,
    );
  return {
    version: order.version,
    editable: refusal === null,
    reason: refusal?.message ?? null,
    current,
    edits: rows.map((row) => editView(row, shop.order_edit_expiry_hours)),
    delivery,
    seller,
  };
}

/**
 * 'Adicionar produto' of the edit dialog: the shop's active products matching `q` (name, SKU or code), for every
 * role that may open the order (agents do not read Catálogo), nothing below 2 letters; 404 when the order is not
 * the shop's.
 */
export async function editProducts(db: Queryable, shopId: string, orderId: string, q: string) {
  const order = await findShopOrder(db, shopId, orderId);
  if (!order?.confirmed_at) throw new AppError('notFound', 'boardOrderNotFound');
  if (q.length < 2) return { products: [], next: null, total: 0, brands: [] };
  return listConsoleProducts(db, shopId, { q, active: 'true', limit: 8 });
}

/** What the proposal sets of the checkout (store, coupon, discount, delivery), or null when it changes only lines. */
function checkoutOf(body: ProposeOrderEditBody): OrderEditCheckout | null {
  const { coupon, manualDiscountCents, delivery, slotId, sellerId } = body;
  const all = { coupon, manualDiscountCents, delivery, slotId, sellerId };
  return Object.values(all).every((value) => value === undefined) ? null : all;
}

/** 'Editar pedido': records the proposal and sends it to the contact. */
export async function proposeEdit(
  db: Db,
  staff: EditStaff,
  orderId: string,
  body: ProposeOrderEditBody,
): Promise<OrderEditView> {
  return db.transaction(async (tx) => {
    const placed = await lockOrderForEdit(tx, staff.shopId, orderId, 'staff');
    const { order, shop } = placed;
    const refusal = editRefusal(order);
    if (refusal) throw refusal;
    await assertMayEdit(tx, staff, order);
    if (order.version !== body.version) {
      throw new AppError('conflict', 'orderEditStaleVersion', { version: order.version });
    }
    const checkout = checkoutOf(body);
    const keep = await refundedLines(tx, orderId);
    const { before, after } = await previewEdit(
      tx,
      placed,
      body.changes,
      keep,
      editAdjust(checkout, { preview: true }),
    );
    const recipient = await findLatestChannelId(tx, staff.shopId, order.user_id);
    if (!order.contact_id || !recipient) throw new AppError('unprocessable', 'orderEditNoContact');
    const row = await insertOrderEdit(tx, {
      id: newId('oed'),
      shop_id: staff.shopId,
      order_id: orderId,
      base_version: order.version,
      changes: body.changes,
      checkout,
      before,
      after,
      difference_cents: after.totalCents - before.totalCents,
      proposed_by: staff.userId,
      proposed_by_name: staff.name || staff.email,
      note: body.note || null,
    });
    const to = { recipient, contactId: order.contact_id };
    const actor = { userId: staff.userId, label: staff.email };
    const totals = { editId: row.id, fromCents: before.totalCents, toCents: after.totalCents };
    if (row.difference_cents > 0) {
      await sendEditMessage(tx, order, to, row, proposalText(shop, order.number, row), true);
      await recordAudit(tx, staff.shopId, actor, 'order.edit.proposed', orderId, totals);
      return editView(row, shop.order_edit_expiry_hours);
    }
    // Nothing more to pay: applied at once, with a notice (and what was paid above the new total granted back).
    await applyProposal(tx, placed, row, { who: 'staff', actor, session: editSession(order) });
    const refund = await grantEditRefund(tx, row, order.number, {
      userId: staff.userId,
      name: staff.name || staff.email,
    });
    await sendEditMessage(tx, order, to, row, noticeText(shop.name, order.number, row, refund));
    return editView((await findOrderEdit(tx, staff.shopId, row.id))!, shop.order_edit_expiry_hours);
  });
}

/** The proposal's row when it is one of the session's own orders' (else 404: nothing tells it exists). */
async function contactsEdit(db: Queryable, session: SessionContext, editId: string) {
  const row = await findOrderEdit(db, session.shopId, editId);
  const order = row && (await findShopOrder(db, session.shopId, row.order_id));
  if (!row || !order || order.user_id !== session.userId) throw new AppError('notFound', 'orderEditNotFound');
  return { row, order: order as OrderRow & { number: number } };
}

/** `GET /api/order/edits/{editId}`: what the contact's page shows. */
export async function contactOrderEdit(
  db: Queryable,
  session: SessionContext,
  editId: string,
): Promise<ContactOrderEdit> {
  const { row, order } = await contactsEdit(db, session, editId);
  const shop = await getShop(db, session.shopId);
  const edit = editView(row, shop.order_edit_expiry_hours);
  return {
    shopName: shop.name,
    orderNumber: order.number,
    edit,
    paidCents: await orderPaidCents(db, order.id),
    due: edit.state === 'accepted' ? await duePaymentView(db, order) : null,
  };
}

const DECIDED: Record<string, string> = { accepted: 'aceita', declined: 'recusada' };

/**
 * The contact's 'Aceitar' / 'Recusar'. Accepting applies the proposal in one transaction under the order's row
 * lock (lines and totals by the cart's statement, the stock hold by the difference, the version kept, the
 * chatbot's `order.edited`); 409 in pt-BR when it was already answered or replaced, the order left Received or
 * moved past the proposal's version. Only the order's contact answers (403 for an agent's session).
 */
export async function answerOrderEdit(
  db: Db,
  session: SessionContext,
  editId: string,
  accept: boolean,
): Promise<ContactOrderEdit> {
  if (session.sessionType !== SessionType.Contact) throw new AppError('forbidden', 'orderEditContactOnly');
  const { row: seen } = await contactsEdit(db, session, editId);
  await db.transaction(async (tx) => {
    const placed = await lockOrderForEdit(tx, session.shopId, seen.order_id, 'shopper');
    const row = (await findOrderEdit(tx, session.shopId, editId))!;
    if (row.state === 'superseded') throw new AppError('conflict', 'orderEditSuperseded');
    if (proposalState(row, placed.shop.order_edit_expiry_hours) === 'expired')
      throw new AppError('conflict', 'orderEditExpired');
    if (row.state !== 'proposed')
      throw new AppError('conflict', 'orderEditDecided', { state: DECIDED[row.state]! });
    const contact = { userId: null, label: 'Cliente' };
    if (!accept) {
      await decideOrderEdit(tx, editId, 'declined', null);
      await recordAudit(tx, session.shopId, contact, 'order.edit.declined', row.order_id, { editId });
      return;
    }
    const refusal = editRefusal(placed.order);
    if (refusal) throw refusal;
    if (placed.order.version !== row.base_version) throw new AppError('conflict', 'orderEditProposalStale');
    await applyProposal(tx, placed, row, { who: 'contact', actor: contact, session });
  });
  return contactOrderEdit(db, session, editId);
}

/** The pt-BR line of an edit's history entry, or null when `action` is not one. */
export function editHistoryText(action: string, detail: Record<string, unknown>): string | null {
  const totals = () => `${formatBRL(Number(detail.fromCents))} → ${formatBRL(Number(detail.toCents))}`;
  if (action === 'order.edit.proposed') return `Alteração proposta ao cliente: ${totals()}`;
  if (action === 'order.edited') return `Alteração aceita pelo cliente: ${totals()}`;
  if (action === 'order.edit.applied')
    return `Alteração aplicada pela loja, com aviso ao cliente: ${totals()}`;
  if (action === 'order.edit.declined') return 'Alteração recusada pelo cliente';
  if (action === 'order.delivery.chosen') return `Entrega escolhida pelo cliente: ${totals()}`;
  if (action === 'order.payment.chosen') return `Pagamento escolhido pelo cliente: ${String(detail.method)}`;
  return null;
}
