/**
 * Card payment page (spec §2 "Card payment page", §5 card-form rules, §9 card constants): card preview, card type,
 * installments, card data, CPF (CNPJ read-only when corporate and enabled), billing address, total and savings,
 * 'Finalizar pagamento' and 'Alterar forma de pagamento'. Results open the §8 dialogs; Paid goes to /finish.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Order } from '@vitrine/contracts/order';
import type { PaymentAccount } from '@vitrine/contracts/payment';
import { MessageDialog } from '../../../components/message-dialog';
import { useSession, useShopSettings } from '../../../stores/app-store';
import { useCardBrand } from '../hooks/use-card-brand';
import { useCardForm } from '../hooks/use-card-form';
import { useCardOptions } from '../hooks/use-card-options';
import { useCardPayment } from '../hooks/use-card-payment';
import { useLivePayment } from '../../../stores/order/live-payment';
import { PAYMENT_MESSAGES } from '../lib/payment-outcome';
import { useChangePaymentMethod } from '../hooks/use-change-payment-method';
import { cardFormProblems, initialCardForm, usesCnpj } from '../lib/card-form';
import { BillingFields } from './billing-fields';
import { CardFields } from './card-fields';
import { CardPreview } from './card-preview';
import { PaymentResultDialog } from './payment-result-dialog';
import { PaymentTotal } from './payment-total';

// Only a payment that asks for the captcha needs it: its own chunk.
const CaptchaDialog = lazy(() => import('./captcha-dialog').then((m) => ({ default: m.CaptchaDialog })));

export interface CardPaymentPageProps {
  order: Order;
  account: PaymentAccount['settings'];
}

export function CardPaymentPage({ order: loadedOrder, account }: CardPaymentPageProps) {
  const session = useSession();
  const settings = useShopSettings();
  const customer = session?.userShop.customer ?? null;
  const cnpj = usesCnpj(customer, settings?.enableCnpj === true);
  const [order, setOrder] = useState(loadedOrder);
  const options = useCardOptions();
  const card = useCardForm(
    () =>
      initialCardForm(
        customer,
        cnpj,
        session?.userShop.addresses.find((address) => address.isDefault) ?? session?.userShop.addresses[0],
        loadedOrder.cardPlan,
      ),
    cnpj,
    useCallback((updated: Order) => setOrder(updated), []),
  );
  const brand = useCardBrand(card.form.number);
  const payment = useCardPayment(account, card.form, cnpj);
  useLivePayment(loadedOrder.id, { onExpired: () => payment.showResult(PAYMENT_MESSAGES.expired) });
  const { dialog } = payment;
  const method = useChangePaymentMethod();
  const changeMethod = () => {
    payment.closeDialog();
    void method.changeMethod();
  };

  const invalid = useMemo(
    () => new Set(payment.attempted ? cardFormProblems(card.form, cnpj) : []),
    [payment.attempted, card.form, cnpj],
  );
  const plan =
    options.state === 'ready'
      ? (options.options
          .find((option) => option.providerId === card.form.providerId)
          ?.installments.find((p) => p.count === card.form.installments) ?? null)
      : null;
  const locked = payment.busy || method.changing;
  const formRef = useRef<HTMLFormElement>(null);
  /** After a refused card the shopper fixes the card first: its number field takes the focus. */
  const cardNumberField = () =>
    formRef.current?.querySelector<HTMLElement>('input[autocomplete="cc-number"]');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void payment.submit();
    // An incomplete form: take the shopper to the first field to fix (marked once this render commits).
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return (
    <section className="page card-payment" aria-labelledby="card-payment-title">
      <h1 id="card-payment-title" className="page__title">
        Pagamento com cartão
      </h1>
      <div className="card-payment__layout">
        <div className="card-payment__aside">
          <CardPreview
            number={card.form.number}
            name={card.form.name}
            expiry={card.form.expiry}
            brand={brand}
          />
          <PaymentTotal order={order} plan={plan} updating={card.updatingInstallments} />
        </div>
        <form ref={formRef} className="payment-form" onSubmit={onSubmit} noValidate aria-busy={payment.busy}>
          <CardFields card={card} options={options} invalid={invalid} disabled={locked} />
          <BillingFields card={card} cnpj={cnpj} invalid={invalid} disabled={locked} />
          <div className="payment-form__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={locked || card.updatingInstallments}
            >
              {payment.busy ? 'Processando...' : 'Finalizar pagamento'}
            </button>
            <button type="button" className="button button--outline" disabled={locked} onClick={changeMethod}>
              Alterar forma de pagamento
            </button>
          </div>
        </form>
      </div>
      <PaymentResultDialog
        message={dialog.kind === 'result' ? dialog.message : null}
        onChangeMethod={changeMethod}
        onClose={payment.closeDialog}
        returnFocus={cardNumberField}
      />
      {dialog.kind === 'captcha' && (
        <Suspense fallback={null}>
          <CaptchaDialog
            recaptchaKey={dialog.recaptchaKey}
            refused={dialog.refused}
            round={dialog.round}
            busy={payment.busy}
            onToken={(token) => void payment.submitCaptcha(token)}
            onClose={payment.closeDialog}
          />
        </Suspense>
      )}
      <MessageDialog
        open={dialog.kind === 'message'}
        title="Pagamento"
        message={dialog.kind === 'message' ? dialog.message : ''}
        onClose={payment.closeDialog}
      />
    </section>
  );
}
