/**
 * The request bodies our WhatsApp adapter sends, validated against the send schemas of Meta's Business Messaging
 * OpenAPI v23.0 (`POST /{Version}/{Phone-Number-ID}/messages`, schema `Message` and its branches) where the document
 * has them: text, image and template. Two gaps of the document are asserted, so a newer document that closes them
 * makes this test say so: `biz_opaque_callback_data` (documented on Meta's Cloud API "Messages" reference, echoed in
 * status webhooks) is not among `BaseMessageProperties`, and the interactive types we send — `cta_url` and the
 * Payments API Brazil's `order_details` / `order_status` — are not in `InteractiveObject.type`.
 */
import { describe, expect, it } from 'vitest';
import { TEMPLATE_LINK, type MessagePart } from '@vitrine/contracts/messaging';
import { loadMetaReference } from '../../test/meta-reference.ts';
import { whatsAppBody } from './whatsapp-cloud.ts';
import { orderTemplate } from './whatsapp-order.ts';

const meta = loadMetaReference();
const message = meta.schema('Message');

/** Our body less the one field the document omits (see above). */
function checked(body: Record<string, unknown>) {
  const { biz_opaque_callback_data: callback, ...rest } = body;
  expect(callback).toBe('obx_1:0');
  const valid = message(rest);
  return { valid, errors: JSON.stringify(message.errors?.slice(0, 3)) };
}

const order: MessagePart['order'] = {
  kind: 'details',
  referenceId: 'ord_1',
  headline: 'Pedido confirmado: R$ 45,00',
  items: [{ retailerId: 'SKU-1', name: 'Café', quantity: 2, amountCents: 2000 }],
  subtotalCents: 4000,
  shippingCents: 500,
  discountCents: 0,
  totalCents: 4500,
  payment: { type: 'link', url: 'https://loja.test/pagar' } as never,
};

describe("WhatsApp send bodies against Meta's OpenAPI send schemas", () => {
  it('text (long text with a button folded in), image with caption and the order template validate', () => {
    const bodies = [
      whatsAppBody('5511999990001', { text: 'Olá! Seu pedido saiu para entrega.' }, 'obx_1:0'),
      whatsAppBody(
        '5511999990001',
        { text: 'x'.repeat(1500), button: { label: 'Ver', url: 'https://loja.test/p' } },
        'obx_1:0',
      ),
      whatsAppBody(
        '5511999990001',
        { text: 'Café 500 g', imageUrl: 'https://loja.test/cafe.jpg' },
        'obx_1:0',
      ),
      // Product details and catalogue links unfurl: text with the link, preview_url true (decision 0054).
      whatsAppBody(
        '5511999990001',
        {
          text: '*Café 500 g*\nR$ 12,90',
          imageUrl: 'https://loja.test/cafe.jpg',
          button: { label: 'Ver produto', url: 'https://loja.test/product/C1?shop=loja#code' },
          linkPreview: true,
        },
        'obx_1:0',
      ),
      {
        ...whatsAppBody('5511999990001', { text: 'Pedido', order }, 'obx_1:0'),
        type: 'template',
        interactive: undefined,
        template: orderTemplate('vitrine_pedido', order),
      },
    ].map((b) => JSON.parse(JSON.stringify(b)) as Record<string, unknown>);
    expect(bodies.map((b) => b.type)).toEqual(['text', 'text', 'image', 'text', 'template']);
    expect(bodies[3]!.text).toMatchObject({ preview_url: true });
    for (const body of bodies) {
      const { valid, errors } = checked(body);
      expect(valid, `${String(body.type)}: ${errors}`).toBe(true);
    }
  });

  it("a recovery reminder's approved template: body parameters in order, the link filled from the button", () => {
    const body = whatsAppBody(
      '5511999990001',
      {
        text: 'Oi, Ana! Você deixou 2x Café no carrinho.',
        button: { label: 'Ver carrinho', url: 'https://loja.test/order?shop=loja#code' },
        template: {
          name: 'carrinho_abandonado',
          language: 'pt_BR',
          parameters: ['Ana', '2x Café', TEMPLATE_LINK, 'VOLTA7K3M9Q'],
        },
      },
      'obx_1:0',
    );
    expect(body).toMatchObject({
      type: 'template',
      template: {
        name: 'carrinho_abandonado',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: '2x Café' },
              { type: 'text', text: 'https://loja.test/order?shop=loja#code' },
              { type: 'text', text: 'VOLTA7K3M9Q' },
            ],
          },
        ],
      },
    });
    expect(body.interactive).toBeUndefined();
    const { valid, errors } = checked(JSON.parse(JSON.stringify(body)) as Record<string, unknown>);
    expect(valid, errors).toBe(true);
    const broken = { ...body, template: { name: 'x', language: { code: 'pt_BR' }, components: 'body' } };
    expect(checked(broken).valid).toBe(false);
  });

  it("reply buttons (a proposal's 'Aceitar' / 'Recusar') validate as an interactive 'button' message", () => {
    const body = whatsAppBody(
      '5511999990001',
      {
        text: 'Responda por aqui:',
        replies: [
          { id: 'order-edit:accept:oed_1', title: 'Aceitar' },
          { id: 'order-edit:decline:oed_1', title: 'Recusar' },
        ],
      },
      'obx_1:0',
    );
    expect(body).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        action: {
          buttons: [{ type: 'reply', reply: { id: 'order-edit:accept:oed_1', title: 'Aceitar' } }, {}],
        },
      },
    });
    const { valid, errors } = checked(JSON.parse(JSON.stringify(body)) as Record<string, unknown>);
    expect(valid, errors).toBe(true);
  });

  it('a body the schema refuses is refused (the validator can fail)', () => {
    const bad = { messaging_product: 'whatsapp', to: '5511', type: 'text', text: { preview_url: 'sim' } };
    expect(message(bad)).toBe(false);
  });

  it("records the document's gaps: our interactive types are not in it", () => {
    const types = meta.enumOf(['InteractiveObject', 'properties', 'type', 'enum']);
    for (const ours of ['cta_url', 'order_details', 'order_status']) expect(types).not.toContain(ours);
    const cta = whatsAppBody(
      '5511999990001',
      { text: 'Pague', button: { label: 'Pagar', url: 'https://x.test' } },
      'obx_1:0',
    );
    expect((cta.interactive as { type: string }).type).toBe('cta_url');
  });
});
