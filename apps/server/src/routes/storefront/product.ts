import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { product } from '@vitrine/contracts/catalog';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { getProductDetail } from '../../modules/catalog/service.ts';

const productParams = z
  .object({
    id: z.string().min(1, 'Produto não informado.').max(400, 'Identificador de produto longo demais.'),
  })
  .strict();

export async function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/catalog/products/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Product detail; `{productId}Variant={optionId}` selects the variant carrying that option',
        params: productParams,
        response: okSchema(product),
      },
    },
    async (request) => ok(await getProductDetail(app.db, requireSession(request), request.params.id)),
  );
}
