/** The editable order lines of the cart and of the agent checkout: one row per line, debounced quantity, removal. */
import type { OrderItem } from '@vitrine/contracts/order';
import type { CartQuantities } from '../hooks/use-cart-quantities';
import { CartItemRow } from './cart-item-row';

type Labelled = { 'aria-label': string } | { 'aria-labelledby': string };

export function OrderLineList({
  lines,
  quantities,
  ...labelled
}: { lines: OrderItem[]; quantities: CartQuantities } & Labelled) {
  return (
    <ul className="cart__items" {...labelled}>
      {lines.map((item) => (
        <CartItemRow
          key={item.index}
          item={item}
          quantity={quantities.quantityOf(item)}
          onQuantity={(quantity) => quantities.setQuantity(item, quantity)}
          onRemove={() => quantities.remove(item)}
        />
      ))}
    </ul>
  );
}
