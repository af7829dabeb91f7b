/**
 * Editing a confirmed order with the contact's agreement (issue 34, decision 0053).
 *
 * - 'Editar pedido' (console): the owner, a manager or the agent on the order proposes line changes against the
 *   order's version they saw (409 in pt-BR when it moved meanwhile); the cart's code computes the new version
 *   without writing it; the proposal is kept (replacing one still waiting) and the contact gets the before → after
 *   on their channel with a link to accept or decline. Audited.
 * - The contact, on the storefront (their session from the link): accepting writes the changes through the
 *   cart's one statement under the order's row lock — only while the order is still Received and at the
 *   proposal's version — moves the stock hold by the difference ('edit' rows), records the version and queues the
 *   chatbot's `order.edited`, all in one transaction; declining changes nothing. The money follows through the
 *   payment balance (total − paid): more to pay, or money the staff may refund; nothing is charged or refunded
 *   by itself.
 */
import type { StaffRole } from '@vitrine/contracts/console-roles';
import { ChannelType, SessionType } from '@vitrine/contracts/enums';
import { centsToReais, formatBRL } from '@vitrine/contracts/money';
import {
  ORDER_EDIT_EXPIRY_HOURS,
  type ContactOrderEdit,
  type OrderEdits,
  type OrderEditCheckout,
  type OrderEditState,
  type OrderEditView,
  type ProposeOrderEditBody,
} from '@vitrine/contracts/order-edits';
import type { Db, Queryable } from '../../db/client.ts';
import { TEXT_LIMITS } from '../../adapters/channels/channel-adapter.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { recordAudit, staffWorkedOn } from '../../modules/audit/service.ts';
import { editCheckout } from '../../modules/checkout/service.ts';
import { listConsoleProducts } from '../../modules/catalog/service.ts';
import { enqueueOrderEvent } from '../../modules/messaging/service.ts';
import {
  applyEdit,
  currentVersion,
  decideOrderEdit,
  editRefusal,
  findOrderEdit,
  findShopOrder,
  insertOrderEdit,
  listOrderEdits,
  lockOrderForEdit,
  previewEdit,
  type OrderEditRow,
  type OrderRow,
} from '../../modules/order/service.ts';
import { enqueueMessage, KIND_BY_CHANNEL } from '../../modules/outbox/service.ts';
import { orderPaidCents, refundedQuantities } from '../../modules/payment/service.ts';
import { findLatestChannelId } from '../../modules/session/service.ts';
import { getShop } from '../../modules/shop/service.ts';
import { holdOrderEdit } from '../../modules/stock/service.ts';

export type EditStaff = { userId: string; email: string; name: string; role: StaffRole; shopId: string };

const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);

/** The proposal's state now: one still waiting ORDER_EDIT_EXPIRY_HOURS after it was made has expired. */
export function proposalState(row: OrderEditRow, now = Date.now()): OrderEditState {
  const age = now - new Date(row.created_at).getTime();
  return row.state === 'proposed' && age >= ORDER_EDIT_EXPIRY_HOURS * 3_600_000 ? 'expired' : row.state;
}

/** A proposal as the console and the contact see it. */
export function editView(row: OrderEditRow): OrderEditView {
  return {
    id: row.id,
    state: proposalState(row),
    baseVersion: row.base_version,
    appliedVersion: row.applied_version,
    before: row.before,
    after: row.after,
    differenceCents: row.difference_cents,
    proposedBy: row.proposed_by_name,
    proposedAt: iso(row.created_at)!,
    decidedAt: iso(row.decided_at),
    decidedBy: row.decided_by,
    note: row.note,
  };
}

/** 403 in pt-BR unless the staff member is the owner, a manager, or the agent on the order. */
async function assertMayEdit(db: Queryable, staff: EditStaff, order: OrderRow): Promise<void> {
  if (staff.role !== 'agent') return;
  if (await staffWorkedOn(db, staff.shopId, staff.userId, order)) return;
  throw new AppError('forbidden', 'orderEditNotAllowed');
}

/** The lines a refund names: they stay on the order (their refund points at them). */
async function refundedLines(db: Queryable, orderId: string): Promise<Set<string>> {
  return new Set((await refundedQuantities(db, orderId)).keys());
}

