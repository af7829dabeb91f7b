/**
 * Manual Pix (spec §4 agent checkout "Pix fetches a manual Pix key", §7 `POST /api/order/pix/manual`): the
 * shop's receiver (key, merchant name, city — table shop_pix), the BR Code "copia e cola" for the current
 * order's total with the order as txid, and its QR code as an SVG data URL.
 */
import QRCode from 'qrcode';
import { buildPixBrCode, pixText, pixTxid, PIX_CITY_MAX, PIX_NAME_MAX } from '@vitrine/contracts/pix';
import type { ManualPix } from '@vitrine/contracts/messaging';
import { centsToReais } from '@vitrine/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { getOrCreateCurrentOrderRow } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';

export type ShopPix = { pixKey: string; merchantName: string; city: string };

export async function findShopPix(db: Queryable, shopId: string): Promise<ShopPix | null> {
  const [row] = await db.query<{ pix_key: string; merchant_name: string; city: string }>(
    'select pix_key, merchant_name, city from shop_pix where shop_id = $1',
    [shopId],
  );
  return row ? { pixKey: row.pix_key, merchantName: row.merchant_name, city: row.city } : null;
}

/** The QR image of a payload: an SVG data URL (error correction M, as bank apps expect). */
export async function qrDataUrl(payload: string): Promise<string> {
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The QR image of a payload as PNG (chat channels take PNG/JPEG images by URL, not SVG data URLs). */
export function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 480 });
}

/** txid of an order: the last 25 letters/digits of its id (ULID tail: unique). */
export function orderTxid(orderId: string): string {
  return pixTxid(orderId.replace(/[^A-Za-z0-9]/g, '').slice(-25));
}

/** The BR Code for `amountCents` to the shop's receiver; null when the shop has no Pix, 422 when its data is invalid. */
export async function shopPixCode(
  db: Queryable,
  shopId: string,
  amountCents: number,
  txid: string,
): Promise<{ pix: ShopPix; code: string } | null> {
  const pix = await findShopPix(db, shopId);
  if (!pix) return null;
  try {
    const code = buildPixBrCode({
      key: pix.pixKey,
      merchantName: pix.merchantName,
      city: pix.city,
      amountCents,
      txid,
    });
    return { pix, code };
  } catch (error) {
    throw new AppError('unprocessable', 'pixInvalid', {
      detail: error instanceof Error ? error.message : 'dados inválidos',
    });
  }
}

/** A BR Code for `amountCents` to the shop's receiver with its QR; 422 when the shop has no Pix or the data is invalid. */
export async function pixFor(
  db: Queryable,
  shopId: string,
  amountCents: number,
  txid: string,
): Promise<ManualPix> {
  const found = await shopPixCode(db, shopId, amountCents, txid);
  if (!found) throw new AppError('unprocessable', 'pixNotConfigured');
  const { pix, code } = found;
  return {
    key: pix.pixKey,
    code,
    qrCode: await qrDataUrl(code),
    amount: centsToReais(amountCents),
    merchantName: pixText(pix.merchantName, PIX_NAME_MAX),
    city: pixText(pix.city, PIX_CITY_MAX),
    txid: pixTxid(txid),
  };
}

/** Manual Pix for the session's current order (its total, its id as txid). */
export async function manualPixForCurrentOrder(db: Queryable, session: SessionContext): Promise<ManualPix> {
  const order = await getOrCreateCurrentOrderRow(db, session);
  return pixFor(db, session.shopId, order.total_cents, orderTxid(order.id));
}
