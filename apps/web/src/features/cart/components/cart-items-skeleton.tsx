import { Skeleton } from '../../../components/skeleton';

/** Three placeholder lines while the order loads (spec §2), with the real rows' height. */
export function CartItemsSkeleton() {
  return (
    <ul className="cart__items" role="status" aria-live="polite">
      <li className="visually-hidden">Carregando itens do pedido…</li>
      {[0, 1, 2].map((row) => (
        <li key={row} className="cart-item" aria-hidden="true">
          <Skeleton shape="block" width={72} height={72} />
          <div className="cart-item__body">
            <Skeleton width="70%" height={18} />
            <Skeleton width="40%" height={14} />
            <Skeleton width="30%" height={18} />
          </div>
          <div className="cart-item__controls">
            <Skeleton shape="block" width={110} height={36} />
          </div>
        </li>
      ))}
    </ul>
  );
}
