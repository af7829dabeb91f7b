import { expect, it } from 'vitest';
import { verifyPixBrCode } from '@vitrine/contracts/pix';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { createPlatformSession } from '../../modules/session/service.ts';
import type { Db } from '../../db/client.ts';

/** The manual Pix a contact's session of the shop is given (the BR Code with the shop's receiver). */
async function pixOfContact(app: FastifyInstance, db: Db, shop: { slug: string }, phone: string) {
  const session = await createPlatformSession(db, 60_000, {
    shop: shop.slug,
    sessionType: 'agent',
    channelType: 'whatsapp',
    contact: { name: 'Cliente', phone },
  });
  const headers = { authorization: `Bearer ${session.code}` };
  return app.inject({ method: 'POST', url: '/api/order/pix/manual', headers });
}

const latestAudit = async (app: FastifyInstance, owner: Staff, slug: string) =>
  (await asStaff(app, owner, { url: `/api/console/shops/${slug}/audit` })).json().data.entries[0];

describeEachDb('console payments: the Pix receiver', (ctx) => {
  it('sets the Pix key checked per type; the next BR Code carries it with a valid CRC; old and new values audited', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'regras-d');
    const url = '/api/console/shops/regras-d/pix';
    expect((await asStaff(app, owner, { url })).json().data).toEqual({ receiver: null });
    const refusals: [object, string][] = [
      [{ keyType: 'cpf', key: '111.111.111-11', merchantName: 'Loja', city: 'Recife' }, 'CPF inválido.'],
      [
        { keyType: 'cnpj', key: '11.222.333/0001-00', merchantName: 'Loja', city: 'Recife' },
        'CNPJ inválido.',
      ],
      [{ keyType: 'email', key: 'loja@', merchantName: 'Loja', city: 'Recife' }, 'E-mail inválido.'],
      [{ keyType: 'phone', key: '1234', merchantName: 'Loja', city: 'Recife' }, 'Celular inválido'],
      [{ keyType: 'random', key: 'abc', merchantName: 'Loja', city: 'Recife' }, 'Chave aleatória inválida'],
      [
        { keyType: 'cpf', key: '529.982.247-25', merchantName: 'x'.repeat(26), city: 'Recife' },
        'O nome do recebedor tem no máximo 25 caracteres.',
      ],
      [
        { keyType: 'cpf', key: '529.982.247-25', merchantName: 'Loja', city: 'São José dos Campos' },
        'A cidade tem no máximo 15 caracteres.',
      ],
    ];
    for (const [payload, message] of refusals)
      expect(
        expectRefusal(await asStaff(app, owner, { method: 'PUT', url, payload }), 400).message,
      ).toContain(message);
    expect(await db.query('select * from shop_pix where shop_id = $1', [shop.id])).toEqual([]);

    const phone = { keyType: 'phone', key: '(81) 98765-4321', merchantName: 'Padaria Boa', city: 'Recife' };
    const saved = await asStaff(app, owner, { method: 'PUT', url, payload: phone });
    expect(saved.statusCode, saved.body).toBe(200);
    // Stored as the BR Code carries it, shown as typed (masked) — issue 38.
    expect(saved.json().data.receiver).toEqual(phone);
    const stored = async () =>
      (await db.query<{ pix_key: string }>('select pix_key from shop_pix where shop_id = $1', [shop.id]))[0]
        ?.pix_key;
    expect(await stored()).toBe('+5581987654321');
    const cnpj = { keyType: 'cnpj', key: '11.222.333/0001-81', merchantName: 'Padaria Boa', city: 'Recife' };
    expect((await asStaff(app, owner, { method: 'PUT', url, payload: cnpj })).json().data.receiver).toEqual(
      cnpj,
    );
    expect(await stored()).toBe('11222333000181');
    expect((await asStaff(app, owner, { url })).json().data.receiver).toEqual(cnpj);
    // Saving the masked key again changes nothing in the audit log.
    await asStaff(app, owner, { method: 'PUT', url, payload: cnpj });
    const cpf = { keyType: 'cpf', key: '529.982.247-25', merchantName: 'Padaria Boa', city: 'Olinda' };
    await asStaff(app, owner, { method: 'PUT', url, payload: cpf });
    expect((await latestAudit(app, owner, 'regras-d')).detail.changes).toEqual([
      { label: 'Tipo de chave Pix', before: 'CNPJ', after: 'CPF' },
      { label: 'Chave Pix', before: '11.222.333/0001-81', after: '529.982.247-25' },
      { label: 'Cidade', before: 'Recife', after: 'Olinda' },
    ]);
    const pix = (await pixOfContact(app, db, shop, '5511955550103')).json().data;
    expect(pix).toMatchObject({ key: '52998224725', merchantName: 'Padaria Boa', city: 'Olinda' });
    expect(pix.code).toContain('52998224725');
    expect(verifyPixBrCode(pix.code)).toBe(true);
  });
});

