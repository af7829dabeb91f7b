import { expect, it } from 'vitest';
import { DEFAULT_PAYMENT_METHODS } from '@vitrine/contracts/console-payment-methods';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { placeTestOrder } from '../../test/board-kit.ts';

describeEachDb(
  "console orders: 'Completar pedido' sets the payment method the customer link left out (issue 38)",
  (ctx) => {
    it('offers the methods the order can still take, sets one against the version seen, audited; then the payment link goes', async () => {
      const { app, db } = ctx();
      const { owner, shop } = await shopWithOwner(app, 'completar');
      const url = (orderId: string, tail = '') =>
        `/api/console/shops/completar/orders/${orderId}/completion${tail}`;
      const options = async (staff: Staff, orderId: string) => {
        const answer = await asStaff(app, staff, { url: url(orderId) });
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json().data.paymentOptions as { id: string; name: string }[];
      };
      const set = (staff: Staff, orderId: string, payload: object) =>
        asStaff(app, staff, { method: 'POST', url: url(orderId, '/payment-method'), payload });
      const row = async (orderId: string) =>
        (
          await db.query<{
            version: number;
            checkout: { paymentMethod: number | null; paymentOption: unknown };
          }>(`select version, checkout from orders where id = $1`, [orderId])
        )[0]!;

      const bare = await placeTestOrder(db, shop.id, {
        name: 'Joana',
        phone: '5511944450001',
        checkout: { paymentMethod: null },
      });
      const offered = await options(owner, bare);
      expect(offered.map((o) => o.name)).toContain('PIX');
      expect(offered.map((o) => o.id)).toContain('cash');
      // Boleto's charge is made at confirmation: no later step would create it.
      expect(offered.map((o) => o.id)).not.toContain(`method-${PaymentMethod.Boleto}`);

      const { version } = await row(bare);
      const before = await row(bare);
      expect(
        expectRefusal(await set(owner, bare, { version: version + 1, optionId: 'method-3' }), 409).message,
      ).toContain(`agora na versão ${version}`);
      expect(
        expectRefusal(await set(owner, bare, { version, optionId: `method-${PaymentMethod.Boleto}` }), 422)
          .message,
      ).toBe(
        'Esta forma de pagamento não pode ser definida neste pedido. Escolha uma das formas oferecidas.',
      );
      expect(expectRefusal(await set(owner, bare, { version }), 400).message).toContain(
        'Escolha a forma de pagamento.',
      );
      expect(await row(bare)).toEqual(before);

      const done = await set(owner, bare, { version, optionId: `method-${PaymentMethod.Pix}` });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toEqual({ version: version + 1, paymentMethod: 'PIX' });
      expect((await row(bare)).checkout.paymentMethod).toBe(PaymentMethod.Pix);
      const [audit] = (await asStaff(app, owner, { url: '/api/console/shops/completar/audit' })).json().data
        .entries;
      expect(audit).toMatchObject({
        action: 'order.completed',
        detail: { changes: [{ label: 'Forma de pagamento', before: '—', after: 'PIX' }] },
      });
      // Completed: nothing more to offer, a second choice refused; the payment link now goes.
      expect(await options(owner, bare)).toEqual([]);
      expect(
        expectRefusal(await set(owner, bare, { version: version + 1, optionId: 'cash' }), 409).message,
      ).toContain('já tem forma de pagamento');
      const key = await asStaff(app, owner, {
        method: 'PUT',
        url: '/api/console/shops/completar/pix',
        payload: { keyType: 'cpf', key: '529.982.247-25', merchantName: 'Loja Completa', city: 'Recife' },
      });
      expect(key.statusCode, key.body).toBe(200);
      const link = await asStaff(app, owner, {
        method: 'POST',
        url: `/api/console/shops/completar/orders/${bare}/payment-link`,
      });
      expect(link.statusCode, link.body).toBe(200);
      const history = (
        await asStaff(app, owner, { url: `/api/console/shops/completar/orders/${bare}` })
      ).json().data.history as { action: string }[];
      expect(history.map((h) => h.action)).toEqual(
        expect.arrayContaining([
          'Pedido completado pela loja: forma de pagamento PIX',
          'Link de pagamento enviado ao cliente',
        ]),
      );

      // Cash on delivery keeps its means; a finished order is not completed.
      const cash = await placeTestOrder(db, shop.id, {
        name: 'Bia',
        phone: '5511944450002',
        checkout: { paymentMethod: null },
      });
      const cashed = await set(owner, cash, { version: (await row(cash)).version, optionId: 'cash' });
      expect(cashed.statusCode, cashed.body).toBe(200);
      expect((await row(cash)).checkout).toMatchObject({
        paymentMethod: PaymentMethod.OnDelivery,
        paymentOption: { providerId: 'cash', group: 'Dinheiro', cashAmountCents: null },
      });
      const finished = await placeTestOrder(db, shop.id, {
        name: 'Davi',
        phone: '5511944450003',
        status: 2,
        checkout: { paymentMethod: null },
      });
      expect(await options(owner, finished)).toEqual([]);
      expect(
        expectRefusal(
          await set(owner, finished, { version: (await row(finished)).version, optionId: 'cash' }),
          409,
        ).message,
      ).toContain('Só pedidos recebidos');
    });

    it("offers the shop's own custom method and only the pay-on-delivery means it takes", async () => {
      const { app, db } = ctx();
      const { owner, shop } = await shopWithOwner(app, 'completar-meios');
      const saved = await asStaff(app, owner, {
        method: 'PUT',
        url: '/api/console/shops/completar-meios/payment-methods',
        payload: {
          ...DEFAULT_PAYMENT_METHODS,
          custom: true,
          customName: 'Vale-alimentação',
          onDelivery: ['cash'],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const bare = await placeTestOrder(db, shop.id, {
        name: 'Lia',
        phone: '5511944450009',
        checkout: { paymentMethod: null },
      });
      const answer = await asStaff(app, owner, {
        url: `/api/console/shops/completar-meios/orders/${bare}/completion`,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const ids = (answer.json().data.paymentOptions as { id: string; name: string }[]).map((o) => o.id);
      expect(ids).toContain(`method-${PaymentMethod.Custom}`);
      expect(ids).toContain('cash');
      expect(ids).not.toContain('credit-on-delivery');
      expect(ids).not.toContain('debit-on-delivery');
    });

    it('checks the caller: another shop gets 404, an agent not on the order 403, nothing changed', async () => {
      const { app, db } = ctx();
      const { owner, shop } = await shopWithOwner(app, 'completar-b');
      const other = await shopWithOwner(app, 'completar-c');
      const bare = await placeTestOrder(db, shop.id, {
        name: 'Ana',
        phone: '5511944450011',
        checkout: { paymentMethod: null },
      });
      const version = (
        await db.query<{ version: number }>(`select version from orders where id = $1`, [bare])
      )[0]!.version;
      const body = { version, optionId: 'cash' };
      const post = (staff: Staff, slug: string) =>
        asStaff(app, staff, {
          method: 'POST',
          url: `/api/console/shops/${slug}/orders/${bare}/completion/payment-method`,
          payload: body,
        });
      expectRefusal(await post(other.owner, 'completar-c'), 404);
      expectRefusal(await post(other.owner, 'completar-b'), 404);
      const agent = await inviteAndAccept(app, db, 'completar-b', owner, 'caio@completar.example', 'agent');
      expect(expectRefusal(await post(agent, 'completar-b'), 403).message).toContain('pode completá-lo');
      expectRefusal(
        await asStaff(app, agent, { url: `/api/console/shops/completar-b/orders/${bare}/completion` }),
        403,
      );
      const [after] = await db.query<{ checkout: { paymentMethod: number | null } }>(
        `select checkout from orders where id = $1`,
        [bare],
      );
      expect(after!.checkout.paymentMethod).toBeNull();
    });
  },
);
