/**
 * Onboarding (platform API and `npm run shop:create`): a new shop with Brazilian defaults and its owner's
 * invitation, in one transaction; answers the invitation link for the platform to hand to the owner.
 */
import type { CreateShopBody } from '@vitrine/contracts/console';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { PLATFORM_ACTOR, recordAudit } from '../../modules/audit/service.ts';
import { createShop } from '../../modules/shop/service.ts';
import { createInvitation, consoleLinkUrl } from '../../modules/staff/service.ts';

export async function onboardShop(db: Db, config: Config, body: CreateShopBody) {
  return db.transaction(async (tx) => {
    const shop = await createShop(tx, body);
    const invitation = await createInvitation(tx, config.staff, {
      shopId: shop.id,
      email: body.owner.email,
      role: 'owner',
      invitedBy: null,
      mintLink: true,
    });
    await recordAudit(tx, shop.id, PLATFORM_ACTOR, 'shop.created', shop.slug, { name: shop.name });
    await recordAudit(tx, shop.id, PLATFORM_ACTOR, 'invitation.sent', body.owner.email, { role: 'owner' });
    return {
      shop,
      invitationUrl: consoleLinkUrl(config.publicUrl, 'convite', invitation.token!),
      expiresAt: invitation.expiresAt.toISOString(),
    };
  });
}
