/**
 * Applying an order edit (issue 34, decision 0053) and telling the contact about it: the one transaction step both
 * the contact's 'Aceitar' and an edit applied at once run (lines and totals by the cart's statement, the checkout's
 * changes, the stock hold by the difference, the version kept, `order.edited`, the audit), the proposal's message
 * and the notice of an edit the shop applied at once (a lower total, or nothing the contact pays changed), with the
 * refund of what was paid above the new total granted.
 */
import { ChannelType } from '@vitrine/contracts/enums';
import { centsToReais, formatBRL } from '@vitrine/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { TEXT_LIMITS } from '../../adapters/channels/channel-adapter.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import { editAdjust } from '../../modules/checkout/service.ts';
import { enqueueOrderEvent } from '../../modules/messaging/service.ts';
import {
  applyEdit,
  decideOrderEdit,
  type OrderEditRow,
  type OrderRow,
  type PlacedOrder,
} from '../../modules/order/service.ts';
import { enqueueMessage, KIND_BY_CHANNEL } from '../../modules/outbox/service.ts';
import {
  grantLowerTotal,
  queueDuePayment,
  refundedQuantities,
  withdrawEditGrants,
} from '../../modules/payment/service.ts';
import { holdOrderEdit } from '../../modules/stock/service.ts';

/** The lines a refund names: they stay on the order (their refund points at them). */
export async function refundedLines(db: Queryable, orderId: string): Promise<Set<string>> {
  return new Set((await refundedQuantities(db, orderId)).keys());
}

/**
 * Writes the proposal `row` to the locked order — as the contact who accepted it (`by` 'contact') or as the staff
 * applying it at once — with the stock hold, the decision, `order.edited` and the audit; answers the order.
 */
export async function applyProposal(
  tx: Queryable,
  placed: PlacedOrder,
  row: OrderEditRow,
  by: { who: 'contact' | 'staff'; actor: Actor; session: SessionContext },
): Promise<OrderRow> {
  const keep = await refundedLines(tx, row.order_id);
  const { order } = await applyEdit(
    tx,
    placed,
    row.changes,
    keep,
    row.after,
    editAdjust(row.checkout, { preview: false }),
    by.who === 'contact' ? 'shopper' : 'staff',
  );
  await holdOrderEdit(tx, order.id);
  await decideOrderEdit(tx, row.id, 'accepted', order.version, by.who);
  await enqueueOrderEvent(tx, 'order.edited', order, by.session, {
    dedupeKey: `order.edited:${row.id}`,
    extra: {
      edit: {
        id: row.id,
        version: order.version,
        before: { totalAmout: centsToReais(row.before.totalCents) },
        after: { totalAmout: centsToReais(row.after.totalCents) },
        difference: centsToReais(row.difference_cents),
      },
    },
  });
  const action = by.who === 'contact' ? 'order.edited' : 'order.edit.applied';
  await recordAudit(tx, row.shop_id, by.actor, action, row.order_id, {
    editId: row.id,
    fromCents: row.before.totalCents,
    toCents: row.after.totalCents,
  });
  // The money follows: a raise first takes back what an earlier edit granted and was not sent; then what is now
  // due (a difference, or a lower unpaid total) is asked for by the order's method.
  for (const grant of await withdrawEditGrants(tx, row.order_id, row.difference_cents))
    await recordAudit(tx, row.shop_id, by.actor, 'order.refund.withdrawn', row.order_id, {
      refundId: grant.id,
      fromCents: grant.fromCents,
      toCents: grant.toCents,
      editId: row.id,
    });
  if (row.difference_cents !== 0) await queueDuePayment(tx, order, `edit:${row.id}`);
  return order;
}

/**
 * An edit applied at once that left the contact paid above the new total: that money, up to the difference, is
 * granted back, one grant per payment it came from (sent by the staff from 'Reembolsos'); answers what was granted
 * (0: nothing).
 */
