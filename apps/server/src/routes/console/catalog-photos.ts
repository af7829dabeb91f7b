/**
 * Console product photos (owner, manager; docs/decisions/0032-product-photos.md): list, upload (the file's bytes as
 * the body, up to PHOTO_MAX_BYTES), reorder (the first is the cover) and delete.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopSlug } from '@vitrine/contracts/console';
import { PHOTO_MAX_BYTES } from '@vitrine/contracts/photo-urls';
import {
  imageIdParam,
  PHOTO_UPLOAD_TYPES,
  photoOrderBody,
  productPhoto,
  productCodeParam,
  productPhotos,
} from '@vitrine/contracts/photos';
import { ok, okSchema } from '../../lib/envelope.ts';
import { deletePhoto, listPhotos, reorderPhotos, uploadPhoto } from '../../flows/catalog/photos.ts';
import { photoTooLarge } from '../../modules/photos/service.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { consoleActor as actorOf, consoleTags as tags, csrfHeaders as headers } from './kit.ts';

const params = z.object({ shop: shopSlug, code: productCodeParam });

/** Refuses a declared size over the limit before a byte of the body is read, with the photo's own message. */
async function refuseOversized(request: FastifyRequest) {
  if (Number(request.headers['content-length'] ?? 0) > PHOTO_MAX_BYTES) throw photoTooLarge();
}

export async function consolePhotoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, forgetShop: (shopId: string) => app.forgetShop(shopId) };
  // Only this plugin's routes take raw bytes; everywhere else a body is JSON.
  app.addContentTypeParser(
    PHOTO_UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  const base = '/api/console/shops/:shop/products/:code/photos';

  r.get(
    base,
    {
      schema: {
        tags,
        summary: "Console (owner, manager): a product's photos, the cover first",
        params,
        response: okSchema(productPhotos),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await listPhotos(app.db, staff.shop.id, request.params.code));
    },
  );

  r.post(
    base,
    {
      onRequest: refuseOversized,
      bodyLimit: PHOTO_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Console (owner, manager): add a photo — the file itself as the body (JPEG, PNG, WebP, AVIF or GIF, ≤ 15 MB); resized and stored as WebP and JPEG',
        params,
        headers,
        response: { 201: okSchema(productPhoto)[200] },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'manager');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const photo = await uploadPhoto(deps, actorOf(staff), request.params.code, body);
      reply.status(201);
      return ok(photo);
    },
  );

  r.put(
    `${base}/order`,
    {
      schema: {
        tags,
        summary: "Console (owner, manager): put the product's photos in a new order; the first is the cover",
        params,
        headers,
        body: photoOrderBody,
        response: okSchema(productPhotos),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await reorderPhotos(deps, actorOf(staff), request.params.code, request.body.ids));
    },
  );

  r.delete(
    `${base}/:imageId`,
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): delete one photo of the product (the next becomes the cover)',
        params: params.extend({ imageId: imageIdParam }),
        headers,
        response: okSchema(productPhotos),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await deletePhoto(deps, actorOf(staff), request.params.code, request.params.imageId));
    },
  );
}
