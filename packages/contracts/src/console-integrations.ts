/**
 * Console 'Integrações' (issue 18, decision 0038): the owner's "Testar conexão" of a messaging channel. The
 * settings themselves use the platform's contracts (messaging-settings.ts): same fields, same pt-BR messages.
 */
import { z } from 'zod';

export const testableChannel = z.enum(['whatsapp', 'messenger', 'instagram'], {
  message: 'Canal inválido: use whatsapp, messenger ou instagram.',
});
export type TestableChannel = z.infer<typeof testableChannel>;

/** The provider's answer in pt-BR ('Conexão OK', 'Token recusado pelo WhatsApp (401)', 'Sem resposta em 10 s'). */
export const connectionTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionTestResult = z.infer<typeof connectionTestResult>;
