/**
 * What the chatbot platform's per-shop configuration routes share (`/api/platform/shops/{shop}/…`): the route
 * schema parts (platform key, shop slug) and the shop with the key that seals its secrets.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { findShopBySlug } from './repository.ts';

export const platformShopSchema = {
  tags: ['platform'],
  security: [{ platform: [] }],
  headers: z.object({ authorization: z.string().optional() }),
  params: z.object({
    shop: z
      .string()
      .regex(/^[a-z0-9-]{2,60}$/, 'Loja inválida')
      .describe('Shop slug'),
  }),
};

/** The shop named by `slug` (404) and the credentials key (503 while MESSAGING_CREDENTIALS_KEY is unset). */
export async function platformShop(app: FastifyInstance, slug: string) {
  const shop = await findShopBySlug(app.db, slug);
  if (!shop) throw new AppError('notFound', 'shopNotFound');
  const key = app.config.messaging.credentialsKey;
  if (!key) throw new AppError('unavailable', 'credentialsKeyMissing');
  return { shop, key };
}
