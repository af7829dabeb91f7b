/**
 * Console 'Integrações' (issue 18, decision 0038): the owner's "Testar conexão" of a messaging channel. The
 * settings themselves use the platform's contracts (messaging-settings.ts): same fields, same pt-BR messages.
 */
import { z } from 'zod';

/** The channels "Testar conexão" knows; `chatbot` POSTs a signed ping event to the chatbot's events URL. */
export const testableChannel = z.enum(['whatsapp', 'messenger', 'instagram', 'chatbot'], {
  message: 'Canal inválido: use whatsapp, messenger, instagram ou chatbot.',
});
export type TestableChannel = z.infer<typeof testableChannel>;

/**
 * The provider's answer in pt-BR ('Conexão OK', 'Token recusado pelo WhatsApp (401)', 'Sem resposta em 10 s',
 * 'O chatbot respondeu com erro (HTTP 500)').
 */
export const connectionTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionTestResult = z.infer<typeof connectionTestResult>;