export async function grantEditRefund(
  tx: Queryable,
  row: OrderEditRow,
  number: number,
  staff: { userId: string; name: string },
): Promise<number> {
  if (row.difference_cents >= 0) return 0;
  const refunds = await grantLowerTotal(
    tx,
    row.shop_id,
    row.order_id,
    {
      differenceCents: row.difference_cents,
      totalCents: row.after.totalCents,
      reason: `Alteração do pedido nº ${number}: total de ${formatBRL(row.before.totalCents)} para ${formatBRL(row.after.totalCents)}`,
    },
    { id: staff.userId, name: staff.name },
    `edit:${row.id}`,
  );
  for (const refund of refunds)
    await recordAudit(
      tx,
      row.shop_id,
      { userId: staff.userId, label: staff.name },
      'order.refund.granted',
      row.order_id,
      {
        refundId: refund.id,
        amountCents: refund.amount_cents,
        reason: refund.reason,
        restock: false,
        lines: [],
      },
    );
  return refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
}

/** The contact's message of a proposal: what changes and the link to answer within the shop's expiry. */
export function proposalText(
  shop: { name: string; order_edit_expiry_hours: number },
  number: number,
  row: OrderEditRow,
): string {
  const money =
    row.difference_cents > 0
      ? `Se aceitar, fica ${formatBRL(row.difference_cents)} a pagar.`
      : row.difference_cents < 0
        ? `Se aceitar, a loja devolve ${formatBRL(-row.difference_cents)}.`
        : 'O total não muda.';
  return [
    `*Alteração no pedido nº ${number} — ${shop.name}*`,
    `A loja propõe alterar seu pedido: total de ${formatBRL(row.before.totalCents)} para ${formatBRL(row.after.totalCents)}. ${money}`,
    `Veja o antes e depois e responda pelo botão abaixo em até ${shop.order_edit_expiry_hours} horas.`,
  ].join('\n');
}

/** The contact's notice of an edit the shop applied at once (nothing to answer), with the money given back. */
export function noticeText(shopName: string, number: number, row: OrderEditRow, refundCents: number): string {
  const money =
    row.difference_cents === 0
      ? 'O total não muda.'
      : refundCents > 0
        ? `A loja vai devolver ${formatBRL(refundCents)} do que você pagou.`
        : `O total ficou ${formatBRL(-row.difference_cents)} menor.`;
  return [
    `*Pedido nº ${number} alterado — ${shopName}*`,
    `A loja alterou seu pedido: total de ${formatBRL(row.before.totalCents)} para ${formatBRL(row.after.totalCents)}. ${money}`,
    'Veja o que mudou pelo botão abaixo.',
  ].join('\n');
}

/** The reply buttons' ids of a proposal: `order-edit:accept:{editId}` and `order-edit:decline:{editId}`. */
export const REPLY_ID = /^order-edit:(accept|decline):(oed_[0-9a-z]{26})$/;

/**
 * Queues `text` to the order's contact with the button to the edit's page (a new session of theirs at delivery);
 * with `ask` on WhatsApp, a second part with the reply buttons 'Aceitar' / 'Recusar' (their tap comes back on the
 * webhook: order-edit-reply.ts).
 */
export async function sendEditMessage(
  tx: Queryable,
  order: OrderRow,
  to: { recipient: string; contactId: string },
  row: OrderEditRow,
  text: string,
  ask = false,
): Promise<void> {
  const channel = KIND_BY_CHANNEL[order.channel_type as ChannelType];
  const replies =
    ask && channel === 'whatsapp'
      ? [
          {
            text: 'Ou responda por aqui:',
            replies: [
              { id: `order-edit:accept:${row.id}`, title: 'Aceitar' },
              { id: `order-edit:decline:${row.id}`, title: 'Recusar' },
            ],
          },
        ]
      : [];
  await enqueueMessage(tx, {
    shopId: order.shop_id,
    type: 'order-edit',
    orderId: order.id,
    userId: order.user_id,
    channel,
    recipient: to.recipient,
    contactId: to.contactId,
    parts: [
      {
        text: text.slice(0, TEXT_LIMITS[channel]),
        button: { label: 'Ver alteração', url: `/order/edit/${row.id}` },
      },
      ...replies,
    ],
    contentKey: `order-edit:${row.id}`,
    idempotencyKey: null,
    dedupeKey: `order-edit:${row.id}`,
    sessionLinkPart: 0,
  });
}
