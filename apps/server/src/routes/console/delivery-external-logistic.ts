/**
 * Console 'Entrega' › Logística externa (owner, manager; decision 0036): the shop's `externalLogistic` setting — the
 * same key Configurações' toggle saves — read and switched on its own, audit-logged.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { externalLogistic } from '@vitrine/contracts/console-external-logistic';
import { ok, okSchema } from '../../lib/envelope.ts';
import { editExternalLogistic } from '../../flows/settings/edit.ts';
import { shopExternalLogistic } from '../../modules/shop/service.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleActor as actorOf,
  consoleTags as tags,
  csrfHeaders as headers,
  shopParams as params,
} from './kit.ts';

const url = '/api/console/shops/:shop/delivery/external-logistic';

export async function consoleExternalLogisticRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, forgetShop: (shopId: string) => app.forgetShop(shopId) };

  r.get(
    url,
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): whether delivery is arranged outside Vitrine',
        params,
        response: okSchema(externalLogistic),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok({ externalLogistic: await shopExternalLogistic(app.db, staff.shop.id) });
    },
  );

  r.put(
    url,
    {
      schema: {
        tags,
        summary:
          "Console (owner, manager): switch external logistics (Configurações' setting too; audit-logged)",
        params,
        headers,
        body: externalLogistic,
        response: okSchema(externalLogistic),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await editExternalLogistic(deps, actorOf(staff), request.body.externalLogistic));
    },
  );
}
