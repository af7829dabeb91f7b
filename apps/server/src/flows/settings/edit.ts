/**
 * An owner or manager edits the shop's settings or uploads its logo in the console: the change and its audit
 * entry commit together, then this instance drops its cached answers of the shop at once (the others hear the
 * NOTIFY sent in the transaction: plugins/shop-changes.ts).
 */
import type { LogoUploadBody, SettingsBody } from '@vitrine/contracts/console-settings';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import {
  normaliseLogo,
  storeLogo,
  saveExternalLogistic,
  saveShopSettings,
} from '../../modules/shop/service.ts';

export type SettingsActor = Actor & { shopId: string };
type Deps = { db: Db; forgetShop: (shopId: string) => void };

export async function editShopSettings(deps: Deps, actor: SettingsActor, body: SettingsBody) {
  const result = await deps.db.transaction(async (tx) => {
    const saved = await saveShopSettings(tx, actor.shopId, body);
    if (saved.changed.length > 0)
      await recordAudit(tx, actor.shopId, actor, 'settings.changed', null, {
        fields: saved.changed,
        changes: saved.changes,
      });
    return saved.saved;
  });
  deps.forgetShop(actor.shopId);
  return result;
}

export async function uploadShopLogo(deps: Deps, actor: SettingsActor, body: LogoUploadBody) {
  const image = await normaliseLogo(body.contentType, body.data);
  return deps.db.transaction(async (tx) => {
    const logo = await storeLogo(tx, actor.shopId, image);
    await recordAudit(tx, actor.shopId, actor, 'logo.uploaded', logo.id);
    return { urlLogo: logo.urlLogo };
  });
}

/**
 * The external-logistics switch from 'Entrega' (decision 0036): the settings key Configurações saves too, audited as
 * a settings change (Logística externa: desligada → ligada) in the same transaction.
 */
export async function editExternalLogistic(deps: Deps, actor: SettingsActor, on: boolean) {
  const saved = await deps.db.transaction(async (tx) => {
    const result = await saveExternalLogistic(tx, actor.shopId, on);
    if (result.changes.length > 0)
      await recordAudit(tx, actor.shopId, actor, 'settings.changed', null, {
        fields: ['externalLogistic'],
        changes: result.changes,
      });
    return result.saved;
  });
  deps.forgetShop(actor.shopId);
  return { externalLogistic: saved };
}
