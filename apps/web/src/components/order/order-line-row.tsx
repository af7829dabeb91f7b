/**
 * One order line of the cart and the agent checkout (spec §2 "Cart"): image, name, attributes, subscription text, unit (or promotional) price,
 * line total, quantity selector and a remove button. Gift lines read 'Brinde', are free, and can be neither
 * changed nor removed here.
 */
import type { OrderItem } from '@vitrine/contracts/order';
import { formatReais, formatBRL, reaisToCents } from '@vitrine/contracts/money';
import { PriceView } from '../price-view';
import { QuantitySelector } from '../quantity-selector';
import { lineAttributesText, lineSubscriptionText } from '../../stores/order/order-lines';

export interface OrderLineRowProps {
  item: OrderItem;
  /** The quantity shown (a pending change first). */
  quantity: number;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
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
        {!item.isGift && (
          <PriceView size="sm" price={item.unitPrice} promotionalPrice={item.promotionalPrice} />
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
