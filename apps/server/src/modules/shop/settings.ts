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
import {
  findShopById,
  notifyShopChanged,
  updateShopSettingsKey,
  updateShopSettingsRow,
  type ShopRow,
} from './repository.ts';
import { settingsOf } from './settings-defaults.ts';

/** What the console edits, as saved now. */
export function consoleSettingsOf(shop: ShopRow): ConsoleSettings {
  const { shopId: _id, slug, name, timeZone: _zone, ...settings } = settingsOf(shop);
  return {
    slug,
    name,
    settings: settings as ConsoleSettings['settings'],
    limits: {
      minOrderValueCents: shop.min_order_value_cents,
      maxDistinctItems: shop.max_distinct_items,
      maxItems: shop.max_items,
      orderEditExpiryHours: shop.order_edit_expiry_hours,
    },
  };
}

/** JSON with object keys sorted: the stored settings and the body may list the same keys in another order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** Names of the top-level settings and limits that differ (for the audit log). */
function changedFields(before: ConsoleSettings, body: SettingsBody): string[] {
  const changed = (a: object, b: object) =>
    Object.keys(b).filter(
      (key) =>
        canonical((a as Record<string, unknown>)[key]) !== canonical((b as Record<string, unknown>)[key]),
    );
  return [...changed(before.settings, body.settings), ...changed(before.limits, body.limits)];
}

const AUDIT_LABELS = {
  minOrderValueCents: 'Valor mínimo do pedido',
  maxDistinctItems: 'Máximo de itens distintos',
  maxItems: 'Máximo de itens',
  orderEditExpiryHours: 'Prazo para o cliente responder a uma alteração do pedido',
  externalLogistic: 'Logística externa',
};

const onOff = (on: boolean) => (on ? 'ligada' : 'desligada');

/**
 * The order limits and the external-logistics switch (also set from 'Entrega') in the words the audit log shows
 * (old → new values, decision 0035).
 */
function auditWords(saved: Pick<ConsoleSettings, 'limits' | 'settings'>, kept: number) {
  const limits = { ...saved.limits, orderEditExpiryHours: saved.limits.orderEditExpiryHours ?? kept };
  const count = (n: number | null) => (n === null ? 'sem limite' : String(n));
  return {
    minOrderValueCents:
      limits.minOrderValueCents === null ? 'sem mínimo' : formatBRL(limits.minOrderValueCents),
    maxDistinctItems: count(limits.maxDistinctItems),
    maxItems: count(limits.maxItems),
    orderEditExpiryHours: `${limits.orderEditExpiryHours} horas`,
    externalLogistic: onOff(saved.settings.externalLogistic),
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
  // Absent from the body (an older form): the shop's proposal expiry stays as it is.
  const kept = body.limits.orderEditExpiryHours ?? shop.order_edit_expiry_hours;
  const settings = { ...shop.settings, ...body.settings };
  await updateShopSettingsRow(tx, shopId, settings, body.limits);
  await notifyShopChanged(tx, shopId);
  const saved: ShopRow = {
    ...shop,
    settings,
    min_order_value_cents: body.limits.minOrderValueCents,
    max_distinct_items: body.limits.maxDistinctItems,
    max_items: body.limits.maxItems,
    order_edit_expiry_hours: kept,
  };
  return {
    changed: changedFields(before, body),
    changes: diffForAudit(AUDIT_LABELS, auditWords(before, kept), auditWords(body, kept)),
    saved: consoleSettingsOf(saved),
  };
}

/** Whether delivery is arranged outside Vitrine (the `externalLogistic` setting, one key for both pages). */
export async function shopExternalLogistic(db: Queryable, shopId: string): Promise<boolean> {
  const shop = await findShopById(db, shopId);
  if (!shop) throw notFound('shopNotFound');
  return settingsOf(shop).externalLogistic;
}

/**
 * The external-logistics switch alone ('Entrega', decision 0036): the same settings key Configurações saves, the
 * others kept, announced to every instance at commit. Answers the value now and the audit rows (none when unchanged).
 */
export async function saveExternalLogistic(tx: Queryable, shopId: string, on: boolean) {
  const before = await shopExternalLogistic(tx, shopId);
  if (before === on) return { saved: on, changes: [] };
  await updateShopSettingsKey(tx, shopId, 'externalLogistic', on);
  await notifyShopChanged(tx, shopId);
  const label = AUDIT_LABELS.externalLogistic;
  return { saved: on, changes: [{ label, before: onOff(before), after: onOff(on) }] };
}
