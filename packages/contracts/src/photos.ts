/** Console photo manager contracts (docs/decisions/0032-product-photos.md); URLs and sizes: photo-urls.ts. */
import { z } from 'zod';
import { PHOTO_MAX_PER_PRODUCT } from './photo-urls.ts';

export { catalogCode as productCodeParam } from './console-catalog.ts';

/** One photo of a product as the console lists it; the first is the cover. */
export const productPhoto = z.object({ id: z.string(), url: z.string(), position: z.number().int() });
export type ProductPhoto = z.infer<typeof productPhoto>;
export const productPhotos = z.object({ photos: z.array(productPhoto) });
export type ProductPhotos = z.infer<typeof productPhotos>;

/** `PUT …/photos/order`: every photo id of the product once, the cover first. */
export const photoOrderBody = z
  .object({
    ids: z
      .array(z.string().min(1).max(64))
      .min(1, 'Informe as fotos na nova ordem.')
      .max(PHOTO_MAX_PER_PRODUCT, `No máximo ${PHOTO_MAX_PER_PRODUCT} fotos por produto.`),
  })
  .strict();
export type PhotoOrderBody = z.infer<typeof photoOrderBody>;

/** An image's id (`img_…`) in console addresses (the product is named by its code). */
export const imageIdParam = z.string().regex(/^img_[0-9a-z]{26}$/, 'Foto inválida');
/** Content types an upload may be sent with (the bytes decide what it is). */
export const PHOTO_UPLOAD_TYPES = [
  'application/octet-stream',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
];
