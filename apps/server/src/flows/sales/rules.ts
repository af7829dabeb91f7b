/**
 * Console 'Vendas' (issue 18, decision 0035): an owner or manager creates and edits coupons and gift tiers. Each change and its audit entry (who, what, when, old → new in pt-BR words) commit together. The
 * checkout reads coupons and the Pix row from the database at apply, confirm and BR Code time, so the next cart
 * and checkout on every instance see a change at once; a confirmed order keeps the coupon it was confirmed with
 * (its checkout state carries the coupon's kind, value and minimum). Gift tiers reach open carts through the shop-change NOTIFY (decision 0021): every instance drops the open
 * orders it keeps of the shop at once.
 */
import type { CouponBody } from '@vitrine/contracts/console-coupons';
import type { GiftTierBody } from '@vitrine/contracts/console-gifts';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import { createCoupon, editCoupon } from '../../modules/checkout/service.ts';
import { removeGiftTier, saveGiftTier } from '../../modules/order/service.ts';
import { notifyShopChanged } from '../../modules/shop/service.ts';

export type RulesActor = Actor & { shopId: string };

export async function addCoupon(db: Db, actor: RulesActor, body: CouponBody) {
  return db.transaction(async (tx) => {
    const { coupon, changes } = await createCoupon(tx, actor.shopId, body);
    await recordAudit(tx, actor.shopId, actor, 'coupon.created', coupon.id, { code: coupon.code, changes });
    return coupon;
  });
}

export async function changeCoupon(db: Db, actor: RulesActor, id: string, body: CouponBody) {
  return db.transaction(async (tx) => {
    const { coupon, changes } = await editCoupon(tx, actor.shopId, id, body);
    if (changes.length > 0)
      await recordAudit(tx, actor.shopId, actor, 'coupon.changed', coupon.id, { code: coupon.code, changes });
    return coupon;
  });
}

type GiftDeps = { db: Db; forgetShop: (shopId: string) => void };

/** Creates (`id` null) or edits a gift tier; every instance forgets the shop's cached open orders. */
export async function setGiftTier(deps: GiftDeps, actor: RulesActor, id: string | null, body: GiftTierBody) {
  const tier = await deps.db.transaction(async (tx) => {
    const { tier, changes } = await saveGiftTier(tx, actor.shopId, id, body);
    if (changes.length > 0) {
      const action = id ? 'gift.changed' : 'gift.created';
      await recordAudit(tx, actor.shopId, actor, action, tier.id, { name: tier.name, changes });
      await notifyShopChanged(tx, actor.shopId);
    }
    return tier;
  });
  deps.forgetShop(actor.shopId);
  return tier;
}

export async function deleteGiftTier(deps: GiftDeps, actor: RulesActor, id: string) {
  await deps.db.transaction(async (tx) => {
    const { tier, changes } = await removeGiftTier(tx, actor.shopId, id);
    await recordAudit(tx, actor.shopId, actor, 'gift.removed', id, { name: tier.name, changes });
    await notifyShopChanged(tx, actor.shopId);
  });
  deps.forgetShop(actor.shopId);
  return { removed: true };
}
