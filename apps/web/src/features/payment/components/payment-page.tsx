import { PlaceholderPage } from '../../../components/placeholder-page';

/** /order/payment: payment (to be built). */
export function PaymentPage() {
  return <PlaceholderPage title="Pagamento" text="Em breve você poderá pagar seu pedido por aqui." />;
}
