/**
 * Gift rules of the demo shops ('Brindes 01', 'Brindes 02' in the cart). Products are named as seeded, so the
 * rules follow the catalogue; a shop without definitions gets none.
 */
import { newId } from '../../lib/ids.ts';
import { insertGiftRule } from '../../modules/order/service.ts';
import type { Db } from '../client.ts';

type GiftRuleSeed = { name: string; minOrderCents: number; availableQuantity: number; products: string[] };

const GIFT_RULES: Readonly<Record<string, readonly GiftRuleSeed[]>> = {
  hortifruti: [
    {
      name: 'Tempero de presente acima de R$ 50',
      minOrderCents: 5000,
      availableQuantity: 1,
      products: ['Cheiro-Verde Maço', 'Alface Crespa Maço', 'Couve Manteiga Maço'],
    },
    {
      name: 'Dois mimos acima de R$ 100',
      minOrderCents: 10000,
      availableQuantity: 2,
      products: [
        'Chocolate ao Leite Lacta 90g',
        'Rúcula Maço',
        'Brócolis Ninja Unidade',
        'Morango Bandeja 250g',
      ],
    },
  ],
};

/**
 * Seeds the gift rules of the shop `shopId` (by its slug) in one transaction. Idempotent: nothing is written
 * when the shop already has gift rules or has no definitions. Returns how many rules were created.
 */
export async function seedGifts(db: Db, shopId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [shop] = await tx.query<{ slug: string; rules: number }>(
      `select s.slug, (select count(*)::int from gift_rules r where r.shop_id = s.id) as rules
         from shops s where s.id = $1`,
      [shopId],
    );
    const definitions = shop ? (GIFT_RULES[shop.slug] ?? []) : [];
    if (!shop || shop.rules > 0 || definitions.length === 0) return 0;
    for (const [position, rule] of definitions.entries()) {
      const products = await tx.query<{ id: string; name: string }>(
        `select distinct on (name) id, name from products
          where shop_id = $1 and name = any($2::text[]) order by name, provider_id`,
        [shopId, rule.products],
      );
      const ids = rule.products.flatMap((name) => products.filter((p) => p.name === name).map((p) => p.id));
      if (ids.length !== rule.products.length)
        throw new Error(`Brindes de ${shop.slug}: produto ausente em "${rule.name}"`);
      await insertGiftRule(tx, {
        id: newId('gft'),
        shopId,
        name: rule.name,
        minOrderCents: rule.minOrderCents,
        availableQuantity: rule.availableQuantity,
        position,
        productIds: ids,
      });
    }
    return definitions.length;
  });
}
