import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { product } from '@vitrine/contracts/catalog';
import { SessionType } from '@vitrine/contracts/enums';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { getProductDetail } from '../../modules/catalog/service.ts';

const productParams = z
  .object({
    id: z.string().min(1, 'Produto não informado.').max(400, 'Identificador de produto longo demais.'),
  })
  .strict();

/** The product page's detail; a shopper's opening counts as a view of the product (issue 37). */
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
    async (request) => {
      const session = requireSession(request);
      const detail = await getProductDetail(app.readDbFor(request), session, request.params.id);
      // A shopper's view of the product (Relatórios › Produtos): not an agent's or a platform user's look, not a
      // variant change of a page already open; a link preview's crawler reads the server's first view, not this.
      if (session.sessionType === SessionType.Contact && detail.providerId === request.params.id)
        app.analytics.productView(session.shopId, detail.providerId);
      return ok(detail);
    },
  );
}
