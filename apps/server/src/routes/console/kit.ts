/**
 * What every console route of a shop declares the same way: the OpenAPI tag, the `{shop}` path parameter, the
 * CSRF header a write carries, the audit actor of the signed-in staff member, and a CSV download's headers.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { shopSlug } from '@vitrine/contracts/console';
import { AppError } from '../../lib/app-error.ts';
import { CSRF_HEADER, type StaffShopAccess } from '../../plugins/staff-auth.ts';

export const consoleTags = ['console'];

/** `/api/console/shops/:shop/…`: the shop's slug (the staff guard checks the caller belongs to it). */
export const shopParams = z.object({ shop: shopSlug });

/** A console write's headers: the CSRF token (the staff guard refuses a write without it). */
export const csrfHeaders = z.object({ [CSRF_HEADER]: z.string().optional() });

/** Who the audit log names for a console change, and in which shop. */
export const consoleActor = (staff: StaffShopAccess) => ({
  userId: staff.userId,
  label: staff.email,
  shopId: staff.shop.id,
});

/**
 * The key that seals a shop's stored credentials (tokens, secrets); without one configured a console route that
 * reads or writes them answers 503 `credentialsKeyMissing` (pt-BR in the errors catalogue).
 */
export function credentialsKeyOf(config: { messaging: { credentialsKey: Buffer | null } }): Buffer {
  const key = config.messaging.credentialsKey;
  if (!key) throw new AppError('unavailable', 'credentialsKeyMissing');
  return key;
}

/** A CSV download's headers on `reply` (UTF-8, saved as `fileName`, never cached); the caller sends the text. */
export function csvReply(reply: FastifyReply, fileName: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
}
