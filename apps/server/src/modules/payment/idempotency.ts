/**
 * Idempotency-Key of money-moving calls (docs/decisions/0010-payments.md). The key is claimed in its own
 * committed row (unique shop + user + scope + key) before any gateway call, so of 20 concurrent submits one
 * claims and the others wait for its answer and replay it. The same key with another body → 422; a missing key →
 * 400. The body is identified by an HMAC (never card data in clear).
 */
import { createHmac } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { idempotencyKeyOf } from '../outbox/service.ts';

/** A claim not completed within this time (crashed process) may be taken again. */
const LEASE_SECONDS = 60;
/** How long a concurrent request waits for the first one's answer before 409. */
const WAIT_MS = 20_000;
const POLL_MS = 40;

export type KeyScope = 'payment.credit' | 'payment.mercadopago';

export type KeyRow = {
  id: string;
  request_hash: string;
  status: 'in_progress' | 'retryable' | 'done';
  payment_id: string | null;
  response_status: number | null;
  response_body: unknown;
};

export type Claim = { kind: 'claimed'; row: KeyRow } | { kind: 'replay'; status: number; body: unknown };

/** The header's key; 400 'Idempotency-Key obrigatório…' when absent, 400 when malformed. */
export function requiredIdempotencyKey(header: string | string[] | undefined): string {
  const key = idempotencyKeyOf(header);
  if (!key) throw new AppError('validation', 'idempotencyKeyRequired');
  return key;
}

/** HMAC of a request body under `secret`: equal bodies, equal hashes; reveals nothing of the body. */
export function requestHash(secret: Buffer | string, body: unknown): string {
  return createHmac('sha256', secret).update(JSON.stringify(body)).digest('hex');
}

type Who = { shopId: string; userId: string; scope: KeyScope; key: string; hash: string };

/** Claims the key, or waits for the request that holds it and answers its stored response. */
export async function claimKey(db: Queryable, who: Who): Promise<Claim> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [claimed] = await db.query<KeyRow>(
      `insert into idempotency_keys (id, shop_id, user_id, scope, key, request_hash, locked_until)
       values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))
       on conflict (shop_id, user_id, scope, key) do update
         set status = 'in_progress', locked_until = excluded.locked_until
         where idempotency_keys.request_hash = excluded.request_hash
           and (idempotency_keys.status = 'retryable'
             or (idempotency_keys.status = 'in_progress' and idempotency_keys.locked_until < now()))
       returning *`,
      [newId('idk'), who.shopId, who.userId, who.scope, who.key, who.hash, LEASE_SECONDS],
    );
    if (claimed) return { kind: 'claimed', row: claimed };
    const [held] = await db.query<KeyRow>(
      'select * from idempotency_keys where shop_id = $1 and user_id = $2 and scope = $3 and key = $4',
      [who.shopId, who.userId, who.scope, who.key],
    );
    if (!held) continue; // released meanwhile: claim again
    if (held.request_hash !== who.hash) throw new AppError('unprocessable', 'idempotencyKeyReused');
    if (held.status === 'done')
      return { kind: 'replay', status: held.response_status!, body: held.response_body };
    if (Date.now() > deadline) throw new AppError('conflict', 'paymentInProgress');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Ties the claim to the payment it created (a retry of the key reuses it). */
export async function attachPayment(db: Queryable, keyId: string, paymentId: string): Promise<void> {
  await db.query('update idempotency_keys set payment_id = $2 where id = $1', [keyId, paymentId]);
}

/** Stores the answer every later request with this key replays. */
export async function completeKey(
  db: Queryable,
  keyId: string,
  status: number,
  body: unknown,
): Promise<void> {
  await db.query(
    `update idempotency_keys set status = 'done', response_status = $2, response_body = $3, completed_at = now()
      where id = $1`,
    [keyId, status, JSON.stringify(body)],
  );
}

/** The attempt did not finish (gateway unavailable): the same key may be claimed again. */
export async function releaseForRetry(db: Queryable, keyId: string): Promise<void> {
  await db.query(`update idempotency_keys set status = 'retryable' where id = $1`, [keyId]);
}

/** Nothing happened (refused before any payment): forget the claim. */
export async function dropKey(db: Queryable, keyId: string): Promise<void> {
  await db.query(`delete from idempotency_keys where id = $1 and payment_id is null`, [keyId]);
}

/** LGPD erasure: a contact's channel user ids on its idempotency keys, replaced (modules/payment/repository.ts). */
export async function replaceIdempotencyUserIds(
  tx: Queryable,
  shopId: string,
  userIds: string[],
  replacement: string,
): Promise<void> {
  await tx.query(
    `update idempotency_keys set user_id = $3 where shop_id = $1 and user_id = any($2::text[])`,
    [shopId, userIds, replacement],
  );
}
