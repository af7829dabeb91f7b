/**
 * Console 'Pagamentos' (issue 18, decision 0035; gathered by issue 38): an owner or manager sets the shop's Pix
 * receiver and the payment methods it takes. Each change and its audit entry (who, what, when, old → new in pt-BR
 * words) commit together. The checkout reads the Pix row from the database at BR Code time; the payment methods
 * reach open carts through the shop-change NOTIFY (decision 0021): every instance drops the open orders it keeps of
 * the shop at once.
 */
import type { PaymentMethods } from '@vitrine/contracts/console-payment-methods';
import type { PixReceiverBody } from '@vitrine/contracts/console-pix';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import { saveShopPix } from '../../modules/payment/service.ts';
import { saveShopPaymentMethods } from '../../modules/shop/service.ts';

type PaymentsActor = Actor & { shopId: string };

export async function setShopPix(db: Db, actor: PaymentsActor, body: PixReceiverBody) {
  return db.transaction(async (tx) => {
    const { receiver, changes } = await saveShopPix(tx, actor.shopId, body);
    if (changes.length > 0) await recordAudit(tx, actor.shopId, actor, 'pix.changed', null, { changes });
    return { receiver };
  });
}

/** Sets the payment methods the shop takes; new carts and checkouts on every instance offer them at once. */
export async function setPaymentMethods(
  deps: { db: Db; forgetShop: (shopId: string) => void },
  actor: PaymentsActor,
  body: PaymentMethods,
) {
  const saved = await deps.db.transaction(async (tx) => {
    const { saved, changes } = await saveShopPaymentMethods(tx, actor.shopId, body);
    if (changes.length > 0)
      await recordAudit(tx, actor.shopId, actor, 'payment-methods.changed', null, { changes });
    return saved;
  });
  deps.forgetShop(actor.shopId);
  return saved;
}
