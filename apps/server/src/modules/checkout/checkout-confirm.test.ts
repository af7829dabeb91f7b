import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { mintSession } from '../order/order-test-kit.ts';
import { message, PAULISTA_ADDRESS, seedCheckoutSuite, session, VALID_CPF } from './checkout-test-kit.ts';

const customer = {
  name: 'Maria Silva',
  email: 'maria@example.com',
  document: VALID_CPF,
  birthDate: '15/03/1990',
};
describeEachDb(
  'agent checkout confirm and cancel',
  (ctx) => {
    async function readyOrder() {
      const s = session(ctx().app, await mintSession(ctx().app, { agent: true }));
      await s.okCall('POST', '/api/customer/update', customer);
      await s.okCall('POST', '/api/order/address/', PAULISTA_ADDRESS);
      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 3 });
      return s;
    }

    it('refuses each missing step with its message and changes nothing, then confirms once', async () => {
      const s = await readyOrder();
      let res = await s.call('POST', '/api/order/confirm', {});
      expect(res.status).toBe(422);
      expect(message(res)).toBe('Selecione uma forma de entrega.');

      const options = (await s.okCall('GET', '/api/order/logistic/?type=1&code=01310100')) as unknown as {
        providerId: string;
      }[];
      expect(options.map((o) => o.providerId)).toContain('loja-paulista-entrega');
      const withDelivery = await s.okCall('POST', '/api/order/logistic/', {
        type: 1,
        providerId: 'loja-paulista-entrega',
        addressIndex: 0,
      });
      expect(withDelivery.totalAmout).toBe(69.9); // 60,00 + 9,90 delivery
      expect(withDelivery.customer.address?.zipCode).toBe('01310100');

      res = await s.call('POST', '/api/order/confirm', {});
      expect(message(res)).toBe('Selecione uma forma de pagamento.');
      res = await s.call('POST', '/api/order/payment/delivery', { providerId: 'cash', cashAmount: 50 });
      expect(res.status).toBe(422);
      expect(message(res)).toBe('O valor deve ser maior que o valor do pedido!');
      await s.okCall('POST', '/api/order/payment/delivery', { providerId: 'cash', cashAmount: 100 });

      res = await s.call('POST', '/api/order/confirm', {});
      expect(message(res)).toBe('Selecione o dia e o horário de entrega.');
      expect((await s.okCall('GET', '/api/order/current')).status).toBe(0);

      const days = await s.okCall('GET', '/api/order/schedule');
      const slot = (days as unknown as { options: { id: string; enabled: boolean }[] }[])[0]?.options.find(
        (o) => o.enabled,
      );
      await s.okCall('POST', '/api/order/schedule', { id: slot?.id });

      const confirmed = await s.okCall('POST', '/api/order/confirm', {});
      expect(confirmed.status).toBe(1);
      const again = await s.okCall('POST', '/api/order/confirm', {});
      expect(again.id).toBe(confirmed.id);
      expect(again.status).toBe(1);
      const [events] = await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from outbox where dedupe_key = $1`,
        [`event:order.confirmed:${confirmed.id}`],
      );
      expect(events?.n).toBe(1);
    });

    it('cancels once, idempotently, and releases nothing it did not take', async () => {
      const s = await readyOrder();
      const canceled = await s.okCall('GET', '/api/order/cancel');
      expect(canceled.status).toBe(3);
      const again = await s.okCall('GET', '/api/order/cancel');
      expect(again.id).toBe(canceled.id);
    });

    it('a cancel or confirm retried after a new order opened answers the shown order, never the new one', async () => {
      const s = await readyOrder();
      const shown = (await s.okCall('GET', '/api/order/current')).id;
      const canceled = await s.okCall('GET', `/api/order/cancel?orderId=${shown}`);
      expect(canceled).toMatchObject({ id: shown, status: 3 });
      const next = await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 1 });
      expect(next.id).not.toBe(shown);

      const retried = await s.okCall('GET', `/api/order/cancel?orderId=${shown}`);
      expect(retried).toMatchObject({ id: shown, status: 3 });
      const confirmOld = await s.call('POST', `/api/order/confirm?orderId=${shown}`, {});
      expect(confirmOld.status).toBe(409);
      expect(message(confirmOld)).toBe(
        'Este pedido não é mais o pedido em aberto deste cliente. Atualize a página para ver o pedido atual.',
      );
      expect((await s.call('GET', '/api/order/cancel?orderId=ord-desconhecido')).status).toBe(404);
      const other = session(ctx().app, await mintSession(ctx().app, { agent: true }));
      expect((await other.call('GET', `/api/order/cancel?orderId=${shown}`)).status).toBe(404);

      // The new order was confirmed meanwhile (another tab): a confirm retry for it answers it as it is.
      await ctx().db.query('update orders set status = 1, confirmed_at = now() where id = $1', [next.id]);
      await s.okCall('GET', '/api/order/current'); // and yet another order opens
      const confirmed = await s.okCall('POST', `/api/order/confirm?orderId=${next.id}`, {});
      expect(confirmed).toMatchObject({ id: next.id, status: 1 });
      const open = await s.okCall('GET', '/api/order/current');
      expect(open).toMatchObject({ status: 0 });
      expect(open.id).not.toBe(next.id);
    });

    it('refuses contact sessions on agent-only calls with 403', async () => {
      const s = session(ctx().app, await mintSession(ctx().app));
      const calls: ['GET' | 'POST', string, object?][] = [
        ['POST', '/api/order/confirm', {}],
        ['GET', '/api/order/cancel'],
        ['GET', '/api/order/price-tables'],
        ['POST', '/api/order/price-tables/atacado'],
        ['POST', '/api/order/discount?discount=1'],
        ['POST', '/api/order/logistic/manual?code=loja-paulista', { freight: 'Grátis' }],
        ['GET', '/api/order/seller/'],
        ['POST', '/api/order/seller/', { providerId: 'loja-paulista' }],
      ];
      for (const [method, url, payload] of calls) {
        expect((await s.call(method, url, payload)).status, url).toBe(403);
      }
    });

    it("never lets an agent of another shop touch this shop's data", async () => {
      const moda = session(ctx().app, await mintSession(ctx().app, { agent: true, shop: 'moda' }));
      expect((await moda.call('POST', '/api/order/seller/', { providerId: 'loja-paulista' })).status).toBe(
        404,
      );
      expect((await moda.call('POST', '/api/order/price-tables/inexistente')).status).toBe(404);
      expect(
        (await moda.call('POST', '/api/order/logistic/', { type: 0, providerId: 'loja-paulista-retirada' }))
          .status,
      ).toBe(404);
    });
  },
  { setup: seedCheckoutSuite },
);
