/**
 * shop_pix as the console writes it (issue 18, decision 0035): the shop's Pix key (stored as the BR Code carries
 * it, shown masked) and the receiver's name and city, plus their pt-BR words for the audit log's old → new values. pix.ts reads
 * the row for every BR Code, so a change applies to the next code on every instance.
 */
import { diffForAudit, type AuditChange } from '@vitrine/contracts/audit-changes';
import {
  canonicalPixKey,
  displayPixKey,
  pixKeyTypeOf,
  PIX_KEY_TYPE_LABELS,
  type PixKeyType,
  type PixReceiver,
  type PixReceiverBody,
} from '@vitrine/contracts/console-pix';
import type { Queryable } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { findShopPix, type ShopPix } from './pix.ts';

/** The receiver as the console shows it: the key stored canonical, shown masked (displayPixKey). */
const receiverView = (keyType: PixKeyType, key: string, merchantName: string, city: string) => ({
  keyType,
  key: displayPixKey(keyType, key),
  merchantName,
  city,
});

const receiverOf = (pix: ShopPix | null): PixReceiver['receiver'] =>
  pix ? receiverView(pixKeyTypeOf(pix.pixKey), pix.pixKey, pix.merchantName, pix.city) : null;

const LABELS = {
  keyType: 'Tipo de chave Pix',
  key: 'Chave Pix',
  merchantName: 'Nome do recebedor',
  city: 'Cidade',
};
const words = (r: NonNullable<PixReceiver['receiver']>) => ({
  keyType: PIX_KEY_TYPE_LABELS[r.keyType],
  key: r.key,
  merchantName: r.merchantName,
  city: r.city,
});

export async function shopPixReceiver(db: Queryable, shopId: string): Promise<PixReceiver> {
  return { receiver: receiverOf(await findShopPix(db, shopId)) };
}

/** Saves the receiver in `tx` (the row locked first); answers what is saved and what changed. */
export async function saveShopPix(
  tx: Queryable,
  shopId: string,
  body: PixReceiverBody,
): Promise<PixReceiver & { changes: AuditChange[] }> {
  const key = canonicalPixKey(body.keyType, body.key);
  if (!key) throw badRequest('key: Chave Pix inválida.');
  await tx.query('select shop_id from shop_pix where shop_id = $1 for update', [shopId]);
  const before = receiverOf(await findShopPix(tx, shopId));
  await tx.query(
    `insert into shop_pix (shop_id, pix_key, merchant_name, city) values ($1, $2, $3, $4)
     on conflict (shop_id) do update
       set pix_key = excluded.pix_key, merchant_name = excluded.merchant_name, city = excluded.city,
           updated_at = now()`,
    [shopId, key, body.merchantName, body.city],
  );
  const receiver = receiverView(body.keyType, key, body.merchantName, body.city);
  return { receiver, changes: diffForAudit(LABELS, before && words(before), words(receiver)) };
}
