/**
 * An owner edits the shop's payment account in the console 'Pagamentos › Conta de pagamento' (decision 0040): the
 * same merge and writer as the platform's `PUT …/payments` (modules/payment/payment-settings.ts, account.ts),
 * plus an audit entry old → new in the same transaction (secrets only as 'alterada').
 */
import type { PaymentSettingsBody } from '@vitrine/contracts/payment-settings';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../modules/audit/service.ts';
import {
  paymentAccountChanges,
  loadPaymentAccount,
  savePaymentSettings,
  mergeSettings,
  settingsView,
} from '../../modules/payment/service.ts';
import { auditedEdit } from '../shared/audited-edit.ts';

type Shop = { id: string; slug: string };

export async function editPaymentAccount(
  deps: { db: Db; key: Buffer },
  actor: Actor,
  shop: Shop,
  body: PaymentSettingsBody,
) {
  const { db, key } = deps;
  const after = await auditedEdit(db, shop.id, actor, 'payment-account.changed', {
    read: (tx) => loadPaymentAccount(tx, key, shop.id),
    write: (tx, before) => savePaymentSettings(tx, key, shop.id, mergeSettings(body, before)),
    changes: paymentAccountChanges,
  });
  return settingsView(shop.slug, after);
}
