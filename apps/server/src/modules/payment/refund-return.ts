/**
 * 'Recebido no estoque' (issue 34, decision 0050): the items of a refund that asked for them back are received,
 * once, line by line as sellable or damaged (never more than the refund gave back); the sellable ones come back
 * to stock in the same transaction (stock ledger reason 'return', with the order), the damaged ones do not. Only
 * a finalized order sold its stock, so only its returns go back on the shelf.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { ReceiveReturnBody } from '@vitrine/contracts/order-refunds';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOrderItems } from '../order/service.ts';
import { returnOrderStock } from '../stock/service.ts';
import { lockPlacedOrder } from './manual.ts';
import type { RefundActor } from './refund-grant.ts';
import { findRefund, listRefundLines, markReturnReceived, type RefundRow } from './refund-repository.ts';

export async function receiveReturn(
  tx: Queryable,
  shopId: string,
  orderId: string,
  refundId: string,
  body: ReceiveReturnBody,
  actor: RefundActor,
): Promise<{ refund: RefundRow; restocked: number }> {
  const order = await lockPlacedOrder(tx, shopId, orderId);
  const refund = await findRefund(tx, shopId, refundId);
  if (!refund || refund.order_id !== orderId) throw new AppError('notFound', 'refundNotFound');
  if (!refund.restock) throw new AppError('unprocessable', 'refundNoReturn');
  if (refund.return_received_at) throw new AppError('conflict', 'refundReturnReceived');
  if (order.status !== OrderStatus.Finalized) throw new AppError('conflict', 'refundReturnNotSold');
  const lines = new Map((await listRefundLines(tx, [refund.id])).map((l) => [l.item_id, l]));
  const names = new Map((await findOrderItems(tx, orderId)).map((i) => [i.id, i.name]));
  const received = body.lines.map((line) => {
    const granted = lines.get(line.itemId);
    if (!granted) throw new AppError('unprocessable', 'refundLineUnknown');
    if (line.sellable + line.damaged > granted.quantity + 1e-9)
      throw new AppError('unprocessable', 'refundReturnAbove', {
        name: names.get(line.itemId) ?? '',
        left: String(granted.quantity),
      });
    return { item_id: line.itemId, sellable: line.sellable, damaged: line.damaged };
  });
  if (!(await markReturnReceived(tx, refund.id, actor.name, received)))
    throw new AppError('conflict', 'refundReturnReceived');
  const number = order.number ?? undefined;
  const restocked = await returnOrderStock(
    tx,
    shopId,
    orderId,
    { actor: 'staff', staffId: actor.id },
    received.map((r) => ({ itemId: r.item_id, quantity: r.sellable })),
    `Devolução do pedido nº ${number ?? ''}`.trim(),
  );
  return { refund: (await findRefund(tx, shopId, refund.id))!, restocked };
}
