/** A JSON e-mail API (Resend-compatible: `POST /emails` with a bearer key); statuses classified for retries. */
import { ChannelError } from '../channels/channel-adapter.ts';
import { requestJson, retryableStatus } from '../http-json.ts';
import type { Mailer } from './mailer.ts';

export function httpMailer(apiUrl: string, apiKey: string, from: string): Mailer {
  return {
    send: async (mail) => {
      const result = await requestJson({
        method: 'POST',
        url: `${apiUrl}/emails`,
        headers: { authorization: `Bearer ${apiKey}` },
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
