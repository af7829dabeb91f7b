/** An e-mail and what sends one (mailer.ts picks the HTTP API or the demo's fake mailbox). */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row: a retry after a lost answer is recognised by the provider and not sent twice. */
  idempotencyKey?: string;
};
export type Mailer = { send(mail: Mail): Promise<{ id: string }> };
