/** Console 'Configurações' (owner and manager): the shop's settings of spec §3, order limits and logo. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consoleSettings,
  logoUploadBody,
  logoUploaded,
  settingsBody,
  shopCollections,
} from '@vitrine/contracts/console-settings';
import { ok, okSchema } from '../../lib/envelope.ts';
import { editShopSettings, uploadShopLogo } from '../../flows/settings/edit.ts';
import { findShopCollections } from '../../modules/catalog/service.ts';
import { getShop, consoleSettingsOf } from '../../modules/shop/service.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleActor as actorOf,
  consoleTags as tags,
  csrfHeaders as headers,
  shopParams as params,
} from './kit.ts';

export async function consoleSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, forgetShop: (shopId: string) => app.forgetShop(shopId) };

  r.get(
    '/api/console/shops/:shop/settings',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): the shop settings and order limits',
        params,
        response: okSchema(consoleSettings),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(consoleSettingsOf(await getShop(app.db, staff.shop.id)));
    },
  );

  r.get(
    '/api/console/shops/:shop/collections',
    {
      schema: {
        tags,
        summary: "Console (owner, manager): the shop's collections, for the settings' collections shown",
        params,
        response: okSchema(shopCollections),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok({ collections: await findShopCollections(app.db, staff.shop.id) });
    },
  );

  r.put(
    '/api/console/shops/:shop/settings',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): save the shop settings and order limits (audit-logged)',
        params,
        headers,
        body: settingsBody,
        response: okSchema(consoleSettings),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await editShopSettings(deps, actorOf(staff), request.body));
    },
  );

  r.post(
    '/api/console/shops/:shop/logo',
    {
      schema: {
        tags,
        summary:
          'Console (owner, manager): upload a logo (PNG, JPEG or WebP ≤ 150 KB, base64); answers its URL',
        params,
        headers,
        body: logoUploadBody,
        response: { 201: okSchema(logoUploaded)[200] },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'manager');
      reply.status(201);
      return ok(await uploadShopLogo(deps, actorOf(staff), request.body));
    },
  );
}
