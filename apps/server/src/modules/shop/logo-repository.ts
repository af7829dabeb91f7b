/** Uploaded shop logos (migration 0019): the normalised PNG bytes, served by id. */
import type { Queryable } from '../../db/client.ts';

export type LogoRow = { id: string; shop_id: string; bytes: Uint8Array; width: number; height: number };

export async function insertLogo(db: Queryable, logo: LogoRow): Promise<void> {
  await db.query(`insert into shop_logos (id, shop_id, bytes, width, height) values ($1, $2, $3, $4, $5)`, [
    logo.id,
    logo.shop_id,
    logo.bytes,
    logo.width,
    logo.height,
  ]);
}

export async function findLogo(db: Queryable, id: string): Promise<LogoRow | null> {
  const [row] = await db.query<LogoRow>(
    `select id, shop_id, bytes, width, height from shop_logos where id = $1`,
    [id],
  );
  return row ?? null;
}
