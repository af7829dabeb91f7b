/**
 * Demo mailbox (`GET /api/dev/mailbox`, demo mode, this computer or the platform key — plugins/demo-only.ts):
 * the e-mails the console sent (invitations, password resets), newest first; read on the /dev/mailbox page.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readFakeMailbox } from '../../adapters/email/fake-mailbox.ts';
import { ok, okSchema } from '../../lib/envelope.ts';

const mail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});

export async function devMailboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo only: e-mails the console sent, newest first',
        querystring: z.object({ to: z.string().max(254).optional() }).strict(),
        response: okSchema(z.array(mail)),
      },
    },
    async (request) =>
      ok(
        readFakeMailbox(request.query.to).map(({ id, to, subject, text, sentAt }) => ({
          id,
          to,
          subject,
          text,
          sentAt,
        })),
      ),
  );
}
