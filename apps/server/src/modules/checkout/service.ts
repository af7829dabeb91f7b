/** The checkout module's public face: what routes, flows and other modules use of it (docs/architecture.md). */
export { changeCheckout } from './change.ts';
export { couponProblem } from './coupon.ts';
export { issueContactCoupon } from './contact-coupon.ts';

// What routes, flows and plugins use of the module (issue 30: they import it through this face only).
export { applyCoupon, setManualDiscount } from './coupon.ts';
export { createCoupon, editCoupon, shopCoupons } from './coupon-admin.ts';
export { editAdjust } from './edit.ts';
export { selectLogistic, selectSlot, setManualLogistic } from './delivery.ts';
export {
  allPriceRows,
  createPriceTable,
  pricePageOf,
  priceTableIds,
  removePriceTable,
  renameTable,
  savePrices,
  shopPriceTables,
  tableOf,
} from './price-table-admin.ts';
export type { PriceInput } from './price-table-admin.ts';
export { skuTargets } from './price-table-repository.ts';
export { listPriceTables, setPriceTable, setSeller } from './sellers.ts';
