/**
 * The shop's catalogue feed token (migration 0068, decision 0054): the secret part of its feed addresses
 * `/feeds/<slug>/<token>/meta.csv` and `…/google.xml`. Made on first use, replaced by the owner ('Gerar novo
 * endereço'); a token is checked together with the shop it belongs to, so another shop's token finds nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { safeEqual } from '../../lib/safe-equal.ts';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const newToken = () => randomBytes(24).toString('base64url');

/** The shop's feed token, made now when it has none. */
export async function feedTokenOf(db: Queryable, shopId: string): Promise<string> {
  await db.query(
    `insert into shop_feed_tokens (shop_id, token) values ($1, $2) on conflict (shop_id) do nothing`,
    [shopId, newToken()],
  );
  const [row] = await db.query<{ token: string }>(`select token from shop_feed_tokens where shop_id = $1`, [
    shopId,
  ]);
  return row!.token;
}

/** Replaces the shop's feed token: the old addresses stop answering at once. Answers the new token. */
export async function rotateFeedToken(db: Queryable, shopId: string): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into shop_feed_tokens (shop_id, token) values ($1, $2)
     on conflict (shop_id) do update set token = excluded.token, created_at = now()`,
    [shopId, token],
  );
  return token;
}

/** Whether `token` is the feed token of shop `shopId` (compared in constant time). */
export async function isFeedToken(db: Queryable, shopId: string, token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const [row] = await db.query<{ token: string }>(`select token from shop_feed_tokens where shop_id = $1`, [
    shopId,
  ]);
  return row ? safeEqual(row.token, token) : false;
}
