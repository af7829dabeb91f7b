/**
 * The payment methods a shop takes (console 'Pagamentos › Formas de pagamento', decision 0035), kept as `paymentMethods` in the
 * shop's settings: read by the checkout (order wire flags, payment options) and saved with the shop-change NOTIFY
 * so every instance's cached open orders and answers of the shop are dropped at commit.
 */
import { diffForAudit, type AuditChange } from '@vitrine/contracts/audit-changes';
import {
  ON_DELIVERY_LABELS,
  ON_DELIVERY_MEANS,
  ONLINE_METHOD_LABELS,
  ONLINE_METHODS,
  paymentMethodsOf,
  type PaymentMethods,
} from '@vitrine/contracts/console-payment-methods';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findShopById, notifyShopChanged, updateShopSettingsKey } from './repository.ts';

const LABELS: Record<string, string> = {
  ...ONLINE_METHOD_LABELS,
  custom: 'Personalizado',
  customName: 'Nome da forma personalizada',
  agentsRecordPayments: 'Atendentes registram pagamentos',
  ...Object.fromEntries(ON_DELIVERY_MEANS.map((m) => [m, `Na entrega: ${ON_DELIVERY_LABELS[m]}`])),
};
const words = (methods: PaymentMethods): Record<string, string> => ({
  ...Object.fromEntries(ONLINE_METHODS.map((m) => [m, methods[m] ? 'Aceita' : 'Não aceita'])),
  custom: methods.custom ? 'Aceita' : 'Não aceita',
  customName: methods.customName ?? '—',
  agentsRecordPayments: methods.agentsRecordPayments ? 'Sim' : 'Não',
  ...Object.fromEntries(
    ON_DELIVERY_MEANS.map((m) => [m, methods.onDelivery.includes(m) ? 'Aceita' : 'Não aceita']),
  ),
});

export async function shopPaymentMethods(db: Queryable, shopId: string): Promise<PaymentMethods> {
  const shop = await findShopById(db, shopId);
  if (!shop) throw notFound('shopNotFound');
  return paymentMethodsOf(shop.settings);
}

/** Saves the methods in `tx` (the shop row locked by the update) and announces it; answers what changed. */
export async function saveShopPaymentMethods(
  tx: Queryable,
  shopId: string,
  body: PaymentMethods,
): Promise<{ saved: PaymentMethods; changes: AuditChange[] }> {
  const before = await shopPaymentMethods(tx, shopId);
  const saved = {
    ...body,
    customName: body.customName || null,
    onDelivery: ON_DELIVERY_MEANS.filter((m) => body.onDelivery.includes(m)),
  };
  await updateShopSettingsKey(tx, shopId, 'paymentMethods', saved);
  await notifyShopChanged(tx, shopId);
  return { saved, changes: diffForAudit(LABELS, words(before), words(saved)) };
}
