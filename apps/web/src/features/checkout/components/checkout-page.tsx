import { PlaceholderPage } from '../../../components/placeholder-page';

/** /order/checkout: the agent checkout (to be built). */
export function CheckoutPage() {
  return (
    <PlaceholderPage
      title="Finalizar pedido"
      text="Em breve você poderá concluir o pedido do cliente por aqui."
    />
  );
}
