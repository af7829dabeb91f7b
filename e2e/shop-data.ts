/**
 * Catalogue and delivery data for a shop created in a journey, written straight into a stopped private server's
 * database: the console has no catalogue or delivery editor yet (issue 17), so a seller, one delivery option and
 * one product go in as the seed writes them (apps/server/src/db/seed/checkout.ts), and optionally older orders.
 */
import { openDb, type Queryable } from '../apps/server/src/db/client.ts';
import { placeTestOrder, type TestOrder } from '../apps/server/src/test/board-kit.ts';

export type JourneyProduct = { providerId: string; name: string; priceCents: number };

/** The store 'Loja Centro' (`sel-<slug>`) and one delivery option across São Paulo (`lgo-<slug>`), as the seed writes them. */
export async function insertStoreAndDelivery(
  tx: Queryable,
  shopId: string,
  slug: string,
  delivery: { name: string; priceCents: number },
) {
  const sellerId = `sel-${slug}`;
  await tx.query(
    `insert into sellers (id, shop_id, provider_id, name, street, number, neighborhood, city, state, zip_code)
     values ($1, $2, 'loja', 'Loja Centro', 'Rua Augusta', '100', 'Consolação', 'São Paulo', 'SP', '01305000')`,
    [sellerId, shopId],
  );
  await tx.query(
    `insert into logistic_options (id, shop_id, seller_id, provider_id, type, name, price_cents,
       shipping_time_estimative, cep_from, cep_to)
     values ($1, $2, $3, 'entrega', 1, $4, $5, 'Em até 1 dia útil', '01000000', '05999999')`,
    [`lgo-${slug}`, shopId, sellerId, delivery.name, delivery.priceCents],
  );
}

export async function addProductAndDelivery(
  dataDir: string,
  slug: string,
  product: JourneyProduct,
  oldOrders = 0,
) {
  const db = await openDb({ dataDir });
  try {
    await db.transaction(async (tx) => {
      const [shop] = await tx.query<{ id: string }>('select id from shops where slug = $1', [slug]);
      if (!shop) throw new Error(`shop ${slug} not found`);
      await insertStoreAndDelivery(tx, shop.id, slug, { name: 'Entrega na cidade', priceCents: 990 });
      await tx.query(
        `insert into products (id, shop_id, provider_id, sku, name, price_cents, ranking)
         values ($1, $2, $3, $3, $4, $5, 100)`,
        [`prd-${slug}`, shop.id, product.providerId, product.name, product.priceCents],
      );
      // Orders of last week (the board tests' fixture: contact, chat session, one line, numbered on placing).
      const weekAgo = Date.now() - 7 * 86_400_000;
      for (let i = 0; i < oldOrders; i++)
        await placeTestOrder(tx, shop.id, {
          name: `Cliente ${i + 1}`,
          phone: `55119${String(70_000_000 + i).padStart(8, '0')}`,
          confirmedAt: new Date(weekAgo + i * 60_000).toISOString(),
          paid: i === oldOrders - 1, // the newest of them paid online (PIX)
        });
      // The fixture writes a product per order: taken off the catalogue (a new shop hides inactive products).
      await tx.query('update products set is_active = false where shop_id = $1 and id <> $2', [
        shop.id,
        `prd-${slug}`,
      ]);
    });
  } finally {
    await db.close();
  }
}

/** Tracks the stock of the journey's product (`addProductAndDelivery`) and counts `onHand` with a reason. */
export async function trackStock(dataDir: string, slug: string, onHand: number) {
  const db = await openDb({ dataDir });
  try {
    await db.transaction(async (tx) => {
      const [shop] = await tx.query<{ id: string }>('select id from shops where slug = $1', [slug]);
      if (!shop) throw new Error(`shop ${slug} not found`);
      const productId = `prd-${slug}`;
      await tx.query('insert into stock_settings (product_id, shop_id, track) values ($1, $2, true)', [
        productId,
        shop.id,
      ]);
      await tx.query(
        `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note)
         values ($1, $2, $2, 'adjustment', $3, 'staff', 'Contagem inicial')`,
        [shop.id, productId, onHand],
      );
    });
  } finally {
    await db.close();
  }
}

/** A placed order written as the board tests write theirs (`placeTestOrder`: a line of 'Banana prata', paid or not). */
export async function addPlacedOrder(dataDir: string, slug: string, order: TestOrder) {
  const db = await openDb({ dataDir });
  try {
    await db.transaction(async (tx) => {
      const [shop] = await tx.query<{ id: string }>('select id from shops where slug = $1', [slug]);
      if (!shop) throw new Error(`shop ${slug} not found`);
      await placeTestOrder(tx, shop.id, order);
    });
  } finally {
    await db.close();
  }
}
