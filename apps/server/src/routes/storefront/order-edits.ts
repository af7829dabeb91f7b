/**
 * The contact's answer to a change the shop proposed to their confirmed order (issue 34, decision 0053): the page
 * the chat message's link opens (`/order/edit/{editId}` with a new session of theirs) reads the proposal and
 * accepts or declines it. Any session may read its own orders' proposals; only the contact's answers.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactOrderEdit as contactOrderEditSchema, orderEditIdParam } from '@vitrine/contracts/order-edits';
import { answerOrderEdit, contactOrderEdit } from '../../flows/orders/order-edits.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';

const params = z.object({ editId: orderEditIdParam });
const tags = ['order'];

export async function orderEditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/order/edits/:editId',
    {
      schema: {
        tags,
        summary: "A change the shop proposed to one of the session user's confirmed orders: before → after",
        params,
        response: okSchema(contactOrderEditSchema),
      },
    },
    async (request) => ok(await contactOrderEdit(app.db, requireSession(request), request.params.editId)),
  );

  r.post(
    '/api/order/edits/:editId/accept',
    {
      schema: {
        tags,
        summary:
          "The contact accepts the proposal: the order's lines and totals change, the stock hold follows, the balance shows what is left to pay or to give back",
        params,
        response: okSchema(contactOrderEditSchema),
      },
    },
    async (request) =>
      ok(await answerOrderEdit(app.db, requireSession(request), request.params.editId, true)),
  );

  r.post(
    '/api/order/edits/:editId/decline',
    {
      schema: {
        tags,
        summary: 'The contact declines the proposal: nothing changes',
        params,
        response: okSchema(contactOrderEditSchema),
      },
    },
    async (request) =>
      ok(await answerOrderEdit(app.db, requireSession(request), request.params.editId, false)),
  );
}
