/**
 * The console's side of gifts by order value (issue 18, decision 0035): tiers "from R$ x, choose n of these
 * products" created, edited and removed, each change with its pt-BR old → new words for the audit log.
 */
import { diffForAudit, type AuditChange } from '@vitrine/contracts/audit-changes';
import type { ConsoleGiftTier, GiftTierBody } from '@vitrine/contracts/console-gifts';
import { formatBRL } from '@vitrine/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { shopProductId } from '../catalog/service.ts';
import {
  deleteGiftRule,
  insertGiftRule,
  listGiftRulesAdmin,
  nextGiftPosition,
  updateGiftRule,
  type GiftRuleAdminRow,
} from './gift-rules.ts';

function tierView(row: GiftRuleAdminRow): ConsoleGiftTier {
  return {
    id: row.id,
    name: row.name,
    minOrderCents: row.min_order_cents,
    availableQuantity: row.available_quantity,
    products: row.products.map((p) => ({
      code: p.code,
      name: p.name,
      priceCents: p.price_cents,
      imageUrl: p.image_url,
      active: p.active,
    })),
  };
}

const LABELS = { name: 'Nome', minimum: 'A partir de', choose: 'Cliente escolhe', products: 'Produtos' };
const words = (t: ConsoleGiftTier) => ({
  name: t.name,
  minimum: formatBRL(t.minOrderCents),
  choose: `${t.availableQuantity} ${t.availableQuantity === 1 ? 'brinde' : 'brindes'}`,
  products: t.products.map((p) => p.name).join(', '),
});

export async function shopGiftTiers(db: Queryable, shopId: string): Promise<ConsoleGiftTier[]> {
  return (await listGiftRulesAdmin(db, shopId)).map(tierView);
}

/** The shop's product ids of the codes, in order; 400 naming the first code the shop does not have. */
async function productIdsOf(tx: Queryable, shopId: string, codes: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const code of codes) {
    const id = await shopProductId(tx, shopId, code);
    if (!id) throw new AppError('validation', 'giftProductNotFound', { code });
    ids.push(id);
  }
  return ids;
}

async function tierOf(tx: Queryable, shopId: string, id: string, lock = false) {
  const [row] = await listGiftRulesAdmin(tx, shopId, id);
  if (!row && lock) throw notFound('giftTierNotFound');
  return row ? tierView(row) : null;
}

export type TierSaved = { tier: ConsoleGiftTier; changes: AuditChange[] };

/** Creates (`id` null) or edits a tier in `tx`; answers it and what changed. */
export async function saveGiftTier(
  tx: Queryable,
  shopId: string,
  id: string | null,
  body: GiftTierBody,
): Promise<TierSaved> {
  const before = id ? await tierOf(tx, shopId, id, true) : null;
  const productIds = await productIdsOf(tx, shopId, body.productCodes);
  const rule = {
    id: id ?? newId('gft'),
    shopId,
    name: body.name,
    minOrderCents: body.minOrderCents,
    availableQuantity: body.availableQuantity,
    productIds,
  };
  if (id) await updateGiftRule(tx, rule);
  else await insertGiftRule(tx, { ...rule, position: await nextGiftPosition(tx, shopId) });
  const tier = (await tierOf(tx, shopId, rule.id))!;
  return { tier, changes: diffForAudit(LABELS, before && words(before), words(tier)) };
}

/** Removes a tier no cart or order names (409 otherwise); answers what it was. */
export async function removeGiftTier(tx: Queryable, shopId: string, id: string): Promise<TierSaved> {
  const before = (await tierOf(tx, shopId, id, true))!;
  if (!(await deleteGiftRule(tx, shopId, id))) throw new AppError('conflict', 'giftTierInOrders');
  const gone = { name: '—', minimum: '—', choose: '—', products: '—' };
  return { tier: before, changes: diffForAudit(LABELS, words(before), gone) };
}
