/** Inventory API for ERPs and the chatbot platform (issue 31, decision 0044): units' stock by SKU, absolute counts. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inventoryPage,
  inventoryPutBody,
  inventoryPutResult,
  inventoryQuery,
  MAX_INVENTORY_ROWS,
} from '@vitrine/contracts/stock-api';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { idempotencyKeyOf } from '../../modules/outbox/service.ts';
import { requirePlatformKey } from '../../modules/session/service.ts';
import { findShopBySlug, platformShopSchema } from '../../modules/shop/service.ts';
import { putInventory, readInventory } from '../../modules/stock/service.ts';

/** 10,000 rows of long SKUs: above the app's 256 KB body limit. */
const BODY_LIMIT = 2 * 1024 * 1024;

export async function platformInventoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = requirePlatformKey(app.config);
  const shopOf = async (slug: string) => {
    const shop = await findShopBySlug(app.db, slug);
    if (!shop) throw new AppError('notFound', 'shopNotFound');
    return shop;
  };

  r.get(
    '/api/platform/shops/:shop/inventory',
    {
      schema: {
        ...platformShopSchema,
        summary: 'Inventory: the stock of the units (products without variants, variants) of some SKUs',
        description:
          'Each unit: on hand, held by confirmed orders not yet finalized, available (on hand − held), whether ' +
          'the shop tracks it (untracked = unlimited) and allows backorder; kilo products count grams. Unknown ' +
          "SKUs are absent. 400 pt-BR (over 100 SKUs); 401 wrong key; 404 'Loja não encontrada.'.",
        querystring: inventoryQuery,
        response: okSchema(inventoryPage),
      },
      preValidation,
    },
    async (request) => {
      const shop = await shopOf(request.params.shop);
      return ok({ items: await readInventory(app.db, shop.id, request.query.sku) });
    },
  );

  r.put(
    '/api/platform/shops/:shop/inventory',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        ...platformShopSchema,
        headers: platformShopSchema.headers.extend({
          'idempotency-key': z
            .string()
            .optional()
            .describe('8–200 of A-Z a-z 0-9 _ . : -: a retry with the same key and body moves nothing'),
        }),
        summary: 'Inventory: set the on hand of units by SKU (absolute counts, all or nothing)',
        description:
          `At most ${MAX_INVENTORY_ROWS.toLocaleString('en')} rows; \`onHand\` a whole number ≥ 0 (grams for kilo ` +
          'products). Each count is a ledger movement (reason inventory_api); a count equal to the stock writes ' +
          'nothing. Nothing is applied when any row is refused: 400 naming the field (negative, not a whole ' +
          'number, too many rows, NUL bytes); 422 naming the SKUs unknown, repeated, shared by several units or ' +
          'below what confirmed orders hold; the same Idempotency-Key with another body 422. 401; 404.',
        body: inventoryPutBody,
        response: okSchema(inventoryPutResult),
      },
      preValidation,
    },
    async (request) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const shop = await shopOf(request.params.shop);
      return ok(await putInventory(app.db, shop.id, request.body, key));
    },
  );
}
