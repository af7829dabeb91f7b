import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { mintSession } from '../order/order-test-kit.ts';
import { message, seedCheckoutSuite, session, VALID_CNPJ, VALID_CPF } from './checkout-test-kit.ts';

describeEachDb(
  'agent checkout rules',
  (ctx) => {
    const agent = async (shop = 'hortifruti') =>
      session(ctx().app, await mintSession(ctx().app, { agent: true, shop }));

    it('applies coupons by their rules and resets a failed one', async () => {
      const s = await agent();
      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 2 }); // 40,00
      let res = await s.call('POST', '/api/order/coupon/?coupon=DEZ');
      expect(res.status).toBe(422);
      expect(message(res)).toBe('Este cupom exige um pedido mínimo de R$\u00a050,00.');
      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 3 }); // 60,00
      const valid = await s.okCall('POST', '/api/order/coupon/?coupon=dez');
      expect(valid.coupon).toBe('DEZ');
      expect(valid.discountAmout).toBe(6);
      expect(valid.totalAmout).toBe(54);
      res = await s.call('POST', '/api/order/coupon/?coupon=VENCIDO');
      expect(message(res)).toBe('Este cupom expirou.');
      const reset = await s.okCall('GET', '/api/order/current');
      expect(reset.coupon).toBeNull();
      expect(reset.discountAmout).toBe(0);
      expect(reset.totalAmout).toBe(60);
      res = await s.call('POST', '/api/order/coupon/?coupon=NAOEXISTE');
      expect(message(res)).toBe('Cupom não encontrado.');
    });

    it('recomputes coupon and manual discounts when the lines change; keeps a coupon below its minimum', async () => {
      const s = await agent();
      const setQuantity = (quantity: number) =>
        s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity });
      await setQuantity(3); // 60,00
      await s.okCall('POST', '/api/order/coupon/?coupon=DEZ');
      expect(await setQuantity(4)).toMatchObject({ discountAmout: 8, totalAmout: 72 }); // 10% of 80,00

      const below = await setQuantity(2); // 40,00 < the coupon's R$ 50,00
      expect(below).toMatchObject({ coupon: 'DEZ', discountAmout: 0, totalAmout: 40 });
      expect(below.checkout?.couponDiscount).toBe(0);
      expect(below.catalogErrorMessages).toEqual([
        'O cupom DEZ exige um pedido mínimo de R$\u00a050,00: o desconto volta quando o pedido alcançar esse valor.',
      ]);
      const refused = await s.call('POST', '/api/order/confirm', {});
      expect(refused.status).toBe(422);
      expect(message(refused)).toBe('Este cupom exige um pedido mínimo de R$\u00a050,00.');

      expect(await setQuantity(3)).toMatchObject({
        discountAmout: 6,
        totalAmout: 54,
        catalogErrorMessages: [],
      });
      await s.okCall('POST', '/api/order/discount?discount=30'); // 6,00 coupon + 30,00 manual
      const shrunk = await setQuantity(1); // 20,00: coupon off, manual capped at the items
      expect(shrunk).toMatchObject({ discountAmout: 20, totalAmout: 0 });
      expect(shrunk.checkout).toMatchObject({ couponDiscount: 0, manualDiscount: 20 });
      expect(await setQuantity(0)).toMatchObject({ itemsAmout: 0, discountAmout: 0, totalAmout: 0 });
      const back = await setQuantity(3); // the agent's 30,00 applies again in full
      expect(back).toMatchObject({ discountAmout: 36, totalAmout: 24 });
      const [row] = await ctx().db.query<{ discount_cents: number; total_cents: number }>(
        'select discount_cents, total_cents from orders where id = $1',
        [back.id],
      );
      expect(row).toEqual({ discount_cents: 3600, total_cents: 2400 });
    });

    it('enforces the per-shop usage limit of a coupon', async () => {
      const shop = (await ctx().db.query<{ id: string }>("select id from shops where slug = 'hortifruti'"))[0]
        ?.id;
      await ctx().db.query(
        `insert into orders (id, shop_id, user_id, channel_type, status, coupon_id) values ('ord-used', $1, 'u-x', 1, 1, $2)`,
        [shop, 'cpn-hortifruti-esgotado'],
      );
      const s = await agent();
      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 1 });
      const res = await s.call('POST', '/api/order/coupon/?coupon=ESGOTADO');
      expect(message(res)).toBe('Este cupom atingiu o limite de usos.');
    });

    it("refuses a customer's confirm whose coupon expired or was used up after it was applied; without it, confirms", async () => {
      const s = session(ctx().app, await mintSession(ctx().app));
      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 3 }); // 60,00
      expect((await s.okCall('POST', '/api/order/coupon/?coupon=DEZ')).totalAmout).toBe(54);
      const status = async () =>
        (
          await ctx().db.query<{ status: number; events: number }>(
            `select status, (select count(*)::int from outbox where order_id = o.id) as events
             from orders o where o.coupon_id = 'cpn-hortifruti-dez'`,
          )
        )[0];
      await ctx().db.query(`update coupons set valid_until = now() - interval '1 minute' where code = 'DEZ'`);
      let res = await s.call('GET', '/api/order/confirm');
      expect(res.status).toBe(422);
      expect(message(res)).toBe('Este cupom expirou.');
      expect(await status()).toEqual({ status: 0, events: 0 }); // still the cart (Creating), nothing queued
      await ctx().db.query(`update coupons set valid_until = null, usage_limit = 1 where code = 'DEZ'`);
      const shop = (await ctx().db.query<{ id: string }>("select id from shops where slug = 'hortifruti'"))[0]
        ?.id;
      await ctx().db.query(
        `insert into orders (id, shop_id, user_id, channel_type, status, coupon_id)
         values ('ord-dez-used', $1, 'u-other', 1, 1, 'cpn-hortifruti-dez')`,
        [shop],
      );
      res = await s.call('GET', '/api/order/confirm');
      expect(message(res)).toBe('Este cupom atingiu o limite de usos.');
      await ctx().db.query(`delete from orders where id = 'ord-dez-used'`);
      const placed = await s.okCall('GET', '/api/order/confirm'); // its own use is not counted against it
      expect(placed.order).toMatchObject({ coupon: 'DEZ', totalAmout: 54, status: 1 });
    });

    it('bounds the manual discount so the total never goes below zero', async () => {
      const s = await agent();
      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 1 }); // 20,00
      let res = await s.call('POST', '/api/order/discount?discount=20.01');
      expect(res.status).toBe(422);
      expect(message(res)).toBe(
        'O desconto deve ser um valor entre R$ 0,00 e o valor dos itens (R$\u00a020,00).',
      );
      res = await s.call('POST', '/api/order/discount?discount=-1');
      expect(res.status).toBe(422);
      const full = await s.okCall('POST', '/api/order/discount?discount=20');
      expect(full.totalAmout).toBe(0);
      const part = await s.okCall('POST', '/api/order/discount?discount=5.5');
      expect(part.totalAmout).toBe(14.5);
    });

    it('reprices every line from a price table and back', async () => {
      const s = await agent();
      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 2 });
      const tables = await s.okCall('GET', '/api/order/price-tables');
      expect(tables).toEqual([
        { id: 'varejo', name: 'Varejo' },
        { id: 'atacado', name: 'Atacado' },
      ]);
      const repriced = await s.okCall('POST', '/api/order/price-tables/atacado');
      expect(repriced.providerPriceTableId).toBe('atacado');
      expect(repriced.items[0]?.unitPrice).toBe(15);
      expect(repriced.itemsAmout).toBe(30);
      // Lines written after the table was chosen take its price too; a product it lacks keeps the catalogue's.
      const more = await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 3 });
      expect(more.items[0]).toMatchObject({ unitPrice: 15, totalAmout: 45 });
      const added = await s.okCall('POST', '/api/order/items/', { providerId: 'CK-RS', quantity: 1 });
      expect(added.items.map((i) => i.unitPrice)).toEqual([15, 10]);
      expect(added.itemsAmout).toBe(55);
      const back = await s.okCall('POST', '/api/order/price-tables/none');
      expect(back.itemsAmout).toBe(70);
      expect((await s.call('POST', '/api/order/price-tables/desconhecida')).status).toBe(404);
    });

    it('choosing a seller clears logistic, schedule and payment and adds its service fee', async () => {
      const s = await agent();
      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 2 });
      await s.okCall('POST', '/api/order/logistic/', { type: 0, providerId: 'loja-paulista-retirada' });
      const days = (await s.okCall('GET', '/api/order/schedule')) as unknown as {
        options: { id: string }[];
      }[];
      await s.okCall('POST', '/api/order/schedule', { id: days[0]?.options[0]?.id });
      await s.okCall('POST', '/api/order/payment/method?paymentMethod=0');
      const chosen = await s.okCall('POST', '/api/order/seller/', { providerId: 'loja-pinheiros' });
      expect(chosen.seller?.serviceTax).toBe(2.9);
      expect(chosen.logistic?.providerId).toBe('');
      expect(chosen.payment.method).toBeNull();
      expect(chosen.checkout?.slot).toBeNull();
      expect(chosen.totalAmout).toBe(42.9);
      const [slot] = await ctx().db.query<{ reserved: number }>(
        'select reserved from schedule_slots where id = $1',
        [days[0]?.options[0]?.id],
      );
      expect(slot?.reserved).toBe(0);
    });

    it('changing the logistic type clears address, logistic and seller; restricted items force pickup', async () => {
      const s = await agent();
      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 2 });
      await s.okCall('POST', '/api/order/seller/', { providerId: 'loja-paulista' });
      const pickup = await s.okCall('POST', '/api/order/logistic/', {
        type: 0,
        providerId: 'loja-paulista-retirada',
      });
      expect(pickup.seller?.providerId).toBe('loja-paulista');
      expect(pickup.logistic?.providerId).toBe('loja-paulista-retirada');
      const switched = await s.okCall('POST', '/api/order/logistic/', { type: 1 });
      expect(switched.seller).toBeNull();
      expect(switched.logistic?.providerId).toBe('');
      expect(switched.checkout?.logisticType).toBe(1);

      await s.okCall('POST', '/api/order/items/', { providerId: 'CK-RS', quantity: 1 });
      const text = 'Alguns itens do pedido só estão disponíveis para a modalidade de retirada em loja';
      expect(message(await s.call('GET', '/api/order/logistic/?type=1&code=01310100'))).toBe(text);
      const res = await s.call('POST', '/api/order/logistic/', {
        type: 1,
        providerId: 'loja-paulista-entrega',
      });
      expect(res.status).toBe(422);
      expect(message(res)).toBe(text);
    });

    it('lets only one of two concurrent orders take the last place of a slot', async () => {
      const shop = (await ctx().db.query<{ id: string }>("select id from shops where slug = 'hortifruti'"))[0]
        ?.id;
      await ctx().db.query(
        `insert into schedule_slots (id, shop_id, day, start_time, end_time, schedule_until, capacity)
         values ('slt-last', $1, current_date + 3, '20:00', '21:00', now() + interval '2 days', 1)`,
        [shop],
      );
      const [a, b] = [await agent(), await agent()];
      const results = await Promise.all(
        [a, b].map((s) => s.call('POST', '/api/order/schedule', { id: 'slt-last' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(message(results.find((r) => r.status === 409)!)).toBe(
        'Este horário de entrega não está mais disponível.',
      );
      const [slot] = await ctx().db.query<{ reserved: number }>(
        "select reserved from schedule_slots where id = 'slt-last'",
      );
      expect(slot?.reserved).toBe(1);
      const days = (await a.okCall('GET', '/api/order/schedule')) as unknown as {
        options: { id: string; enabled: boolean }[];
      }[];
      expect(days.flatMap((d) => d.options).find((o) => o.id === 'slt-last')?.enabled).toBe(false);
    });

    it('validates customer data and CEPs with the §5 messages', async () => {
      const s = await agent();
      const base = { name: 'Ana', email: 'ana@example.com', document: VALID_CPF };
      const cases: [object, string][] = [
        [{ ...base, document: '111.111.111-11' }, 'CPF inválido.'],
        [
          { ...base, email: 'ana @example.com' },
          'O e-mail digitado é inválido. Verifique se há espaços ou caracteres incorretos.',
        ],
        [{ ...base, birthDate: '31/02/1990' }, 'Data de nascimento inválida'],
        [{ ...base, name: ' ' }, 'Nome é obrigatório.'],
        [
          {
            ...base,
            isCorporate: true,
            corporateDocument: '11.111.111/1111-11',
            corporateName: 'X',
            tradeName: 'Y',
          },
          'CNPJ inválido.',
        ],
        [
          { ...base, isCorporate: true, corporateDocument: VALID_CNPJ, tradeName: 'Y' },
          'Insira uma razão social.',
        ],
      ];
      for (const [body, text] of cases) {
        const res = await s.call('POST', '/api/customer/update', body);
        expect(res.status, text).toBe(400);
        expect(JSON.stringify(res.body.errors), text).toContain(text);
      }
      const saved = await s.okCall('POST', '/api/customer/update', {
        ...base,
        isCorporate: true,
        corporateDocument: VALID_CNPJ,
        corporateName: 'Ana Ltda',
        tradeName: 'Ana',
      });
      expect(saved.corporateDocument).toBe('11222333000181');

      let res = await s.call('GET', '/api/order/address/cep/0131-100');
      expect(res.status).toBe(400);
      expect(message(res)).toBe('CEP inválido');
      res = await s.call('GET', '/api/order/address/cep/99999-999');
      expect(res.status).toBe(404);
      const found = await s.okCall('GET', '/api/order/address/cep/01310-100');
      expect(found).toMatchObject({
        street: 'Avenida Paulista',
        city: 'São Paulo',
        state: 'SP',
        neighborhood: 'Bela Vista',
      });
      res = await s.call('POST', '/api/order/address/', { type: 'Casa', zipCode: '01310-100', street: 'Av' });
      expect(res.status).toBe(400);
      expect(message(res)).toBe('Preencha os campos obrigatórios');
    });
  },
  { setup: seedCheckoutSuite },
);
