import { expect, it } from 'vitest';
import { RateLimiter, type Clock } from './rate-limiter.ts';
import { activePromotion, parseProductPage, parseTokens, trayDate, trayMoneyToCents } from './tray-parse.ts';

it('converts Tray money to centavos exactly', () => {
  expect(trayMoneyToCents('199.90')).toBe(19990);
  expect(trayMoneyToCents('0.29')).toBe(29);
  expect(trayMoneyToCents('1234.5')).toBe(123450);
  expect(trayMoneyToCents(19.99)).toBe(1999);
  expect(trayMoneyToCents('')).toBeNull();
  expect(() => trayMoneyToCents('R$ 10,00')).toThrow(/valor monetário inválido/);
});

it('reads Tray timestamps as Brasília time and promotions by the São Paulo calendar day', () => {
  expect(trayDate('2026-03-21 15:00:00').toISOString()).toBe('2026-03-21T18:00:00.000Z');
  const now = new Date('2026-03-21T02:00:00Z'); // still 20 March in São Paulo
  expect(activePromotion(1000, '8.00', '0000-00-00', '0000-00-00', now)).toBe(800);
  expect(activePromotion(1000, '8.00', '2026-03-21', '', now)).toBeNull();
  expect(activePromotion(1000, '8.00', '', '2026-03-19', now)).toBeNull();
  expect(activePromotion(1000, '0.00', '', '', now)).toBeNull();
  expect(activePromotion(1000, '12.00', '', '', now)).toBeNull();
});

it('maps the documented auth and product list responses', () => {
  const tokens = parseTokens({
    code: 201,
    message: 'Created tokens',
    access_token: 'a',
    refresh_token: 'r',
    date_expiration_access_token: '2026-03-21 15:00:00',
    date_expiration_refresh_token: '2026-04-20 12:00:00',
    store_id: 123456,
  });
  expect(tokens).toMatchObject({ accessToken: 'a', refreshToken: 'r', storeId: '123456' });
  const page = parseProductPage(
    {
      paging: { total: '1', page: '1', offset: '0', limit: '50', maxLimit: '50' },
      Products: [
        {
          Product: {
            id: '84',
            name: 'Café ',
            price: '10.50',
            promotional_price: '0.00',
            category_id: '0',
            available: '1',
            stock: '3',
            minimum_stock: '2',
            has_variation: '0',
            ProductImage: [{ http: 'http://x/1.jpg', https: 'https://x/1.jpg' }],
          },
        },
      ],
    },
    new Date(),
  );
  expect(page).toMatchObject({ total: 1, page: 1, limit: 50 });
  expect(page.items[0]).toMatchObject({
    providerId: '84',
    name: 'Café',
    sku: '84',
    priceCents: 1050,
    promotionalPriceCents: null,
    categoryProviderId: null,
    available: true,
    stock: 3,
    minimumStock: 2,
    images: ['https://x/1.jpg'],
  });
  expect(() => parseProductPage({ Products: [] }, new Date())).toThrow(/resposta inesperada/);
});

it('spaces requests to stay within the per-minute budget, per store', async () => {
  let now = 0;
  const waits: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
  const limiter = new RateLimiter(180, clock);
  for (let i = 0; i < 180; i++) await limiter.acquire('loja-a');
  expect(waits).toEqual([]);
  await limiter.acquire('loja-a');
  expect(waits).toEqual([334]); // one token every 60 000 / 180 ms
  await limiter.acquire('loja-b');
  expect(waits).toHaveLength(1);
});
