/**
 * The console's side of coupons (issue 18, decision 0035): create and edit (turning off is `active: false`; a
 * coupon that orders name is never deleted), the list with usage counts, and each coupon in pt-BR words for the
 * audit log's old → new values.
 */
import { diffForAudit, type AuditChange } from '@vitrine/contracts/audit-changes';
import { COUPON_KIND_LABELS, type ConsoleCoupon, type CouponBody } from '@vitrine/contracts/console-coupons';
import { formatBRL } from '@vitrine/contracts/money';
import { dayEnd, dayStart, dayText, localDay } from '@vitrine/contracts/shop-time';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { getShop } from '../shop/service.ts';
import {
  codeTaken,
  findCoupon,
  insertCoupon,
  listCoupons,
  updateCoupon,
  type CouponAdminRow,
  type CouponColumns,
} from './coupon-repository.ts';

/**
 * A coupon's validity days are the shop's (decision 0043): valid from the first instant of the first day to the
 * last millisecond of the last one, read in the shop's `timeZone`.
 */
export function couponView(row: CouponAdminRow, timeZone: string): ConsoleCoupon {
  const dayOf = (at: Date | null) => (at ? localDay(at, timeZone) : null);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    minOrderCents: row.min_order_cents,
    validFrom: dayOf(row.valid_from),
    validUntil: dayOf(row.valid_until),
    usageLimit: row.usage_limit,
    perCustomerLimit: row.per_customer_limit,
    firstOrderOnly: row.first_order_only,
    active: row.active,
    uses: row.uses,
  };
}

function columnsOf(body: CouponBody, timeZone: string): CouponColumns {
  return {
    code: body.code.toUpperCase(),
    kind: body.kind,
    value: body.value,
    min_order_cents: body.minOrderCents,
    valid_from: body.validFrom ? dayStart(body.validFrom, timeZone) : null,
    valid_until: body.validUntil ? dayEnd(body.validUntil, timeZone) : null,
    usage_limit: body.usageLimit,
    per_customer_limit: body.perCustomerLimit,
    first_order_only: body.firstOrderOnly,
    active: body.active,
  };
}

const LABELS = {
  code: 'Código',
  discount: 'Desconto',
  minimum: 'Pedido mínimo',
  from: 'Válido a partir de',
  until: 'Válido até',
  usageLimit: 'Limite de usos',
  perCustomer: 'Limite por cliente',
  firstOrder: 'Só na primeira compra',
  active: 'Ativo',
};
const brDay = (day: string | null) => (day ? dayText(day) : 'sem data');
const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');
const times = (n: number | null) => (n === null ? 'sem limite' : `${n} ${n === 1 ? 'uso' : 'usos'}`);

/** A coupon in the words the audit log shows. */
function couponWords(c: ConsoleCoupon): Record<keyof typeof LABELS, string> {
  return {
    code: c.code,
    discount:
      c.kind === 'percentage' ? `${c.value} %` : `${formatBRL(c.value)} (${COUPON_KIND_LABELS.fixed})`,
    minimum: formatBRL(c.minOrderCents),
    from: brDay(c.validFrom),
    until: brDay(c.validUntil),
    usageLimit: times(c.usageLimit),
    perCustomer: times(c.perCustomerLimit),
    firstOrder: yesNo(c.firstOrderOnly),
    active: yesNo(c.active),
  };
}

export async function shopCoupons(db: Queryable, shopId: string): Promise<ConsoleCoupon[]> {
  const { time_zone: timeZone } = await getShop(db, shopId);
  return (await listCoupons(db, shopId)).map((row) => couponView(row, timeZone));
}

/** 409 when another coupon of the shop has the code (also when a concurrent insert took it first). */
async function guardCode(tx: Queryable, shopId: string, code: string, exceptId: string | null) {
  if (await codeTaken(tx, shopId, code, exceptId)) throw new AppError('conflict', 'couponCodeTaken');
}
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export type CouponSaved = { coupon: ConsoleCoupon; changes: AuditChange[] };

/** Creates a coupon in `tx`; answers it and its fields for the audit log (all new). */
export async function createCoupon(tx: Queryable, shopId: string, body: CouponBody): Promise<CouponSaved> {
  const { time_zone: timeZone } = await getShop(tx, shopId);
  const columns = columnsOf(body, timeZone);
  await guardCode(tx, shopId, columns.code, null);
  const id = newId('cpn');
  try {
    await insertCoupon(tx, shopId, id, columns);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'couponCodeTaken');
    throw error;
  }
  const coupon = couponView((await findCoupon(tx, shopId, id))!, timeZone);
  return { coupon, changes: diffForAudit(LABELS, null, couponWords(coupon)) };
}

/** Edits a coupon of the shop in `tx` (404 for another shop's id); answers it and what changed. */
export async function editCoupon(
  tx: Queryable,
  shopId: string,
  id: string,
  body: CouponBody,
): Promise<CouponSaved> {
  const before = await findCoupon(tx, shopId, id, true);
  if (!before) throw notFound('couponNotFound');
  const { time_zone: timeZone } = await getShop(tx, shopId);
  const columns = columnsOf(body, timeZone);
  await guardCode(tx, shopId, columns.code, id);
  try {
    await updateCoupon(tx, shopId, id, columns);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'couponCodeTaken');
    throw error;
  }
  const coupon = couponView((await findCoupon(tx, shopId, id))!, timeZone);
  const old = couponWords(couponView(before, timeZone));
  return { coupon, changes: diffForAudit(LABELS, old, couponWords(coupon)) };
}
