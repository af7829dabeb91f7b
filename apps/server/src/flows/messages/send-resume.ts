/**
 * Send order summary (spec §4, §7 `GET /api/order/send/resume`): items, quantities, amounts, delivery and
 * total of the contact's current order, formatted for the chat and split to the channel's limit, with a
 * link to the cart (new contact session). 422 'Adicione itens ao pedido.' for an empty order.
 */
import type { SendResult } from '@vitrine/contracts/messaging';
import { AppError } from '../../lib/app-error.ts';
import { resumeParts } from '../../modules/messaging/service.ts';
import { getCurrentOrder } from '../../modules/order/service.ts';
import { contactTarget } from '../../modules/outbox/service.ts';
import { contactLink, queueForContact, shopName, type SendContext } from './send-common.ts';

export async function sendResumeToContact(ctx: SendContext): Promise<SendResult> {
  const target = contactTarget(ctx.session);
  const order = await getCurrentOrder(ctx.db, ctx.session);
  if (!order.items.length) throw new AppError('unprocessable', 'orderEmpty');
  const link = await contactLink(ctx, '/order');
  const parts = resumeParts(await shopName(ctx.db, ctx.session.shopId), order, target.limit, link);
  const content = parts.map((part) => part.text);
  return queueForContact(ctx, target, 'resume', parts, content);
}
