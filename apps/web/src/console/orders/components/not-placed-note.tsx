/**
 * The board's 'Pedidos do WhatsApp não criados' (issue 35): catalogue orders sent from WhatsApp of which nothing
 * could be placed make no order, so they are listed here for a week — who sent them, when, why — with a link to
 * the contact's WhatsApp chat to follow up (the contact was already told, with a link to the catalogue).
 */
import { formatPhone, whatsAppLink } from '@vitrine/contracts/format';
import { formatDateTime } from '../../components/format-date';
import { useNotPlacedCatalogOrders } from '../api/orders';

export function NotPlacedNote({ shop, timeZone }: { shop: string; timeZone: string }) {
  const list = useNotPlacedCatalogOrders(shop);
  const messages = list.data?.messages ?? [];
  if (messages.length === 0) return null;
  return (
    <section className="console-card orders-not-placed" aria-labelledby="orders-not-placed-title">
      <h2 id="orders-not-placed-title" className="console-subtitle">
        Pedidos do WhatsApp não criados
      </h2>
      <p className="console-muted">
        Pedidos enviados pelo catálogo do WhatsApp nos últimos 7 dias sem nenhum item que pudesse ser pedido.
        O cliente já recebeu o motivo e o link do catálogo; fale com ele se precisar.
      </p>
      <ul className="console-list">
        {messages.map((message) => (
          <li key={message.messageId} className="console-list__item orders-not-placed__item">
            <strong>{message.contactName ?? (message.phone ? formatPhone(message.phone) : 'Cliente')}</strong>
            <span className="console-muted">{formatDateTime(message.receivedAt, timeZone)}</span>
            <ul>
              {message.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
            {message.phone && (
              <a href={whatsAppLink(message.phone)} target="_blank" rel="noreferrer">
                Conversar no WhatsApp
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
