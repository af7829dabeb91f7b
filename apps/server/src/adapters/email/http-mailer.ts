/**
 * A JSON e-mail API (Resend-compatible: `POST /emails` with a bearer key); statuses classified for retries.
 * Resend "Send Email" (https://resend.com/docs/api-reference/emails/send-email): `from` must be on a domain verified
 * in the Resend dashboard; the `Idempotency-Key` header (≤ 256 characters, kept 24 h) makes a repeated request with
 * the same key answer the first e-mail instead of sending another — we send one key per outbox row.
 */
import { ChannelError } from '../channels/channel-adapter.ts';
import { requestJson, retryableStatus } from '../http-json.ts';
import type { Mailer } from './mail.ts';

export function httpMailer(apiUrl: string, apiKey: string, from: string): Mailer {
  return {
    send: async (mail) => {
      const result = await requestJson({
        method: 'POST',
        url: `${apiUrl}/emails`,
        headers: {
          authorization: `Bearer ${apiKey}`,
          ...(mail.idempotencyKey ? { 'idempotency-key': mail.idempotencyKey.slice(0, 256) } : {}),
        },
        body: JSON.stringify({
          from,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        }),
        timeoutMs: 10_000,
      });
      if (result.status >= 200 && result.status < 300) {
        const id = (result.body as { id?: unknown } | null)?.id;
        return { id: typeof id === 'string' ? id : 'sent' };
      }
      throw new ChannelError(
        `e-mail recusado (HTTP ${result.status})`,
        retryableStatus(result.status),
        result.status,
      );
    },
  };
}
