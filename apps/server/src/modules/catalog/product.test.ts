import { expect, it } from 'vitest';
import type { Product } from '@vitrine/contracts/catalog';
import { seedDemo } from '../../db/seed/demo.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { demoProduct, mintSession } from '../order/order-test-kit.ts';

describeEachDb(
  'product detail',
  (ctx) => {
    async function get(shop: string, id: string) {
      const code = await mintSession(ctx().app, { shop });
      const res = await ctx().app.inject({
        url: `/api/catalog/products/${encodeURIComponent(id)}`,
        headers: { authorization: `Bearer ${code}` },
      });
      return { status: res.statusCode, body: res.json() as { data: Product; errors: { message: string }[] } };
    }
    const row = async (shop: string, providerId: string) =>
      (
        await ctx().db.query<Record<string, unknown>>(
          `select p.* from products p join shops s on s.id = p.shop_id where s.slug = $1 and p.provider_id = $2`,
          [shop, providerId],
        )
      )[0]!;

    it('returns variants, attributes and images; the Variant= form picks the variant of that option', async () => {
      const id = await demoProduct(
        ctx().db,
        'moda',
        `p.is_active and exists (select 1 from attribute_options o join product_attributes a on a.id = o.attribute_id
           where a.product_id = p.id and o.redirectable)`,
      );
      const { status, body } = await get('moda', id);
      expect(status).toBe(200);
      const product = body.data;
      expect(product).toMatchObject({
        providerId: id,
        hasVariants: true,
        currentDimension: null,
        isActive: true,
      });
      const variants = await ctx().db.query<{
        provider_id: string;
        sku: string;
        options: Record<string, string>;
      }>(
        `select v.provider_id, v.sku, v.options from product_variants v join products p on p.id = v.product_id
          where p.provider_id = $1 and p.shop_id = (select id from shops where slug = 'moda') order by v.position`,
        [id],
      );
      expect(product.dimensions.map((d) => [d.providerId, d.sku, d.map])).toEqual(
        variants.map((v) => [v.provider_id, v.sku, v.options]),
      );
      const colour = product.attributes.find((a) => a.options.some((o) => o.redirectable))!;
      const option = colour.options.find((o) => o.redirectable)!;

      const redirected = (await get('moda', `${id}Variant=${option.providerId}`)).body.data;
      expect(redirected.currentDimension?.map[colour.providerId]).toBe(option.providerId);
      expect(redirected.images[0]!.url).toBe(redirected.currentDimension!.image!.url);
      expect(redirected.images).toHaveLength(
        new Set([...product.images.map((i) => i.url), redirected.images[0]!.url]).size,
      );
    });

    it('answers unknown products and options, and other shops’ products, with 404', async () => {
      const modaProduct = await demoProduct(ctx().db, 'moda', 'p.is_active');
      for (const [shop, id] of [
        ['hortifruti', 'NAO-EXISTE'],
        ['moda', `${modaProduct}Variant=nao-existe`],
        ['hortifruti', modaProduct],
      ]) {
        const res = await get(shop!, id!);
        expect(res.status, id).toBe(404);
        expect(res.body.errors[0]!.message).toBe('Produto não encontrado.');
      }
      expect((await ctx().app.inject({ url: `/api/catalog/products/${modaProduct}` })).statusCode).toBe(401);
    });

    it('hides inactive products only where the shop hides them', async () => {
      const hidden = await demoProduct(ctx().db, 'moda', 'not p.is_active');
      expect((await get('moda', hidden)).status).toBe(404);
      const shown = await demoProduct(ctx().db, 'hortifruti', 'not p.is_active');
      const res = await get('hortifruti', shown);
      expect(res.status).toBe(200);
      expect(res.body.data.isActive).toBe(false);
    });

    it('returns kilo fields, offers, specifications without empty values and the description as stored', async () => {
      const kilo = await demoProduct(ctx().db, 'hortifruti', 'p.sold_in_kilo');
      const k = (await get('hortifruti', kilo)).body.data;
      const kRow = await row('hortifruti', kilo);
      expect(k).toMatchObject({
        soldInKilo: true,
        amountInKilo: Number(kRow.amount_in_kilo),
        kilogramPrice: Number(kRow.kilogram_price_cents) / 100,
        listPrice: Number(kRow.price_cents) / 100,
      });

      const empty = await demoProduct(
        ctx().db,
        'hortifruti',
        `exists (select 1 from product_specifications s where s.product_id = p.id and s.value = '[]'::jsonb)`,
      );
      const spec = (await get('hortifruti', empty)).body.data.specification;
      expect(spec.length).toBeGreaterThan(0);
      expect(spec.every((s) => s.value.length > 0 && s.value.every((v) => v.trim() !== ''))).toBe(true);

      const html = await demoProduct(ctx().db, 'hortifruti', `p.description like '%<script>%'`);
      expect((await get('hortifruti', html)).body.data.description).toBe(
        (await row('hortifruti', html)).description,
      );

      const subscribable = await demoProduct(
        ctx().db,
        'hortifruti',
        'exists (select 1 from subscription_offers so where so.product_id = p.id)',
      );
      expect((await get('hortifruti', subscribable)).body.data.subscriptionOffers.length).toBeGreaterThan(0);
    });

    it("gives the shipping restriction message, falling back to the shop's", async () => {
      const restricted = await demoProduct(
        ctx().db,
        'hortifruti',
        'p.has_shipping_restriction and p.is_active',
      );
      const own = (await get('hortifruti', restricted)).body.data;
      expect(own.shippingRestrictionMessage).toBe(
        (await row('hortifruti', restricted)).shipping_restriction_message,
      );
      await ctx().db.query(`update products set shipping_restriction_message = null where provider_id = $1`, [
        restricted,
      ]);
      const fallback = (await get('hortifruti', restricted)).body.data;
      expect(fallback.shippingRestrictionMessage).toBe(
        'Alguns itens do pedido estão disponíveis apenas para retirada na loja.',
      );
      const plain = await demoProduct(
        ctx().db,
        'hortifruti',
        'not p.has_shipping_restriction and p.is_active',
      );
      expect((await get('hortifruti', plain)).body.data.shippingRestrictionMessage).toBeNull();
    });
  },
  { setup: async (db) => void (await seedDemo(db)) },
);
