import { expect, it } from 'vitest';
import { DEFAULT_PAYMENT_METHODS } from '@vitrine/contracts/console-payment-methods';
import { OrderStatus, PaymentMethod } from '@vitrine/contracts/enums';
import { message, seedCheckoutSuite } from '../../modules/checkout/checkout-test-kit.ts';
import { resolveSession } from '../../modules/session/service.ts';
import { saveShopPaymentMethods } from '../../modules/shop/payment-methods.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { readyAgentOrder } from './agent-confirm-test-kit.ts';

/**
 * A method the shop switches off in the console after an agent chose it is refused at confirm (422, the choice's
 * own pt-BR message) and the order stays open; switched back on, the same order confirms (issue 18).
 */
describeEachDb(
  'agent confirmation re-checks the payment method against the shop’s methods',
  (ctx) => {
    it('a custom method switched off after the choice is refused at confirm; on again, it confirms', async () => {
      const { app, db } = ctx();
      const first = await readyAgentOrder(app, '5511955560001', PaymentMethod.CreditCard);
      const { shopId } = (await resolveSession(db, first.code))!;
      const save = (custom: boolean) =>
        db.transaction((tx) =>
          saveShopPaymentMethods(tx, shopId, {
            ...DEFAULT_PAYMENT_METHODS,
            custom,
            customName: 'Vale-refeição',
          }),
        );
      await save(true);
      await first.okCall('POST', `/api/order/payment/method?paymentMethod=${PaymentMethod.Custom}`);

      await save(false);
      const refused = await first.call('POST', '/api/order/confirm', {});
      expect(refused.status).toBe(422);
      expect(message(refused)).toBe('Forma de pagamento indisponível para este pedido.');
      const open = await first.okCall('GET', '/api/order/current');
      expect(open.status).toBe(OrderStatus.Creating);

      await save(true);
      const confirmed = await first.okCall('POST', '/api/order/confirm', {});
      expect(confirmed.status).toBe(OrderStatus.Received);
      // Who sold it is copied onto the order for the reports' split by agent (decision 0056).
      const [sold] = await db.query<{ agent: { name: string; staffUserId: string | null } }>(
        `select checkout->'agent' as agent from orders where id = $1`,
        [confirmed.id],
      );
      expect(sold!.agent).toMatchObject({ name: 'Ana', staffUserId: null });
    });

    it('a method named only in the confirm body must be one the order offers', async () => {
      const { app, db } = ctx();
      const s = await readyAgentOrder(app, '5511955560002', PaymentMethod.CreditCard);
      const { shopId } = (await resolveSession(db, s.code))!;
      await db.transaction((tx) => saveShopPaymentMethods(tx, shopId, DEFAULT_PAYMENT_METHODS));
      const refused = await s.call('POST', '/api/order/confirm', { paymentMethod: PaymentMethod.Custom });
      expect(refused.status).toBe(422);
      expect(message(refused)).toBe('Forma de pagamento indisponível para este pedido.');
    });
  },
  { setup: seedCheckoutSuite },
);