describeEachDb('console payments: payment methods', (ctx) => {
  it('the shop chooses its methods and pay-on-delivery means; the checkout offers only those; audited old → new', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'pagamentos-a');
    const url = '/api/console/shops/pagamentos-a/payment-methods';
    const defaults = (await asStaff(app, owner, { url })).json().data;
    expect(defaults).toMatchObject({ creditCard: true, pix: true, nubank: false });
    const none = {
      creditCard: false,
      pix: false,
      boleto: false,
      link: false,
      nubank: false,
      pagaleve: false,
      onDelivery: [],
    };
    const refused = expectRefusal(await asStaff(app, owner, { method: 'PUT', url, payload: none }), 400);
    expect(refused.message).toContain('Aceite ao menos uma forma de pagamento.');

    const chosen = { ...none, pix: true, onDelivery: ['pix-on-delivery', 'cash'] };
    const saved = await asStaff(app, owner, { method: 'PUT', url, payload: chosen });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.onDelivery).toEqual(['cash', 'pix-on-delivery']);
    const audit = (await asStaff(app, owner, { url: '/api/console/shops/pagamentos-a/audit' })).json().data
      .entries[0];
    expect(audit.action).toBe('payment-methods.changed');
    expect(audit.detail.changes).toContainEqual({
      label: 'Cartão de crédito',
      before: 'Aceita',
      after: 'Não aceita',
    });
    expect(audit.detail.changes).toContainEqual({
      label: 'Na entrega: Débito na entrega',
      before: 'Aceita',
      after: 'Não aceita',
    });
    // Configurações still reads and saves with the key stored beside the settings.
    expect((await asStaff(app, owner, { url: '/api/console/shops/pagamentos-a/settings' })).statusCode).toBe(
      200,
    );

    const session = await createPlatformSession(db, 60_000, {
      shop: shop.slug,
      sessionType: 'agent',
      channelType: 'whatsapp',
      contact: { name: 'Cliente', phone: '5511955550111' },
    });
    const headers = { authorization: `Bearer ${session.code}` };
    const storefront = await app.inject({ url: '/api/shop/settings', headers });
    expect(storefront.statusCode, storefront.body).toBe(200);
    expect(storefront.json().data).not.toHaveProperty('paymentMethods');
    const current = await app.inject({ url: '/api/order/current', headers });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().data).toMatchObject({ enableCreditPayment: false, enablePixPayment: true });
    const options = (await app.inject({ url: '/api/order/payments/', headers })).json().data as {
      method: number;
      providerId: string | null;
    }[];
    expect(options.map((o) => o.providerId ?? `method-${o.method}`)).toEqual([
      'method-3',
      'cash',
      'pix-on-delivery',
    ]);
    const card = await app.inject({
      method: 'POST',
      url: '/api/order/payment/method?paymentMethod=1',
      headers,
    });
    expect(expectRefusal(card, 422).message).toBe('Forma de pagamento indisponível para este pedido.');
    const debit = await app.inject({
      method: 'POST',
      url: '/api/order/payment/delivery',
      headers,
      payload: { providerId: 'debit-on-delivery' },
    });
    expect(expectRefusal(debit, 422).message).toBe('Forma de pagamento indisponível para este pedido.');
  });
});
