/** The console's view of a shop's settings (spec §3) and order limits, and saving them. */
import {
  settingsProblems,
  type ConsoleSettings,
  type SettingsBody,
} from '@vitrine/contracts/console-settings';
import { diffForAudit } from '@vitrine/contracts/audit-changes';
import { formatBRL } from '@vitrine/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { findShopById, notifyShopChanged, updateShopSettingsRow, type ShopRow } from './repository.ts';
import { settingsOf } from './service.ts';

/** What the console edits, as saved now. */
export function consoleSettingsOf(shop: ShopRow): ConsoleSettings {
  const { shopId: _id, slug, name, ...settings } = settingsOf(shop);
  return {
    slug,
    name,
    settings: settings as ConsoleSettings['settings'],
    limits: {
      minOrderValueCents: shop.min_order_value_cents,
      maxDistinctItems: shop.max_distinct_items,
      maxItems: shop.max_items,
    },
  };
}

/** Names of the top-level settings and limits that differ (for the audit log). */
function changedFields(before: ConsoleSettings, body: SettingsBody): string[] {
  const changed = (a: object, b: object) =>
    Object.keys(b).filter(
      (key) =>
        JSON.stringify((a as Record<string, unknown>)[key]) !==
        JSON.stringify((b as Record<string, unknown>)[key]),
    );
  return [...changed(before.settings, body.settings), ...changed(before.limits, body.limits)];
}

const LIMIT_LABELS = {
  minOrderValueCents: 'Valor mínimo do pedido',
  maxDistinctItems: 'Máximo de itens distintos',
  maxItems: 'Máximo de itens',
};

/** The order limits in the words the audit log shows (old → new values, decision 0035). */
function limitWords(limits: ConsoleSettings['limits']) {
  const count = (n: number | null) => (n === null ? 'sem limite' : String(n));
  return {
    minOrderValueCents:
      limits.minOrderValueCents === null ? 'sem mínimo' : formatBRL(limits.minOrderValueCents),
    maxDistinctItems: count(limits.maxDistinctItems),
    maxItems: count(limits.maxItems),
  };
}

/**
 * Saves the settings (in `tx`) and announces the change to every instance at commit; answers what changed (the
 * fields' names, and the order limits' old → new words) and what is saved now. Keys stored earlier that the console does not edit are kept.
 */
export async function saveShopSettings(tx: Queryable, shopId: string, body: SettingsBody) {
  const [problem] = settingsProblems(body.settings);
  if (problem) throw badRequest(`body: settings.${problem.path.join('.')}: ${problem.message}`);
  const shop = await findShopById(tx, shopId);
  if (!shop) throw notFound('shopNotFound');
  const before = consoleSettingsOf(shop);
  const settings = { ...shop.settings, ...body.settings };
  await updateShopSettingsRow(tx, shopId, settings, body.limits);
  await notifyShopChanged(tx, shopId);
  const saved: ShopRow = {
    ...shop,
    settings,
    min_order_value_cents: body.limits.minOrderValueCents,
    max_distinct_items: body.limits.maxDistinctItems,
    max_items: body.limits.maxItems,
  };
  return {
    changed: changedFields(before, body),
    changes: diffForAudit(LIMIT_LABELS, limitWords(before.limits), limitWords(body.limits)),
    saved: consoleSettingsOf(saved),
  };
}
