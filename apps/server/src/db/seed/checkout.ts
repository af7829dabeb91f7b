/**
 * Demo checkout data (issue 5): stores (sellers), price tables, pickup/delivery options, delivery slots for the
 * next days and coupons, for the demo shops. Idempotent (skips a shop that already has sellers).
 */
import { addDays, localDay, zonedInstant } from '@vitrine/contracts/shop-time';
import { getShop } from '../../modules/shop/service.ts';
import type { Db, Queryable } from '../client.ts';

type Store = [
  providerId: string,
  name: string,
  street: string,
  number: string,
  neighborhood: string,
  city: string,
  state: string,
  zip: string,
  taxCents: number,
];

const STORES: Record<string, Store[]> = {
  hortifruti: [
    [
      'loja-paulista',
      'Loja Paulista',
      'Avenida Paulista',
      '1500',
      'Bela Vista',
      'São Paulo',
      'SP',
      '01310200',
      0,
    ],
    [
      'loja-pinheiros',
      'Loja Pinheiros',
      'Rua dos Pinheiros',
      '800',
      'Pinheiros',
      'São Paulo',
      'SP',
      '05422000',
      290,
    ],
  ],
  moda: [
    [
      'loja-copacabana',
      'Loja Copacabana',
      'Avenida Atlântica',
      '2000',
      'Copacabana',
      'Rio de Janeiro',
      'RJ',
      '22021001',
      500,
    ],
    [
      'loja-centro',
      'Loja Centro',
      'Avenida Rio Branco',
      '100',
      'Centro',
      'Rio de Janeiro',
      'RJ',
      '20040002',
      0,
    ],
  ],
};

async function shopIdOf(db: Queryable, slug: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>('select id from shops where slug = $1', [slug]);
  return row?.id ?? null;
}

async function seedShopCheckout(tx: Queryable, slug: string, shopId: string, now: Date): Promise<void> {
  const [existing] = await tx.query('select 1 from sellers where shop_id = $1 limit 1', [shopId]);
  if (existing) return;
  await tx.query(
    `insert into price_tables (id, shop_id, provider_id, name, position) values
       ($1, $2, 'varejo', 'Varejo', 0), ($3, $2, 'atacado', 'Atacado', 1)`,
    [`ptb-${slug}-varejo`, shopId, `ptb-${slug}-atacado`],
  );
  // Atacado: 10% below the catalogue price for every product of the shop.
  await tx.query(
    `insert into price_table_prices (price_table_id, product_id, shop_id, price_cents)
     select $1, id, shop_id, (price_cents * 9 + 5) / 10 from products where shop_id = $2`,
    [`ptb-${slug}-atacado`, shopId],
  );
  for (const [i, s] of (STORES[slug] ?? []).entries()) {
    const sellerId = `sel-${slug}-${s[0]}`;
    await tx.query(
      `insert into sellers (id, shop_id, provider_id, name, street, number, neighborhood, city, state, zip_code,
         service_tax_cents, allowed_price_tables, default_price_table_id, use_default_price_table, position)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, '["varejo","atacado"]', 'varejo', false, $12)`,
      [sellerId, shopId, ...s, i],
    );
    const cepPrefix = s[7].slice(0, 2);
    await tx.query(
      `insert into logistic_options (id, shop_id, seller_id, provider_id, type, name, price_cents, free_above_cents,
         order_min_price_cents, max_distinct_items, max_items, shipping_time_estimative, cep_from, cep_to,
         neighborhoods, position)
       values ($1, $2, $3, $4, 0, $5, 0, null, null, null, null, 'Retirada em 2 horas', null, null, '[]', $6),
              ($7, $2, $3, $8, 1, $9, 990, 15000, 3000, 30, 100, 'Em até 1 dia útil', $10, $11, $12, $13)`,
      [
        `lgo-${slug}-${s[0]}-pickup`,
        shopId,
        sellerId,
        `${s[0]}-retirada`,
        `Retirada - ${s[1]}`,
        i * 2,
        `lgo-${slug}-${s[0]}-delivery`,
        `${s[0]}-entrega`,
        `Entrega - ${s[1]}`,
        `${cepPrefix}000000`,
        `${cepPrefix}999999`,
        JSON.stringify([s[4]]),
        i * 2 + 1,
      ],
    );
  }
  // Slots: the next 5 shop-local days, two windows a day, order by 2 hours before the window opens (the shop's
  // time zone).
  const { time_zone: timeZone } = await getShop(tx, shopId);
  for (let d = 1; d <= 5; d++) {
    const day = addDays(localDay(now, timeZone), d);
    for (const [start, end, capacity] of [
      ['08:00', '12:00', 5],
      ['14:00', '18:00', 3],
    ] as const) {
      const cutoff = zonedInstant(day, start, timeZone).getTime() - 2 * 3_600_000;
      await tx.query(
        `insert into schedule_slots (id, shop_id, day, start_time, end_time, schedule_until, capacity)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          `slt-${slug}-${day}-${start.slice(0, 2)}`,
          shopId,
          day,
          start,
          end,
          new Date(cutoff).toISOString(),
          capacity,
        ],
      );
    }
  }
  await tx.query(
    `insert into coupons (id, shop_id, code, kind, value, min_order_cents, valid_from, valid_until, usage_limit,
       per_customer_limit)
     values ($1, $2, 'BEMVINDO10', 'percentage', 10, 5000, null, null, 1000, 1),
            ($3, $2, 'FRETE15', 'fixed', 1500, 8000, null, null, null, null)`,
    [`cpn-${slug}-bemvindo10`, shopId, `cpn-${slug}-frete15`],
  );
}

/** Seeds the checkout demo data of the demo shops (hortifruti, moda); skips a shop that has it already. */
export async function seedCheckoutDemo(db: Db, now = new Date()): Promise<void> {
  for (const slug of Object.keys(STORES)) {
    const shopId = await shopIdOf(db, slug);
    if (shopId) await db.transaction((tx) => seedShopCheckout(tx, slug, shopId, now));
  }
}