/** `GET …/orders/{orderId}/edits`: the order's current version, whether the caller may edit it, its proposals. */
export async function orderEditsOf(db: Queryable, staff: EditStaff, orderId: string): Promise<OrderEdits> {
  const order = await findShopOrder(db, staff.shopId, orderId);
  if (!order?.confirmed_at) throw new AppError('notFound', 'boardOrderNotFound');
  const [current, rows] = await Promise.all([
    currentVersion(db, order),
    listOrderEdits(db, staff.shopId, orderId),
  ]);
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
    edits: rows.map(editView),
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
  if (q.length < 2) return { products: [], next: null, brands: [] };
  return listConsoleProducts(db, shopId, { q, active: 'true', limit: 8 });
}

/** The contact's message: what changes and the link to answer (a new session of theirs, minted at delivery). */
export function proposalText(shopName: string, number: number, row: OrderEditRow): string {
  const money =
    row.difference_cents > 0
      ? `Se aceitar, fica ${formatBRL(row.difference_cents)} a pagar.`
      : row.difference_cents < 0
        ? `Se aceitar, a loja devolve ${formatBRL(-row.difference_cents)}.`
        : 'O total não muda.';
  return [
    `*Alteração no pedido nº ${number} — ${shopName}*`,
    `A loja propõe alterar seu pedido: total de ${formatBRL(row.before.totalCents)} para ${formatBRL(row.after.totalCents)}. ${money}`,
    `Veja o antes e depois e responda pelo botão abaixo em até ${ORDER_EDIT_EXPIRY_HOURS} horas.`,
  ].join('\n');
}

/** What the proposal sets of the checkout (coupon, manual discount), or null when it changes only lines. */
function checkoutOf({ coupon, manualDiscountCents }: ProposeOrderEditBody): OrderEditCheckout | null {
  if (coupon === undefined && manualDiscountCents === undefined) return null;
  return { coupon, manualDiscountCents };
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
    const { before, after } = await previewEdit(tx, placed, body.changes, keep, (change) =>
      editCheckout(change, checkout),
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
    const channel = KIND_BY_CHANNEL[order.channel_type as ChannelType];
    await enqueueMessage(tx, {
      shopId: staff.shopId,
      type: 'order-edit',
      orderId,
      userId: order.user_id,
      channel,
      recipient,
      contactId: order.contact_id,
      parts: [
        {
          text: proposalText(shop.name, order.number, row).slice(0, TEXT_LIMITS[channel]),
          button: { label: 'Ver alteração', url: `/order/edit/${row.id}` },
        },
      ],
      contentKey: `order-edit:${row.id}`,
      idempotencyKey: null,
      dedupeKey: `order-edit:${row.id}`,
      sessionLinkPart: 0,
    });
    await recordAudit(
      tx,
      staff.shopId,
      { userId: staff.userId, label: staff.email },
      'order.edit.proposed',
      orderId,
      {
        editId: row.id,
        fromCents: before.totalCents,
        toCents: after.totalCents,
      },
    );
    return editView(row);
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
  return {
    shopName: (await getShop(db, session.shopId)).name,
    orderNumber: order.number,
    edit: editView(row),
    paidCents: await orderPaidCents(db, order.id),
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
    if (proposalState(row) === 'expired') throw new AppError('conflict', 'orderEditExpired');
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
    const keep = await refundedLines(tx, row.order_id);
    const { order } = await applyEdit(tx, placed, row.changes, keep, row.after, (change) =>
      editCheckout(change, row.checkout),
    );
    await holdOrderEdit(tx, order.id);
    await decideOrderEdit(tx, editId, 'accepted', order.version);
    await enqueueOrderEvent(tx, 'order.edited', order, session, {
      dedupeKey: `order.edited:${editId}`,
      extra: {
        edit: {
          id: editId,
          version: order.version,
          before: { totalAmout: centsToReais(row.before.totalCents) },
          after: { totalAmout: centsToReais(row.after.totalCents) },
          difference: centsToReais(row.difference_cents),
        },
      },
    });
    await recordAudit(tx, session.shopId, contact, 'order.edited', row.order_id, {
      editId,
      fromCents: row.before.totalCents,
      toCents: row.after.totalCents,
    });
  });
  return contactOrderEdit(db, session, editId);
}

/** The pt-BR line of an edit's history entry, or null when `action` is not one. */
export function editHistoryText(action: string, detail: Record<string, unknown>): string | null {
  const totals = () => `${formatBRL(Number(detail.fromCents))} → ${formatBRL(Number(detail.toCents))}`;
  if (action === 'order.edit.proposed') return `Alteração proposta ao cliente: ${totals()}`;
  if (action === 'order.edited') return `Alteração aceita pelo cliente: ${totals()}`;
  if (action === 'order.edit.declined') return 'Alteração recusada pelo cliente';
  return null;
}
