import { describe, expect, it } from 'vitest';
import type { OrderRefunds, RefundView } from '@vitrine/contracts/order-refunds';
import {
  emptyDraft,
  linesCents,
  maxCents,
  planRefund,
  planReturn,
  quantityOfText,
  returnDraftOf,
  type RefundDraft,
} from './refund-model';

const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

/** An order of 3 × Azeite (R$ 45,90 each) and 2 × 0,5 kg of Banana (R$ 12,00), paid R$ 149,70 in two payments. */
const view: Pick<OrderRefunds, 'lines' | 'sources' | 'refundableCents'> = {
  lines: [
    {
      itemId: 'itm_azeite',
      name: 'Azeite',
      quantity: 3,
      refundedQuantity: 1,
      totalCents: 13_770,
      kilogramsPerUnit: null,
    },
    {
      itemId: 'itm_banana',
      name: 'Banana',
      quantity: 2,
      refundedQuantity: 0,
      totalCents: 1_200,
      kilogramsPerUnit: 0.5,
    },
  ],
  sources: [
    {
      entryId: 'led_card',
      rail: 'mercadopago',
      receivedAt: '2026-11-29T12:00:00Z',
      amountCents: 10_000,
      leftCents: 5_410,
    },
    {
      entryId: 'led_cash',
      rail: 'manual',
      receivedAt: '2026-11-29T11:00:00Z',
      amountCents: 4_970,
      leftCents: 4_970,
    },
  ],
  refundableCents: 10_380,
};
const draft = (change: Partial<RefundDraft>): RefundDraft => ({
  ...emptyDraft(),
  reason: 'Amassado',
  ...change,
});

describe("'Reembolsar' model", () => {
  it('reads units as whole numbers and a kilo line by its weight', () => {
    expect(quantityOfText({ kilogramsPerUnit: null }, ' 2 ')).toBe(2);
    expect(quantityOfText({ kilogramsPerUnit: null }, '1,5')).toBeNaN();
    expect(quantityOfText({ kilogramsPerUnit: null }, '')).toBeNull();
    // 0,75 kg of a 0,5 kg portion is 1,5 portions; 1,12 kg of a 1 kg one is 1,12.
    expect(quantityOfText({ kilogramsPerUnit: 0.5 }, '0,75')).toBe(1.5);
    expect(quantityOfText({ kilogramsPerUnit: 1 }, '1.12')).toBe(1.12);
    expect(quantityOfText({ kilogramsPerUnit: 0.5 }, '1,2345')).toBeNaN();
  });

  it("prefills the amount with the chosen lines' share, rounded as the server does", () => {
    // 1 Azeite = 13 770 / 3 = 4 590; 0,25 kg of Banana = 0,5 portion of 2 = 300.
    expect(linesCents(view, { quantities: { itm_azeite: '1', itm_banana: '0,25' } })).toBe(4_890);
    expect(linesCents(view, { quantities: { itm_azeite: 'x' } })).toBe(0);
  });

  it('caps the amount by what was paid less refunds and by what one payment still holds', () => {
    expect(maxCents(view, null)).toBe(5_410);
    expect(maxCents(view, 'led_cash')).toBe(4_970);
    expect(maxCents({ ...view, refundableCents: 1_000 }, null)).toBe(1_000);
  });

  it('grants the lines with restock and sends through the rail of the newest payment that covers it', () => {
    const planned = planRefund(view, draft({ quantities: { itm_azeite: '1' } }));
    expect(planned).toEqual({
      plan: {
        amountCents: 4_590,
        rail: 'mercadopago',
        grant: {
          lines: [{ itemId: 'itm_azeite', quantity: 1 }],
          amountCents: null,
          reason: 'Amassado',
          restock: true,
          entryId: null,
        },
        send: { manual: false, reference: null },
      },
    });
  });

  it('a cash payment, or a refund done by hand, is sent with its reference; an amount alone restocks nothing', () => {
    const noReference = planRefund(view, draft({ amountCents: 1_000, entryId: 'led_cash' }));
    expect(noReference).toEqual({ errors: { reference: expect.stringContaining('Informe a referência') } });
    const byHand = planRefund(
      view,
      draft({ amountCents: 1_000, manual: true, reference: ' Devolvido no caixa ', restock: true }),
    );
    expect(byHand).toMatchObject({
      plan: {
        rail: 'mercadopago',
        grant: { lines: [], amountCents: 1_000, restock: false },
        send: { manual: true, reference: 'Devolvido no caixa' },
      },
    });
  });

  it('refuses more of a line than is left, more than may be refunded, nothing chosen and no reason', () => {
    const tooMuch = planRefund(
      view,
      draft({ quantities: { itm_azeite: '3', itm_banana: '1,5' }, reason: ' ' }),
    );
    expect('errors' in tooMuch && tooMuch.errors).toEqual({
      'quantities.itm_azeite': 'No máximo 2.',
      'quantities.itm_banana': 'No máximo 1 kg.',
      reason: 'Informe o motivo.',
    });
    const above = planRefund(view, draft({ amountCents: 5_411 }));
    expect(plain('errors' in above ? above.errors.amountCents : '')).toBe(
      'O reembolso passa do que foi pago: no máximo R$ 54,10.',
    );
    expect(planRefund(view, draft({}))).toEqual({
      errors: { amountCents: 'Escolha os itens ou informe o valor do reembolso.' },
    });
    expect(planRefund(view, draft({ amountCents: Number.NaN }))).toMatchObject({
      errors: { amountCents: expect.stringContaining('Valor inválido') },
    });
  });
});

