import type { Queryable } from '../../db/client.ts';

export type LinkStatus = 'active' | 'reauthorize' | 'replaced';

export type LinkRow = {
  id: string;
  shop_id: string;
  store_key: string;
  tray_store_id: string | null;
  api_address: string;
  store_host: string | null;
  adm_user: string | null;
  status: LinkStatus;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  access_expires_at: Date | null;
  refresh_expires_at: Date | null;
  token_version: number;
};

const COLUMNS = `id, shop_id, store_key, tray_store_id, api_address, store_host, adm_user, status,
  access_token_enc, refresh_token_enc, access_expires_at, refresh_expires_at, token_version`;

export type ShopRef = { id: string; slug: string };

/** The shop a chatbot id names: its slug or its id. */
export async function findShopRef(db: Queryable, idOrSlug: string): Promise<ShopRef | null> {
  const [row] = await db.query<ShopRef>('select id, slug from shops where slug = $1 or id = $1 limit 1', [
    idOrSlug,
  ]);
  return row ?? null;
}

export async function findLink(db: Queryable, id: string): Promise<LinkRow | null> {
  const [row] = await db.query<LinkRow>(`select ${COLUMNS} from tray_stores where id = $1`, [id]);
  return row ?? null;
}

/** The current (not replaced) link of a Tray store, by the callback's `store` value. */
export async function findLinkByStore(
  db: Queryable,
  storeKey: string,
): Promise<(LinkRow & { slug: string }) | null> {
  const [row] = await db.query<LinkRow & { slug: string }>(
    `select ${COLUMNS.replace(/(\w+)/g, 't.$1')}, s.slug from tray_stores t join shops s on s.id = t.shop_id
      where t.store_key = $1 and t.status <> 'replaced'`,
    [storeKey],
  );
  return row ?? null;
}

/** The current (not replaced) link of a shop. */
export async function findLinkByShop(db: Queryable, shopId: string): Promise<LinkRow | null> {
  const [row] = await db.query<LinkRow>(
    `select ${COLUMNS} from tray_stores where shop_id = $1 and status <> 'replaced'`,
    [shopId],
  );
  return row ?? null;
}

/** Serialises links of one shop: concurrent link requests for a shop run one after the other. */
export async function lockShop(tx: Queryable, shopId: string): Promise<void> {
  await tx.query('select id from shops where id = $1 for update', [shopId]);
}

/** Marks other current links of this shop or of this store as replaced (tokens dropped, pending jobs failed). */
export async function replaceOtherLinks(tx: Queryable, shopId: string, storeKey: string, keepId: string) {
  const replaced = await tx.query<{ id: string }>(
    `update tray_stores set status = 'replaced', access_token_enc = null, refresh_token_enc = null, updated_at = now()
      where (shop_id = $1 or store_key = $2) and status <> 'replaced' and id <> $3 returning id`,
    [shopId, storeKey, keepId],
  );
  if (replaced.length === 0) return;
  await tx.query(
    `update tray_import_jobs set status = 'failed', error_code = 'linkReplaced', lease_owner = null,
            error_message = 'Vínculo substituído por um novo', finished_at = now(), updated_at = now()
      where link_id = any($1::text[]) and status in ('queued', 'running')`,
    [replaced.map((r) => r.id)],
  );
}

export type LinkWrite = {
  id: string;
  shopId: string;
  storeKey: string;
  trayStoreId: string | null;
  apiAddress: string;
  storeHost: string | null;
  admUser: string | null;
  accessTokenEnc: string;
  refreshTokenEnc: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
};

/** Creates the link, or refreshes an existing one in place (new tokens, active again, version bumped). */
export async function upsertLink(tx: Queryable, w: LinkWrite): Promise<void> {
  await tx.query(
    `insert into tray_stores (id, shop_id, store_key, tray_store_id, api_address, store_host, adm_user, status,
                              access_token_enc, refresh_token_enc, access_expires_at, refresh_expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'active', $8, $9, $10, $11)
     on conflict (id) do update set
       tray_store_id = excluded.tray_store_id, api_address = excluded.api_address,
       store_host = excluded.store_host, adm_user = excluded.adm_user, status = 'active',
       access_token_enc = excluded.access_token_enc, refresh_token_enc = excluded.refresh_token_enc,
       access_expires_at = excluded.access_expires_at, refresh_expires_at = excluded.refresh_expires_at,
       token_version = tray_stores.token_version + 1, refresh_lease_owner = null, refresh_lease_until = null,
       updated_at = now()`,
    [
      w.id,
      w.shopId,
      w.storeKey,
      w.trayStoreId,
      w.apiAddress,
      w.storeHost,
      w.admUser,
      w.accessTokenEnc,
      w.refreshTokenEnc,
      w.accessExpiresAt,
      w.refreshExpiresAt,
    ],
  );
}

/** Records a code as used; false when it already was (by an earlier or a concurrent request). */
export async function claimCode(db: Queryable, codeHash: string): Promise<boolean> {
  const rows = await db.query(
    'insert into tray_auth_codes (code_hash) values ($1) on conflict do nothing returning code_hash',
    [codeHash],
  );
  return rows.length === 1;
}

/** Forgets a claimed code whose exchange failed, so that a failed link leaves nothing behind. */
export async function releaseCode(db: Queryable, codeHash: string): Promise<void> {
  await db.query('delete from tray_auth_codes where code_hash = $1', [codeHash]);
}

/** Active links whose access token expires before `before` (the worker refreshes them ahead of time). */
export async function linksExpiringBefore(db: Queryable, before: Date): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id from tray_stores where status = 'active' and access_expires_at < $1 order by access_expires_at limit 20`,
    [before],
  );
  return rows.map((r) => r.id);
}
