/** The fake Cloud API refuses what WhatsApp would refuse in an order message (docs/decisions/0030). */
import { describe, expect, it } from 'vitest';
import type { MessagePart } from '@vitrine/contracts/messaging';
import { buildPixBrCode } from '@vitrine/contracts/pix';
import { answerWhatsApp, newWhatsAppFakeState } from './fake-whatsapp-cloud.ts';
import { whatsAppBody } from './whatsapp-cloud.ts';

const code = buildPixBrCode({
  key: 'pix@loja.com.br',
  merchantName: 'Loja',
  city: 'Recife',
  amountCents: 4500,
  txid: 'T1',
});

function details(overrides: Partial<Extract<MessagePart['order'], { kind: 'details' }>> = {}): MessagePart {
  return {
    text: 'Pedido confirmado',
    order: {
      kind: 'details',
      referenceId: 'ord_1',
      headline: 'Pedido confirmado: R$ 45,00',
      items: [{ retailerId: 'SKU-1', name: 'Café', quantity: 2, amountCents: 2000 }],
      subtotalCents: 4000,
      shippingCents: 500,
      discountCents: 0,
      totalCents: 4500,
      payment: { type: 'pix', code, merchantName: 'Loja', key: 'pix@loja.com.br', keyType: 'EMAIL' },
      ...overrides,
    },
  };
}

const status: MessagePart = {
  text: 'Pago',
  order: {
    kind: 'status',
    referenceId: 'ord_1',
    headline: 'Pago',
    status: 'processing',
    description: 'Pago',
  },
};

const answer = (state = newWhatsAppFakeState(), part: MessagePart, to = '5581999990000') =>
  answerWhatsApp(state, whatsAppBody(to, part, 'obx_1:0'));
const refusal = (response: ReturnType<typeof answer>) =>
  (response.body as { error?: { code: number; message: string } }).error;

describe('fake WhatsApp Cloud API: order messages', () => {
  it('accepts a valid order_details, its identical re-send and a status for its reference', () => {
    const state = newWhatsAppFakeState();
    expect(answer(state, details()).status).toBe(200);
    expect(answer(state, details()).status).toBe(200);
    expect(answer(state, status).status).toBe(200);
  });

  it('refuses a Pix code whose CRC does not check, totals that do not add up and a bad reference', () => {
    const broken = details({
      payment: {
        type: 'pix',
        code: `${code.slice(0, -1)}0`,
        merchantName: 'Loja',
        key: 'x@y.z',
        keyType: 'EMAIL',
      },
    });
    expect(refusal(answer(undefined, broken))).toMatchObject({
      code: 131009,
      message: expect.stringContaining('CRC'),
    });
    expect(refusal(answer(undefined, details({ subtotalCents: 3900 })))?.message).toContain('subtotal');
    expect(refusal(answer(undefined, details({ totalCents: 4400 })))?.message).toContain('total_amount');
    expect(refusal(answer(undefined, details({ referenceId: 'pedido #1' })))?.message).toContain(
      'reference_id',
    );
    expect(refusal(answer(undefined, details({ items: [] })))?.message).toContain('items');
  });

  it('refuses a reference_id reused by another order and a status without its order_details', () => {
    const state = newWhatsAppFakeState();
    expect(refusal(answer(state, status))?.message).toContain('sem order_details');
    answer(state, details());
    const other = details({ items: [{ retailerId: 'SKU-2', name: 'Chá', quantity: 1, amountCents: 4000 }] });
    expect(refusal(answer(state, other))?.message).toContain('já usado');
  });

  it('with the 24-hour window closed refuses all but a template (131047)', () => {
    const state = newWhatsAppFakeState();
    state.closedWindows.add('5581999990000');
    expect(refusal(answer(state, details()))?.code).toBe(131047);
    const template = answerWhatsApp(state, {
      messaging_product: 'whatsapp',
      to: '5581999990000',
      type: 'template',
      template: { name: 'vitrine_pedido', language: { policy: 'deterministic', code: 'pt_BR' } },
    });
    expect(template.status).toBe(200);
  });
});
