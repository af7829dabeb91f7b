/**
 * One order line of the cart and the agent checkout (spec §2 "Cart"): image, name, attributes, subscription text, unit (or promotional) price,
 * line total, quantity selector and a remove button. Gift lines read 'Brinde', are free, and can be neither
 * changed nor removed here.
 */
import type { OrderItem } from '@vitrine/contracts/order';
import { formatReais, formatBRL, reaisToCents } from '@vitrine/contracts/money';
import { formatWeight, kiloPriceCents, lineWeightKg } from '@vitrine/contracts/format';
import { PriceView } from '../price-view';
import { stockAmountText } from '@vitrine/contracts/stock';
import { useIsPlatformUser } from '../../stores/app-store';
import { QuantitySelector } from '../quantity-selector';
import { lineAttributesText, lineSubscriptionText } from '../../stores/order/order-lines';

export interface OrderLineRowProps {
  item: OrderItem;
  /** The quantity shown (a pending change first). */
  quantity: number;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * A kilo line's weight for `quantity` and its price per kg (spec §9): '1 kg (2 × 500 g) · R$ 12,90/kg'; null for
 * a unit line. The quantity selector counts portions, hence the portions in brackets.
 */
export function lineWeightText(item: OrderItem, quantity: number): string | null {
  const kg = lineWeightKg({ ...item, quantity });
  if (kg === null) return null;
  const portion = item.amountInKilo ?? 1;
  const portions = quantity === 1 ? '' : ` (${quantity.toLocaleString('pt-BR')} × ${formatWeight(portion)})`;
  const perKg = item.isGift
    ? null
    : kiloPriceCents(reaisToCents(item.promotionalPrice ?? item.unitPrice), item);
  return `${formatWeight(kg)}${portions}${perKg === null ? '' : ` · ${formatBRL(perKg)}/kg`}`;
}

/** The line total for `quantity`: the server's when it is the line's quantity, else estimated in centavos. */
function lineTotal(item: OrderItem, quantity: number): string {
  if (item.isGift) return 'Grátis';
  if (quantity === item.quantity) return formatReais(item.totalAmout);
  const unitCents = reaisToCents(item.promotionalPrice ?? item.unitPrice);
  return formatBRL(Math.round(unitCents * quantity));
}

export function OrderLineRow({ item, quantity, onQuantity, onRemove }: OrderLineRowProps) {
  const attributes = lineAttributesText(item.attributes);
  const subscription = lineSubscriptionText(item.subscription);
  const image = item.images[0];
  const pending = quantity !== item.quantity;
  const isAgent = useIsPlatformUser();
  const left = item.isGift ? null : (item.stockLeft ?? null);
  const weight = lineWeightText(item, quantity);
  return (
    <li className={`cart-item${item.isGift ? ' cart-item--gift' : ''}`}>
      <div className="cart-item__image">
        {image ? (
          <img src={image} alt="" width={72} height={72} loading="lazy" decoding="async" />
        ) : (
          <span className="cart-item__no-image" aria-hidden="true" />
        )}
      </div>
      <div className="cart-item__body">
        <p className="cart-item__name">
          {item.name}
          {item.isGift && <span className="chip chip--secondary cart-item__badge">Brinde</span>}
        </p>
        {attributes && <p className="cart-item__meta">{attributes}</p>}
        {subscription && <p className="cart-item__meta">{subscription}</p>}
        {weight && (
          <p className="cart-item__meta cart-item__weight">
            <span className="visually-hidden">Peso: </span>
            {weight}
          </p>
        )}
        {!item.isGift && (
          <PriceView size="sm" price={item.unitPrice} promotionalPrice={item.promotionalPrice} />
        )}
        {isAgent && left !== null && (
          <p className="cart-item__meta">Estoque: {stockAmountText(Math.max(left, 0), item.soldInKilo)}</p>
        )}
      </div>
      <div className="cart-item__controls">
        <QuantitySelector
          size="sm"
          value={quantity}
          onChange={onQuantity}
          onZero={item.isGift ? undefined : onRemove}
          readOnly={item.isGift}
          itemName={item.name}
          {...(left !== null && !item.soldInKilo ? { max: Math.max(1, left) } : {})}
        />
        <p className={`cart-item__total${pending ? ' cart-item__total--pending' : ''}`}>
          <span className="visually-hidden">Total do item: </span>
          {lineTotal(item, quantity)}
        </p>
        {!item.isGift && (
          <button
            type="button"
            className="cart-item__remove"
            title="Remover do carrinho"
            aria-label={`Remover ${item.name} do carrinho`}
            onClick={onRemove}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM8 9h8v10H8V9zm7.5-5-1-1h-5l-1 1H5v2h14V4z"
              />
            </svg>
          </button>
        )}
      </div>
    </li>
  );
}
