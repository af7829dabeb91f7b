/** The order summary sent to the contact (issue 38): kilo lines by weight with their price per kg. */
import { describe, expect, it } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import { resumeParts } from './compose.ts';

const line = (over: Partial<Order['items'][number]>) =>
  ({
    isGift: false,
    promotionalPrice: null,
    soldInKilo: false,
    amountInKilo: null,
    ...over,
  }) as Order['items'][number];

describe('order summary', () => {
  it('tells a kilo line by its weight and price per kg, a unit line by its count', () => {
    const order = {
      items: [
        line({
          name: 'Feijão Carioca a Granel',
          quantity: 2,
          unitPrice: 6.45,
          totalAmout: 12.9,
          soldInKilo: true,
          amountInKilo: 0.5,
        }),
        line({
          name: 'Banana',
          quantity: 1,
          unitPrice: 3,
          promotionalPrice: 2.5,
          totalAmout: 2.5,
          soldInKilo: true,
          amountInKilo: 0.25,
        }),
        line({ name: 'Café 500g', quantity: 2, unitPrice: 20, totalAmout: 40 }),
      ],
      itemsAmout: 55.4,
      discountAmout: 0,
      totalAmout: 55.4,
      logistic: null,
    } as unknown as Order;
    const [part] = resumeParts('Empório Sabiá', order, 4096, 'https://x.example/order');
    expect(part!.text).toContain('• 1 kg de Feijão Carioca a Granel (R$\u00a012,90/kg) — R$\u00a012,90');
    expect(part!.text).toContain('• 250 g de Banana (R$\u00a010,00/kg) — R$\u00a02,50');
    expect(part!.text).toContain('• 2x Café 500g — R$\u00a040,00');
  });
});
