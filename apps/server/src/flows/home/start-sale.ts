/**
 * An agent starts an assisted sale from the console: for a known contact of the shop or a new name and phone,
 * an agent session minted the way the platform API mints one (session module), opened by the console in a new
 * tab on the agent catalogue; audit-logged.
 */
import type { StartSaleBody } from '@vitrine/contracts/console-sales';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import { shopContact } from '../../modules/customer/service.ts';
import { createPlatformSession, sessionUrl } from '../../modules/session/service.ts';

export type SaleActor = Actor & { name: string; shop: { id: string; slug: string } };

export async function startSale(
  deps: { db: Db; sessionTtlMs: number; publicUrl: string },
  actor: SaleActor,
  body: StartSaleBody,
) {
  const contact = 'contactId' in body ? await shopContact(deps.db, actor.shop.id, body.contactId) : body;
  const issued = await createPlatformSession(
    deps.db,
    deps.sessionTtlMs,
    {
      shop: actor.shop.slug,
      sessionType: 'agent',
      channelType: 'whatsapp',
      contact,
      agent: { name: actor.name },
    },
    actor.userId,
  );
  await recordAudit(deps.db, actor.shop.id, actor, 'sale.started', issued.context.contactId ?? null);
  return { url: sessionUrl(deps.publicUrl, issued.code), expiresAt: issued.context.expiresAt.toISOString() };
}
