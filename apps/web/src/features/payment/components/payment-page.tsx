/**
 * /order/payment (spec §2, §4 "Payment"): loads the order awaiting payment and its payment account, then
 * - 'link' → the browser goes to the order's payment link;
 * - 'mercadopago' → the Mercado Pago embedded card form;
 * - otherwise ('vitrine', 'pagarme') → the card page.
 * An order whose method is not a card shows 'Método de pagamento não encontrado' / 'Método de pagamento não é
 * cartão de crédito'.
 */
import { lazy, Suspense, useEffect } from 'react';
import { PaymentMethod } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import { PageSkeleton } from '../../../components/page-skeleton';
import { StatusMessage } from '../../../components/status-message';
import { usePaymentSetup } from '../hooks/use-payment-setup';
import { PAYMENT_MESSAGES } from '../lib/payment-outcome';
import { CardPaymentPage } from './card-payment-page';
import './payment.css';

// Only Mercado Pago accounts need it: its own chunk.
const MercadoPagoPayment = lazy(() =>
  import('./mercado-pago-payment').then((m) => ({ default: m.MercadoPagoPayment })),
);

function LinkRedirect({ link }: { link: string }) {
  useEffect(() => window.location.replace(link), [link]);
  return (
    <p className="page page__lead" role="status">
      Redirecionando para o pagamento...
    </p>
  );
}

function methodProblem(order: Order): string | null {
  if (order.payment.method === null) return PAYMENT_MESSAGES.noMethod;
  if (order.payment.method !== PaymentMethod.CreditCard) return PAYMENT_MESSAGES.notCard;
  return null;
}

function Problem({ message, retry }: { message: string; retry?: () => void }) {
  return (
    <div className="page">
      <StatusMessage tone="warning" title={message}>
        {retry && (
          <button type="button" className="button button--outline" onClick={retry}>
            Tentar novamente
          </button>
        )}
      </StatusMessage>
    </div>
  );
}

export function PaymentPage() {
  const setup = usePaymentSetup();
  if (setup.state === 'loading') return <PageSkeleton />;
  if (setup.state === 'failed') return <Problem message={setup.message} retry={setup.retry} />;

  const { order, account } = setup;
  if (account.type === 'link') {
    return order.payment.link ? (
      <LinkRedirect link={order.payment.link} />
    ) : (
      <Problem message={PAYMENT_MESSAGES.noMethod} />
    );
  }
  const problem = methodProblem(order);
  if (problem) return <Problem message={problem} />;
  if (account.type === 'mercadopago') {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <MercadoPagoPayment order={order} publicKey={account.publicKey ?? ''} />
      </Suspense>
    );
  }
  return <CardPaymentPage order={order} account={account} />;
}
