/**
 * Product photos' tables (migration 0032): `photo_files` (the bytes of each stored size) and the products'
 * `product_images` rows that point at them (docs/architecture.md names this file as their writer, beside Tray's
 * catalogue import). Every statement is scoped by the shop.
 */
import type { Queryable } from '../../db/client.ts';
import type { PhotoFile, PhotoFormat } from './resize.ts';

export type ImageRow = { id: string; url: string; position: number };

export async function findProductImages(
  db: Queryable,
  shopId: string,
  productId: string,
): Promise<ImageRow[]> {
  return db.query<ImageRow>(
    `select id, url, position from product_images
      where shop_id = $1 and product_id = $2 order by position, id`,
    [shopId, productId],
  );
}

/** The images of several products of the shop, each product's in order. */
export async function findImagesOfProducts(
  db: Queryable,
  shopId: string,
  productIds: string[],
): Promise<Map<string, ImageRow[]>> {
  const rows = await db.query<ImageRow & { product_id: string }>(
    `select i.product_id, i.id, i.url, i.position
       from unnest($2::text[]) as p(id) join product_images i on i.product_id = p.id
      where i.shop_id = $1 order by i.product_id, i.position, i.id`,
    [shopId, productIds],
  );
  const byProduct = new Map<string, ImageRow[]>();
  for (const { product_id, ...image } of rows)
    byProduct.set(product_id, [...(byProduct.get(product_id) ?? []), image]);
  return byProduct;
}

/** Stores the files of a photo once per shop (a second upload of the same bytes keeps the first). */
export async function insertPhotoFiles(db: Queryable, shopId: string, hash: string, files: PhotoFile[]) {
  const rows = files.map((_, i) => `($1, $2, $${3 + i * 3}, $${4 + i * 3}, $${5 + i * 3})`);
  await db.query(
    `insert into photo_files (hash, shop_id, width, format, bytes) values ${rows.join(', ')}
     on conflict (hash, width, format) do nothing`,
    [hash, shopId, ...files.flatMap((f) => [f.width, f.format, f.bytes])],
  );
}

export async function insertProductImage(
  db: Queryable,
  image: { id: string; shopId: string; productId: string; url: string },
): Promise<ImageRow> {
  const [row] = await db.query<ImageRow>(
    `insert into product_images (id, shop_id, product_id, url, position)
     select $1, $2, $3, $4, coalesce(max(position) + 1, 0) from product_images where product_id = $3
     returning id, url, position`,
    [image.id, image.shopId, image.productId, image.url],
  );
  return row!;
}

/**
 * Rewrites several products' image lists in three statements: drops the images in `drop`, inserts `add` and
 * moves the kept ones to `place` (each row with its final position).
 */
export async function rewriteImageLists(
  db: Queryable,
  shopId: string,
  change: {
    drop: string[];
    add: { id: string; productId: string; url: string; position: number }[];
    place: { id: string; position: number }[];
  },
) {
  if (change.drop.length > 0)
    await db.query('delete from product_images where shop_id = $1 and id = any($2::text[])', [
      shopId,
      change.drop,
    ]);
  if (change.add.length > 0)
    await db.query(
      `insert into product_images (id, shop_id, product_id, url, position)
       select a.id, $1, a.product_id, a.url, a.position
         from unnest($2::text[], $3::text[], $4::text[], $5::int[]) as a(id, product_id, url, position)`,
      [
        shopId,
        change.add.map((a) => a.id),
        change.add.map((a) => a.productId),
        change.add.map((a) => a.url),
        change.add.map((a) => a.position),
      ],
    );
  if (change.place.length > 0)
    await db.query(
      `update product_images i set position = o.position
         from unnest($2::text[], $3::int[]) as o(id, position)
        where i.id = o.id and i.shop_id = $1`,
      [shopId, change.place.map((p) => p.id), change.place.map((p) => p.position)],
    );
}

/** Gives each image of the product its place in `ids` (all of them, in order). */
export async function setImagePositions(db: Queryable, shopId: string, productId: string, ids: string[]) {
  await db.query(
    `update product_images i set position = o.position - 1
       from unnest($3::text[]) with ordinality as o(id, position)
      where i.id = o.id and i.shop_id = $1 and i.product_id = $2`,
    [shopId, productId, ids],
  );
}

export async function deleteProductImage(
  db: Queryable,
  shopId: string,
  productId: string,
  imageId: string,
): Promise<ImageRow | null> {
  const [row] = await db.query<ImageRow>(
    `delete from product_images where id = $1 and shop_id = $2 and product_id = $3
     returning id, url, position`,
    [imageId, shopId, productId],
  );
  return row ?? null;
}

/** Drops a photo's files once no product of the shop shows it any more. */
export async function deleteUnusedPhotoFiles(db: Queryable, shopId: string, hash: string, url: string) {
  await db.query(
    `delete from photo_files where shop_id = $1 and hash = $2
        and not exists (select 1 from product_images where shop_id = $1 and url = $3)`,
    [shopId, hash, url],
  );
}

export async function findPhotoFile(
  db: Queryable,
  hash: string,
  width: number,
  format: PhotoFormat,
): Promise<Buffer | null> {
  const [row] = await db.query<{ bytes: Uint8Array }>(
    `select bytes from photo_files where hash = $1 and width = $2 and format = $3`,
    [hash, width, format],
  );
  return row ? Buffer.from(row.bytes) : null;
}
