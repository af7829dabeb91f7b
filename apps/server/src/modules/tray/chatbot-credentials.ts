import { createHash, timingSafeEqual } from 'node:crypto';
import type { TrayConfig } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newToken } from '../../lib/ids.ts';
import { findShopRef, type ShopRef } from './link-repository.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks a chatbot account (id = shop slug or id, token = the shop's chatbot secret). A shop's own token
 * is compared by hash in constant time; in demo mode, a shop without a token of its own also accepts the
 * demo chatbot token. Returns the shop, or null for any mismatch (callers answer one generic error).
 */
export async function verifyChatbot(
  db: Queryable,
  tray: TrayConfig,
  chatbotId: string,
  token: string,
): Promise<ShopRef | null> {
  const shop = await findShopRef(db, chatbotId);
  const [credential] = shop
    ? await db.query<{ token_hash: string }>(
        'select token_hash from chatbot_credentials where shop_id = $1',
        [shop.id],
      )
    : [];
  const given = sha256(token);
  if (credential) return shop && sameHash(given, credential.token_hash) ? shop : null;
  if (shop && tray.demoChatbotToken && sameHash(given, sha256(tray.demoChatbotToken))) return shop;
  return null;
}

/** Issues a new chatbot token for a shop (the previous one stops working); only its hash is stored. */
export async function issueChatbotToken(
  db: Queryable,
  shopIdOrSlug: string,
): Promise<{ shop: ShopRef; token: string }> {
  const shop = await findShopRef(db, shopIdOrSlug);
  if (!shop) throw new AppError('notFound', 'shopNotFound');
  const token = newToken();
  await db.query(
    `insert into chatbot_credentials (shop_id, token_hash) values ($1, $2)
     on conflict (shop_id) do update set token_hash = excluded.token_hash, created_at = now()`,
    [shop.id, sha256(token)],
  );
  return { shop, token };
}

export const hashCode = sha256;
