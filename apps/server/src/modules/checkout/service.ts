/** The checkout module's public face: what other modules may use of it (docs/architecture.md). */
export { changeCheckout } from './change.ts';
export { couponProblem } from './coupon.ts';
