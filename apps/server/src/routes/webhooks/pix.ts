/**
 * The shop's bank's Pix notifications (API Pix callback `{webhookUrl}/pix`, decision 0046): `{ pix: [...] }`,
 * each settled Pix matched by txid and counted once per endToEndId. The bank authenticates with mTLS at the TLS
 * terminator in front of us (README, 'Pix no banco'); the per-shop secret in the URL is the second factor (401
 * without it). Bad input never half-applies: a malformed body is 400, more than 256 KB is 413, an item with a
 * txid we never issued or a `valor` outside `\d{1,10}\.\d{2}` (e.g. "1e3") is logged and skipped.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receivedPixOf } from '../../adapters/pix-bank/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { receiveBankPix, webhookSecretMatches } from '../../modules/payment/service.ts';

const params = z.object({
  shopId: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/, 'Loja inválida'),
  secret: z.string().max(200),
});
const body = z.object({ pix: z.array(z.unknown()).max(1000, 'Pix demais numa notificação') }).passthrough();
const answer = okSchema(
  z.object({ counted: z.number(), repeated: z.number(), unknown: z.number(), ignored: z.number() }),
);

export async function pixWebhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const handler = async (request: { params: z.infer<typeof params>; body: z.infer<typeof body> }) => {
    const { shopId } = request.params;
    const items = receivedPixOf(request.body.pix);
    const ignored = request.body.pix.length - items.length;
    if (ignored) app.log.warn({ shopId, ignored }, 'pix webhook: malformed items ignored');
    const result = await receiveBankPix(app.db, shopId, items, 'bank-webhook');
    if (result.unknown) app.log.warn({ shopId, unknown: result.unknown }, 'pix webhook: unknown txid');
    return ok({ ...result, ignored });
  };
  /** The URL's secret before the body is read or checked: a stranger gets 401, whatever they send. */
  const preValidation = async (request: { params: unknown }) => {
    const { shopId, secret } = request.params as { shopId?: string; secret?: string };
    const ok = shopId && secret && /^[A-Za-z0-9_-]{16,64}$/.test(secret);
    if (!ok || !(await webhookSecretMatches(app.db, shopId, secret)))
      throw new AppError('unauthorized', 'pixBankWebhookInvalid');
  };
  const schema = {
    tags: ['payment'],
    summary: "The shop's bank's Pix notification (API Pix webhook); a replay is a no-op",
    params,
    body,
    response: answer,
  };
  r.post('/api/webhooks/pix/:shopId/:secret/pix', { schema, bodyLimit: 256 * 1024, preValidation }, handler);
  r.post('/api/webhooks/pix/:shopId/:secret', { schema, bodyLimit: 256 * 1024, preValidation }, handler);
}
