/**
 * Console 'Recuperação' (owner, manager; issue 36, decision 0057): the abandoned-cart rule (read, save whole,
 * audit-logged; a bad field is refused with its pt-BR message and nothing is saved) and the reminders in the
 * pipeline with the reason each was not sent.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recoveryReminders, recoveryRule } from '@vitrine/contracts/console-recovery';
import { ok, okSchema } from '../../lib/envelope.ts';
import { editRecoveryRule, recoveryPipeline, recoveryRule as readRule } from '../../flows/recovery/rules.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleActor as actorOf,
  consoleTags as tags,
  csrfHeaders as headers,
  shopParams as params,
} from './kit.ts';

const base = '/api/console/shops/:shop/recovery';

export async function consoleRecoveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${base}/rule`,
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): the abandoned-cart recovery rule',
        params,
        response: okSchema(recoveryRule),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await readRule(app.db, staff.shop.id));
    },
  );

  r.put(
    `${base}/rule`,
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): save the abandoned-cart recovery rule (audit-logged)',
        params,
        headers,
        body: recoveryRule,
        response: okSchema(recoveryRule),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await editRecoveryRule(app.db, actorOf(staff), request.body));
    },
  );

  r.get(
    `${base}/reminders`,
    {
      schema: {
        tags,
        summary:
          'Console (owner, manager): reminders scheduled, sent and skipped (with why), and recovered value',
        params,
        response: okSchema(recoveryReminders),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await recoveryPipeline(app.db, staff.shop.id));
    },
  );
}
