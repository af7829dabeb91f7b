/**
 * The order module's public face (docs/architecture.md): what routes, flows and other modules use of it. The work
 * is in the files it names: change.ts (the unit of work: lock or cached copy, change, settle in one statement),
 * current-order.ts (the current order as read), confirm.ts and agent-confirm.ts (the two confirms), status.ts
 * (the transitions table).
 */
export {
  actorOf,
  changeCurrentOrder,
  getOrCreateCurrentOrderRow,
  lockedChange,
  setCheckout,
  settle,
  settleInto,
  type OrderChange,
} from './change.ts';
export { assistantRequests, getCurrentOrder, setAssistantSuggestions } from './current-order.ts';
export { confirmCurrentOrder, confirmedOrderState } from './confirm.ts';
export { placeCatalogOrder, type CatalogLine, type CatalogPlacement } from './catalog-order.ts';
export {
  claimCatalogOrder,
  eraseContactCatalogOrders,
  findNotPlacedCatalogOrders,
  recordCatalogOrder,
} from './catalog-order-repository.ts';

// Offered to other modules (a module imports another only through its service.ts: docs/architecture.md).
export { cancelAgentOrder, lockAgentTarget, receiveAgentOrder, type AgentTarget } from './agent-confirm.ts';
export type { CheckoutState, ChosenLogistic } from './checkout-state.ts';
export { configureOrderCaches, forgetShopProducts } from './caches.ts';
export { repriceLines } from './price-table.ts';
export { itemsAmountCents, lineTotalCents, orderAmounts } from './pricing.ts';
export {
  findOpenOrderSeller,
  findOrderAwaitingPayment,
  findUndeliveredPaidOrder,
  findShopOrder,
  findUserOrder,
  lockOrder,
  type OrderRow,
} from './repository.ts';
export { findOrderItems } from './line-repository.ts';
export { serializeOrder } from './serialize.ts';
export { ORDER_STATUS_NAMES, tryTransitionOrder } from './status.ts';

// ── The HTTP layer's face (issue 30): what routes, flows and plugins use from this module's other files. ──
export { findBoardOrder, listBoardOrders, listSlotOrders } from './board-repository.ts';
export type { BoardFilter, BoardOrderRow } from './board-repository.ts';
export { salesAggregates, salesAggregatesRaw } from './sales-report.ts';
export { productSalesIn, type ProductSalesRow } from './product-sales.ts';
export { refreshSalesDays } from './sales-days.ts';
export { funnelCounts, recoveryResults } from './funnel-report.ts';
export { foldFunnelDeltas } from './funnel-days.ts';
export type { SalesAggregateRow, SalesReportFilter } from './sales-report.ts';
export { forgetShopOrders } from './caches.ts';
export { removeGiftTier, saveGiftTier, shopGiftTiers } from './gift-admin.ts';
export { insertGiftRule } from './gift-rules.ts';
export { selectOrderGifts } from './gifts.ts';
export { setOrderItem } from './items.ts';
export { clearPaymentMethod, saveSemiAutomatic, setPlacedPaymentMethod } from './repository.ts';
export {
  cancelByStaff,
  finalizeByStaff,
  moveFulfilment,
  nextFulfilmentSteps,
  staffMoves,
} from './staff-moves.ts';
export type { StaffOrderRow } from './staff-moves.ts';
export { anonymiseContactOrders, contactOrdersHeld, type ContactOrderHeld } from './data-rights.ts';
export {
  applyEdit,
  currentVersion,
  editRefusal,
  editSession,
  lockOrderForEdit,
  previewEdit,
  type EditAdjust,
  type PlacedOrder,
} from './edit.ts';
export {
  decideOrderEdit,
  findOrderEdit,
  insertContactVersion,
  insertOrderEdit,
  listOrderEdits,
  type OrderEditRow,
} from './edit-repository.ts';
