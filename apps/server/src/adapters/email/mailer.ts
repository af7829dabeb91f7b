/**
 * E-mail to staff (console invitations, password resets): an interface, a JSON HTTP implementation
 * (Resend-style `POST {EMAIL_API_URL}/emails`) and the demo's fake mailbox. Sent only by the outbox worker.
 */
import type { StaffConfig } from '../../config.ts';
import { createFakeMailbox } from './fake-mailbox.ts';
import type { Mail, Mailer } from './mail.ts';
import { httpMailer } from './http-mailer.ts';

export type { Mail, Mailer };

/** The mailer the configuration names; 'none' refuses, so the e-mail waits in the outbox and is retried. */
export function mailerFor(config: StaffConfig['email']): Mailer {
  if (config.provider === 'http') return httpMailer(config.apiUrl!, config.apiKey!, config.from);
  if (config.provider === 'fake') return createFakeMailbox();
  return {
    send: () => Promise.reject(new Error('envio de e-mail não configurado (EMAIL_API_URL, EMAIL_API_KEY)')),
  };
}
