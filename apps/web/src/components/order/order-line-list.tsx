/** The editable order lines of the cart and of the agent checkout: one row per line, debounced quantity, removal. */
import type { OrderItem } from '@vitrine/contracts/order';
import type { LineQuantities } from '../../stores/order/line-quantities';
import { OrderLineRow } from './order-line-row';
import './order-lines.css';

type Labelled = { 'aria-label': string } | { 'aria-labelledby': string };

export function OrderLineList({
  lines,
  quantities,
  ...labelled
}: { lines: OrderItem[]; quantities: LineQuantities } & Labelled) {
  return (
    <ul className="cart__items" {...labelled}>
      {lines.map((item) => (
        <OrderLineRow
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
