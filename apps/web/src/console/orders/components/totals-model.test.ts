import { describe, expect, it } from 'vitest';
import { orderTotalsLines } from './totals-model';

const sum = (lines: ReturnType<typeof orderTotalsLines>) =>
  lines.filter((line) => !line.total).reduce((total, line) => total + line.cents, 0);

describe("the amounts under an order's 'Itens'", () => {
  it('show the delivery and fees the total holds, so the lines add up to it', () => {
    // R$ 100,00 of products, a 10 % coupon, R$ 7,90 of delivery and R$ 2,00 of service fee: R$ 99,90.
    const lines = orderTotalsLines({
      itemsCents: 10000,
      discountCents: 1000,
      totalCents: 9990,
      coupon: 'BEMVINDO',
    });
    expect(lines).toEqual([
      { label: 'Produtos', cents: 10000 },
      { label: 'Desconto (cupom BEMVINDO)', cents: -1000 },
      { label: 'Entrega e taxas', cents: 990 },
      { label: 'Total', cents: 9990, total: true },
    ]);
    expect(sum(lines)).toBe(9990);
  });

  it('leave out a discount or fees at zero; an agent discount reads without a coupon', () => {
    expect(orderTotalsLines({ itemsCents: 4590, discountCents: 0, totalCents: 4590, coupon: null })).toEqual([
      { label: 'Produtos', cents: 4590 },
      { label: 'Total', cents: 4590, total: true },
    ]);
    const agent = orderTotalsLines({ itemsCents: 5000, discountCents: 500, totalCents: 5500, coupon: null });
    expect(agent.map((line) => line.label)).toEqual(['Produtos', 'Desconto', 'Entrega e taxas', 'Total']);
    expect(sum(agent)).toBe(5500);
  });
});