describe("'Recebido no estoque' model", () => {
  const refund: Pick<RefundView, 'lines'> = {
    lines: [
      {
        itemId: 'itm_azeite',
        name: 'Azeite',
        quantity: 2,
        amountCents: 9_180,
        receivedSellable: null,
        receivedDamaged: null,
      },
      {
        itemId: 'itm_banana',
        name: 'Banana',
        quantity: 1.5,
        amountCents: 900,
        receivedSellable: null,
        receivedDamaged: null,
      },
    ],
  };
  const measures = new Map(view.lines.map((l) => [l.itemId, l]));

  it('offers everything back as sellable, a kilo line in kilograms', () => {
    const offered = returnDraftOf(refund, measures);
    expect(offered).toEqual({
      itm_azeite: { sellable: '2', damaged: '' },
      itm_banana: { sellable: '0,75', damaged: '' },
    });
    expect(planReturn(refund, measures, offered)).toEqual({
      body: {
        lines: [
          { itemId: 'itm_azeite', sellable: 2, damaged: 0 },
          { itemId: 'itm_banana', sellable: 1.5, damaged: 0 },
        ],
      },
    });
  });

  it('splits sellable and damaged, never more than the refund gave back, and not nothing at all', () => {
    const split = planReturn(refund, measures, {
      itm_azeite: { sellable: '1', damaged: '1' },
      itm_banana: { sellable: '', damaged: '' },
    });
    expect(split).toMatchObject({
      body: {
        lines: [
          { sellable: 1, damaged: 1 },
          { sellable: 0, damaged: 0 },
        ],
      },
    });
    const tooMany = planReturn(refund, measures, {
      itm_azeite: { sellable: '2', damaged: '1' },
      itm_banana: { sellable: 'meio', damaged: '' },
    });
    expect(tooMany).toEqual({
      errors: {
        'itm_azeite.sellable': 'Voltaram no máximo 2 deste item.',
        'itm_banana.sellable': 'Peso inválido: use, por exemplo, 0,5.',
      },
    });
    const none = planReturn(refund, measures, {});
    expect(none).toEqual({ errors: { form: 'Informe o que voltou: em condição de venda ou com defeito.' } });
  });
});
