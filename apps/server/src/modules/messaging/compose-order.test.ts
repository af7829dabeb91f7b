/** The order_details part of an order (docs/decisions/0030): what can be told as one, and how the amounts add up. */
import { describe, expect, it } from 'vitest';
import { buildPixBrCode } from '@vitrine/contracts/pix';
import { orderDetailsPart, orderStatusPart, referenceIdOf, type OrderLine } from './compose-order.ts';

const LINES: OrderLine[] = [
  { productId: 'CAFE-1', name: 'Café 500g', quantity: 2, totalCents: 3000 },
  { productId: 'BAN-KG', name: 'Banana', quantity: 1.25, totalCents: 874 },
  { productId: 'FEIJAO-KG', name: 'Feijão', quantity: 3, totalCents: 1935, weightKg: 1.5 },
];
const pix = (key: string) =>
  buildPixBrCode({ key, merchantName: 'Loja Boa', city: 'Recife', amountCents: 3874, txid: 'T1' });
const input = (how: Parameters<typeof orderDetailsPart>[0]['how'], lines = LINES) => ({
  shopName: 'Loja Boa',
  orderId: 'ord_01abc',
  lines,
  totals: { discountCents: 500, totalCents: 6299 },
  how,
  shopPix: null,
});

describe('order_details part', () => {
  it('whole quantities keep the unit price, kilos go as one item; fees and discounts make the total', () => {
    const part = orderDetailsPart(input({ kind: 'pix', code: pix('+5581999990000'), expiresAt: null }));
    expect(part?.order).toMatchObject({
      kind: 'details',
      referenceId: 'ord_01abc',
      items: [
        { retailerId: 'CAFE-1', name: 'Café 500g', quantity: 2, amountCents: 1500 },
        { retailerId: 'BAN-KG', name: '1,25 × Banana', quantity: 1, amountCents: 874 },
        { retailerId: 'FEIJAO-KG', name: '1,5 kg de Feijão', quantity: 1, amountCents: 1935 },
      ],
      subtotalCents: 5809,
      shippingCents: 990,
      discountCents: 500,
      totalCents: 6299,
      payment: { type: 'pix', key: '+5581999990000', keyType: 'PHONE', merchantName: 'Loja Boa' },
    });
    expect(part?.text).toContain('Total: *R$\u00a062,99*');
  });

  it('reads the key type of the code: CPF, CNPJ, e-mail, random key', () => {
    const typeOf = (key: string) => {
      const part = orderDetailsPart(input({ kind: 'pix', code: pix(key), expiresAt: null }));
      return part?.order?.kind === 'details' && part.order.payment.type === 'pix'
        ? part.order.payment.keyType
        : null;
    };
    expect(typeOf('52998224725')).toBe('CPF');
    expect(typeOf('11222333000181')).toBe('CNPJ');
    expect(typeOf('pix@loja.com.br')).toBe('EMAIL');
    expect(typeOf('123e4567-e12b-12d1-a456-426655440000')).toBe('EVP');
  });

  it('boleto and link go as their payment settings; card, on delivery and manual stay text', () => {
    const line = '23790.12345 60000.123456 78901.234567 8 99990000004364';
    const boleto = orderDetailsPart(input({ kind: 'boleto', line, url: null, expiresAt: null }));
    expect(boleto?.order).toMatchObject({ payment: { type: 'boleto', line: line.replace(/\D/g, '') } });
    expect(
      orderDetailsPart(input({ kind: 'boleto', line: '2379 0.1', url: null, expiresAt: null })),
    ).toBeNull();
    const link = orderDetailsPart(input({ kind: 'link', url: 'https://pague.example/1' }));
    expect(link?.order).toMatchObject({ payment: { type: 'link', url: 'https://pague.example/1' } });
    expect(orderDetailsPart(input({ kind: 'card', path: '/order/payment' }))).toBeNull();
    expect(orderDetailsPart(input({ kind: 'manual', text: 'Transferência' }))).toBeNull();
  });

  it('no order_details without lines, or when the lines exceed the total', () => {
    expect(orderDetailsPart(input({ kind: 'link', url: 'https://p.example' }, []))).toBeNull();
    const over = [{ productId: 'X', name: 'Caro', quantity: 1, totalCents: 99_999 }];
    expect(orderDetailsPart(input({ kind: 'link', url: 'https://p.example' }, over))).toBeNull();
  });

  it('a reference in the API alphabet, ≤ 35 characters; the status part follows it', () => {
    expect(referenceIdOf('ord_01m8638k59eerfpt3wsm0q7ynr')).toBe('ord_01m8638k59eerfpt3wsm0q7ynr');
    expect(referenceIdOf('a#b'.repeat(20))).toMatch(/^[A-Za-z0-9_.-]{1,35}$/);
    const status = orderStatusPart('ord_1', { status: 'shipped', description: 'Saiu para entrega' });
    expect(status.order).toEqual({
      kind: 'status',
      referenceId: 'ord_1',
      headline: 'Saiu para entrega',
      status: 'shipped',
      description: 'Saiu para entrega',
    });
  });
});
