/**
 * What a placed order still lacks before the shop can act on it (issue 38): an order confirmed from the customer
 * link without a store, a payment method, a delivery choice, its address or its slot lists what is missing (the
 * server's `missing`, in that order) and offers the next steps — asking the contact on WhatsApp with the question
 * written for them, and 'Completar pedido': the payment method set here (one the order can still take), the store,
 * delivery, address and slot through 'Editar pedido' (decision 0053, the contact agreeing when the total rises),
 * which its button opens.
 */
import { useState } from 'react';
import {
  ORDER_MISSING_LABELS,
  ORDER_MISSING_TEXT,
  type OrderDetail,
} from '@vitrine/contracts/console-orders';
import { whatsAppLink } from '@vitrine/contracts/format';
import { SelectField } from '../../../components/form-field';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { FormError } from '../../components/form-error';
import { useCompletePayment, useOrderCompletion } from '../api/edits';

/** 'a, b e c'. */
const listText = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}` : (items[0] ?? '');

/** 'Completar pedido' › the payment method: one of the methods the order can still take, set at once. */
function CompletePayment({ shop, orderId }: { shop: string; orderId: string }) {
  const completion = useOrderCompletion(shop, orderId, true);
  const complete = useCompletePayment(shop, orderId);
  const [optionId, setOptionId] = useState('');
  const options = completion.data?.paymentOptions ?? [];
  if (completion.isPending || options.length === 0) return null;
  return (
    <form
      className="order-missing__complete"
      aria-label="Completar pedido"
      onSubmit={(event) => {
        event.preventDefault();
        if (!optionId || !completion.data) return;
        // The promise, not mutate()'s onSuccess: the order refetched on success may no longer render this form, and
        // a callback of an unmounted form never runs (the error stays on the form, through complete.isError).
        complete.mutateAsync({ version: completion.data.version, optionId }).then(
          (done) => showToast(`Forma de pagamento definida: ${done.paymentMethod}.`, { variant: 'success' }),
          () => undefined,
        );
      }}
    >
      <SelectField label="Forma de pagamento" value={optionId} onValue={setOptionId}>
        <option value="">Escolha…</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </SelectField>
      <FormError error={complete.isError ? errorText(complete.error) : null} />
      <button type="submit" className="button button--primary" disabled={!optionId || complete.isPending}>
        {complete.isPending ? 'Salvando…' : 'Definir forma de pagamento'}
      </button>
    </form>
  );
}

export function OrderMissing({
  shop,
  order,
  onEdit,
}: {
  shop: string;
  order: OrderDetail;
  /** Opens 'Editar pedido' (the store, delivery, address and slot are chosen there). */
  onEdit: () => void;
}) {
  const missing = order.missing.map((m) => ORDER_MISSING_TEXT[m]);
  if (missing.length === 0) return null;
  const what = listText(missing);
  const inEdit = order.missing.filter((m) => m !== 'payment').map((m) => ORDER_MISSING_LABELS[m]);
  const phone = order.customerData.phone ?? order.customer.phone;
  const name = (order.customerData.name ?? order.customer.name)?.split(' ')[0];
  const question = `Olá${name ? `, ${name}` : ''}! Recebemos seu pedido nº ${order.number}. Para continuar, falta escolher ${what}. Como você prefere?`;
  return (
    <section className="console-card order-missing" aria-labelledby="order-missing-title">
      <h2 id="order-missing-title" className="console-subtitle">
        Falta definir
      </h2>
      <p>O cliente confirmou o pedido sem escolher {what}. Combine com ele antes de separar o pedido.</p>
      <ul className="order-missing__list" aria-label="O que falta">
        {missing.map((item) => (
          <li key={item}>{item[0]!.toUpperCase() + item.slice(1)}</li>
        ))}
      </ul>
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
      <h3 className="order-missing__subtitle">Completar pedido</h3>
      {order.missing.includes('payment') && <CompletePayment shop={shop} orderId={order.id} />}
      {inEdit.length > 0 && (
        <div className="order-missing__edit">
          <p className="console-muted">
            Loja, entrega, endereço e horário: escolha em “Editar pedido”. Se o total aumentar, o cliente
            confirma a alteração.
          </p>
          <button type="button" className="button button--outline" onClick={onEdit}>
            Escolher {listText(inEdit)}
          </button>
        </div>
      )}
    </section>
  );
}
