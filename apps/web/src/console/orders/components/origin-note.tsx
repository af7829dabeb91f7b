/**
 * An order sent from WhatsApp's own catalogue (issue 35): it says so, and lists what the agent must sort out with
 * the contact — items the shop does not sell or could not cover, prices that differed from WhatsApp's, the
 * contact's own text.
 */
import { ORDER_ORIGIN_LABELS, type OrderDetail } from '@vitrine/contracts/console-orders';

export function OrderOrigin({ order }: { order: OrderDetail }) {
  if (!order.origin) return null;
  return (
    <section className="console-card order-origin" aria-labelledby="order-origin-title">
      <h2 id="order-origin-title" className="console-subtitle">
        {ORDER_ORIGIN_LABELS[order.origin]}
      </h2>
      {order.originNotes.length ? (
        <ul>
          {order.originNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : (
        <p>Todos os itens enviados pelo cliente estão no pedido, com os preços da loja.</p>
      )}
    </section>
  );
}
