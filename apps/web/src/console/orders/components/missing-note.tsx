/**
 * What a placed order still lacks before the shop can act on it (issue 38): an order confirmed from the customer
 * link without a payment method or a delivery choice says so, and offers the next step — asking the contact on
 * WhatsApp with the question written for them.
 */
import type { OrderDetail } from '@vitrine/contracts/console-orders';
import { whatsAppLink } from '@vitrine/contracts/format';

/** What the order lacks, in words ('a forma de pagamento'); empty when nothing is missing or it is closed. */
export function missingOf(order: OrderDetail): string[] {
  if (order.status === 'canceled' || order.status === 'error' || order.status === 'finalized') return [];
  const missing: string[] = [];
  if (order.paymentMethod === null) missing.push('a forma de pagamento');
  if (!order.logistic) missing.push('a entrega ou retirada');
  else if (order.logistic.kind === 'delivery' && !order.address) missing.push('o endereço de entrega');
  return missing;
}

/** 'a, b e c'. */
const listText = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}` : (items[0] ?? '');

export function OrderMissing({ order }: { order: OrderDetail }) {
  const missing = missingOf(order);
  if (missing.length === 0) return null;
  const what = listText(missing);
  const phone = order.customerData.phone ?? order.customer.phone;
  const name = (order.customerData.name ?? order.customer.name)?.split(' ')[0];
  const question = `Olá${name ? `, ${name}` : ''}! Recebemos seu pedido nº ${order.number}. Para continuar, falta escolher ${what}. Como você prefere?`;
  return (
    <section className="console-card order-missing" aria-labelledby="order-missing-title">
      <h2 id="order-missing-title" className="console-subtitle">
        Falta definir
      </h2>
      <p>O cliente confirmou o pedido sem escolher {what}. Combine com ele antes de separar o pedido.</p>
      {phone && (
        <a
          className="button button--primary order-missing__ask"
          href={whatsAppLink(phone, question)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Perguntar ao cliente no WhatsApp
        </a>
      )}
    </section>
  );
}
