/**
 * An order sent from WhatsApp's own catalogue (issue 35), placed by the cart's own code as the contact's confirm
 * places one: the lines written by `applyItem` (our catalogue's and price table's prices, variants, restricted and
 * inactive products refused), then `placeLockedOrder` (settle, §5 limits, Creating → Received, which holds the
 * stock, decision 0044). The contact's open cart is set aside first and put back in a new cart afterwards, so the
 * catalogue order neither swallows nor loses what the contact had picked in the storefront.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import { formatBRL } from '@vitrine/contracts/money';
import type { SetItemBody } from '@vitrine/contracts/order-api';
import { stockShortMessage } from '@vitrine/contracts/stock';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { deleteLines } from './cart-repository.ts';
import { getOrCreateCurrentOrderRow, lockedChange, settle, type OrderChange } from './change.ts';
import { placeLockedOrder } from './confirm.ts';
import type { OrderItemRow } from './line-repository.ts';
import { applyItem } from './items.ts';
import { lineTotalCents } from './pricing.ts';
import { stockNeed, type OrderState } from './serialize.ts';

/** One unit the message asks for, found in our catalogue. */
export type CatalogLine = {
  /** The unit's name, for the agent's list when the cart refuses it. */
  name: string;
  providerId: string;
  /** The variant by its SKU, else by its options; neither for a product without variants. */
  sku: string | null;
  options: Record<string, string> | null;
  quantity: number;
  /** WhatsApp's unit price in centavos when it was in reais (null: another currency, not compared). */
  whatsAppPriceCents: number | null;
};

export type CatalogPlacement = {
  /** The placed order, or null when no line could be placed. */
  placed: OrderState | null;
  /** Lines the cart refused (inactive, variant unavailable, restricted): the unit's name. */
  unavailable: string[];
  /** Lines beyond what is left: 'Não há mais … em estoque.', 'Só restam 2 unidades de …'. */
  soldOut: string[];
  /** 'Café (WhatsApp R$ 10,00; cobrado R$ 12,90)'. */
  repriced: string[];
};

type Choice = { sku: string | null; options: Record<string, string> | null };

const bodyOf = (providerId: string, quantity: number, { sku, options }: Choice): SetItemBody => ({
  providerId,
  quantity,
  sku,
  attributes: options
    ? Object.entries(options).map(([attribute, option]) => ({
        providerId: attribute,
        optionProviderId: option,
      }))
    : null,
});

/** The cart line as the storefront would send it again (what is set aside and put back). */
const asideOf = (line: OrderItemRow): SetItemBody => ({
  ...bodyOf(
    line.product_provider_id,
    line.quantity,
    line.attributes.length
      ? {
          sku: null,
          options: Object.fromEntries(line.attributes.map((a) => [a.providerId, a.optionProviderId])),
        }
      : { sku: line.sku, options: null },
  ),
  subscription: line.subscription,
  preferences: line.preferences,
});

/** Puts set-aside lines back (those the catalogue no longer sells are left out) and writes them. */
async function putBack(change: OrderChange, aside: SetItemBody[]): Promise<void> {
  for (const body of aside) await applyItem(change, body).catch(skipRefusal);
  await settle(change);
}

/**
 * The contact's open cart, locked (created when none): a lock that waited for another transaction placing the
 * cart reads it placed, and then looks again (each statement sees what committed meanwhile).
 */
async function lockOpenCart(tx: Queryable, session: SessionContext): Promise<OrderChange> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await getOrCreateCurrentOrderRow(tx, session);
    const change = await lockedChange(tx, session);
    if (change?.order.status === OrderStatus.Creating) return change;
  }
  throw new AppError('conflict', 'orderNotEditable');
}

function skipRefusal(error: unknown): void {
  if (!(error instanceof AppError)) throw error;
}

/**
 * Places `lines` as an order of the session's contact in `tx` (the caller's transaction, which claimed the
 * message): what the cart refuses or the stock cannot cover is left out and listed; with nothing left, no order
 * (the contact's cart untouched). Throws the confirm's 422 (a shop minimum) like the storefront's confirm.
 */
export async function placeCatalogOrder(
  tx: Queryable,
  session: SessionContext,
  lines: CatalogLine[],
): Promise<CatalogPlacement> {
  const result: CatalogPlacement = { placed: null, unavailable: [], soldOut: [], repriced: [] };
  const change = await lockOpenCart(tx, session);
  const aside = change.items.filter((line) => !line.is_gift).map(asideOf);
  await tx.query('savepoint catalog_order');
  if (change.items.length) {
    change.writes.push(
      deleteLines(
        change.order.id,
        change.items.map((line) => line.id),
      ),
    );
    change.items = [];
    await settle(change);
  }
  for (const line of lines) {
    const before = change.items.length;
    try {
      await applyItem(change, bodyOf(line.providerId, line.quantity, line));
    } catch (error) {
      skipRefusal(error);
      result.unavailable.push(line.name);
      continue;
    }
    const item = change.items[change.items.length - 1]!;
    if (change.items.length !== before + 1) throw new Error('a catalogue line did not add one cart line');
    if (item.stock_left != null && stockNeed(item) > item.stock_left) {
      // Nothing is written before settle: the new line's queued insert is taken back with it.
      change.writes.pop();
      change.items.pop();
      result.soldOut.push(stockShortMessage(item.name, item.stock_left, item.sold_in_kilo));
      continue;
    }
    const charged = lineTotalCents(item.unit_price_cents, item.promotional_price_cents, 1);
    if (line.whatsAppPriceCents !== null && line.whatsAppPriceCents !== charged)
      result.repriced.push(
        `${item.name} (WhatsApp ${formatBRL(line.whatsAppPriceCents)}; cobrado ${formatBRL(charged)})`,
      );
  }
  if (!change.items.length) {
    await tx.query('rollback to savepoint catalog_order'); // the cart as it was, its lines' indices too
    return result;
  }
  const order = await placeLockedOrder(change);
  result.placed = { ...change, order };
  if (aside.length) await putBack(await lockOpenCart(tx, session), aside);
  return result;
}
