/**
 * /order/checkout: the agent checkout (spec §2 "Agent checkout"): sections 1–7 in order, then the footer.
 * The order is reloaded on arrival; the form comes back from `checkout_data` for the same session user and
 * takes the order's choices over it. Confirm and cancel lead to /finish.
 */
import { useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { OrderStatus, PaymentMethod, Step } from '@vitrine/contracts/enums';
import { MessageDialog } from '../../../components/message-dialog';
import { useLiveOrder } from '../../../stores/order/current-order';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useAppStore, useCurrentOrder, useSession, useShopSettings } from '../../../stores/app-store';
import { refreshCurrentOrder } from '../../../stores/order/current-order';
import { getPaymentOptions } from '../api/get-payment-options';
import { checkoutActions, useCheckoutDialog, useCheckoutForm } from '../hooks/checkout-store';
import { useCheckoutActions } from '../hooks/use-checkout-actions';
import { useCheckoutList } from '../hooks/use-checkout-list';
import { useCustomerAutosave } from '../hooks/use-customer-autosave';
import { customerFields, EMPTY_FORM } from '../lib/checkout-form';
import { customerBody, customerErrors } from '../lib/customer-rules';
import { confirmLabel, methodName, paymentLinkError } from '../lib/payment-rules';
import { CheckoutFooter } from './checkout-footer';
import { ContactSection } from './contact-section';
import { DeliverySection } from './delivery-section';
import { ItemsSection } from './items-section';
import { PaymentSection } from './payment-section';
import { ScheduleSection } from './schedule-section';
import { StoreSection } from './store-section';
import { SummarySection } from './summary-section';
import './checkout.css';

export function CheckoutPage() {
  const session = useSession();
  const order = useCurrentOrder();
  useLiveOrder(); // the agent checkout follows the order live
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void refreshCurrentOrder(controller.signal).then(() => {
      if (controller.signal.aborted) return;
      const { session: current, order: latest } = useAppStore.getState();
      if (current) checkoutActions.start(current, latest);
      setReady(true);
    });
    return () => controller.abort();
  }, []);

  if (!ready || !session || !order) return <PageSkeleton />;
  if (order.status === OrderStatus.Canceled) return <Redirect to="/finish" replace />;
  if (order.status !== OrderStatus.Creating)
    return (
      <section className="page checkout">
        <h1 className="page__title">Finalizar pedido</h1>
      </section>
    );
  return <CheckoutForm />;
}

function CheckoutForm() {
  const session = useSession();
  const order = useCurrentOrder();
  const settings = useShopSettings();
  const form = useCheckoutForm();
  const dialog = useCheckoutDialog();
  const actions = useCheckoutActions();
  const [showAllErrors, setShowAllErrors] = useState(false);
  const payments = useCheckoutList(getPaymentOptions, 'payments', 'Falha ao carregar opções de pagamento');
  const rules = {
    enableCnpj: settings?.enableCnpj ?? false,
    enableBirthDate: settings?.enableBirthDate ?? false,
  };
  const [saved] = useState(() =>
    customerBody({ ...EMPTY_FORM, ...customerFields(session?.userShop.customer) }, rules),
  );
  const flushCustomer = useCustomerAutosave(form, rules, saved);
  if (!order || !settings) return null;
  const errors = customerErrors(form, rules);

  const onConfirm = async () => {
    const firstError = Object.values(errors)[0];
    const linkError =
      form.paymentMethod === PaymentMethod.CreditCard && form.manualPaymentOption
        ? paymentLinkError(form.manualPaymentOption)
        : null;
    if (firstError || linkError) {
      setShowAllErrors(true);
      checkoutActions.showDialog('Finalizar Pedido', firstError ?? linkError ?? '');
      return;
    }
    await flushCustomer();
    await actions.confirm({
      ...customerBody(form, rules),
      paymentMethod: form.paymentMethod,
      manualPaymentInformation: form.manualPaymentOption || null,
    });
  };

  return (
    <section className="page checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="page__title">
        Finalizar pedido
      </h1>
      <div className="checkout__layout">
        <div className="checkout__main">
          <StoreSection />
          <DeliverySection />
          {settings.steps.includes(Step.Schedule) && <ScheduleSection />}
          <ItemsSection order={order} />
          <ContactSection
            errors={errors}
            showAll={showAllErrors}
            enableCnpj={rules.enableCnpj}
            enableBirthDate={rules.enableBirthDate}
          />
          <PaymentSection order={order} options={payments.items} />
        </div>
        <aside className="checkout__aside">
          <SummarySection order={order} />
          <CheckoutFooter
            confirmText={confirmLabel(
              settings.disableChargeOrders,
              methodName(form.paymentMethod, payments.items),
            )}
            isInSemiAutomatic={order.isInSemiAutomatic}
            onConfirm={() => void onConfirm()}
          />
        </aside>
      </div>
      <MessageDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        onClose={checkoutActions.closeDialog}
      />
    </section>
  );
}

/** The placed order's delivery step (/order/delivery/:orderId) ships in this page's chunk (app/routes.tsx). */
export { PlacedDeliveryPage } from './placed-delivery-page';
