/**
 * shop_pix_bank (migration 0056, decision 0046): the shop's bank for Pix through the API Pix — its address, the
 * OAuth2 client, the mTLS certificate and key (sealed with the credential cipher), the Pix key charges go to, the
 * hash of our webhook URL's secret and the reconciliation's lease and watermark.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import type { PixBankCredentials } from '../../adapters/pix-bank/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { CredentialCipher, credentialContext } from '../messaging/service.ts';

export type PixBankAccount = PixBankCredentials & { shopId: string; pixKey: string; enabled: boolean };

export type PixBankInput = {
  baseUrl: string;
  tokenUrl: string | null;
  clientId: string;
  clientSecret: string;
  certificate: string | null;
  privateKey: string | null;
  pixKey: string;
};

type Row = {
  shop_id: string;
  base_url: string;
  token_url: string | null;
  client_id: string;
  client_secret_enc: string;
  certificate_enc: string | null;
  private_key_enc: string | null;
  pix_key: string;
  enabled: boolean;
};

const KINDS = { secret: 'pix-bank-secret', certificate: 'pix-bank-certificate', key: 'pix-bank-key' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function cipherOf(key: Buffer | null): CredentialCipher {
  if (!key) throw new AppError('unavailable', 'credentialsKeyMissing');
  return new CredentialCipher(key);
}

/** The shop's bank account, secrets opened; null when the shop has none. */
export async function loadPixBank(
  db: Queryable,
  key: Buffer | null,
  shopId: string,
): Promise<PixBankAccount | null> {
  const [row] = await db.query<Row>('select * from shop_pix_bank where shop_id = $1', [shopId]);
  if (!row) return null;
  const cipher = cipherOf(key);
  const open = (sealed: string | null, kind: string) =>
    sealed ? cipher.open(sealed, credentialContext(shopId, kind)) : null;
  return {
    shopId,
    baseUrl: row.base_url,
    tokenUrl: row.token_url,
    clientId: row.client_id,
    clientSecret: open(row.client_secret_enc, KINDS.secret)!,
    certificate: open(row.certificate_enc, KINDS.certificate),
    privateKey: open(row.private_key_enc, KINDS.key),
    pixKey: row.pix_key,
    enabled: row.enabled,
  };
}

/** Whether the shop issues its Pix charges through its bank. */
export async function usesBankPix(db: Queryable, shopId: string): Promise<boolean> {
  const [row] = await db.query<{ on: boolean }>(
    'select enabled as on from shop_pix_bank where shop_id = $1',
    [shopId],
  );
  return row?.on === true;
}

/** Saves the account (secrets sealed) with a new webhook secret; answers the secret (shown once, in the URL). */
export async function savePixBank(
  tx: Queryable,
  key: Buffer | null,
  shopId: string,
  input: PixBankInput,
): Promise<{ webhookSecret: string }> {
  const cipher = cipherOf(key);
  const seal = (plain: string | null, kind: string) =>
    plain ? cipher.seal(plain, credentialContext(shopId, kind)) : null;
  const webhookSecret = randomBytes(24).toString('base64url');
  await tx.query(
    `insert into shop_pix_bank (shop_id, base_url, token_url, client_id, client_secret_enc, certificate_enc,
       private_key_enc, pix_key, webhook_secret_hash, enabled)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, true)
     on conflict (shop_id) do update set base_url = excluded.base_url, token_url = excluded.token_url,
       client_id = excluded.client_id, client_secret_enc = excluded.client_secret_enc,
       certificate_enc = excluded.certificate_enc, private_key_enc = excluded.private_key_enc,
       pix_key = excluded.pix_key, webhook_secret_hash = excluded.webhook_secret_hash, enabled = true,
       updated_at = now()`,
    [
      shopId,
      input.baseUrl,
      input.tokenUrl,
      input.clientId,
      seal(input.clientSecret, KINDS.secret),
      seal(input.certificate, KINDS.certificate),
      seal(input.privateKey, KINDS.key),
      input.pixKey,
      sha256(webhookSecret),
    ],
  );
  return { webhookSecret };
}

/** Whether `secret` is the one in the shop's webhook URL (constant-time). */
export async function webhookSecretMatches(db: Queryable, shopId: string, secret: string): Promise<boolean> {
  const [row] = await db.query<{ hash: string }>(
    'select webhook_secret_hash as hash from shop_pix_bank where shop_id = $1 and enabled',
    [shopId],
  );
  if (!row) return false;
  return timingSafeEqual(Buffer.from(row.hash, 'hex'), Buffer.from(sha256(secret), 'hex'));
}

/**
 * Takes the shop's reconciliation for `leaseMs` unless another instance holds it (one conditional update):
 * answers where the last run got to, or null when the lease is taken.
 */
export async function claimReconcile(
  db: Queryable,
  shopId: string,
  leaseMs: number,
): Promise<{ from: Date | null } | null> {
  const [row] = await db.query<{ reconciled_until: Date | null }>(
    `update shop_pix_bank set reconcile_lease_until = now() + ($2::int * interval '1 millisecond')
      where shop_id = $1 and enabled and (reconcile_lease_until is null or reconcile_lease_until < now())
      returning reconciled_until`,
    [shopId, leaseMs],
  );
  return row ? { from: row.reconciled_until ? new Date(row.reconciled_until) : null } : null;
}

/** Ends a run: the watermark moves to `until` and the lease is given back. */
export async function finishReconcile(db: Queryable, shopId: string, until: Date): Promise<void> {
  await db.query(
    `update shop_pix_bank set reconciled_until = greatest(coalesce(reconciled_until, $2), $2),
       reconcile_lease_until = null where shop_id = $1`,
    [shopId, until],
  );
}

/** Shops whose bank Pix is on (the reconciliation job walks them). */
export async function bankPixShops(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ shop_id: string }>('select shop_id from shop_pix_bank where enabled');
  return rows.map((r) => r.shop_id);
}
