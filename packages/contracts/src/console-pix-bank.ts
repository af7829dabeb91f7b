/**
 * Console 'Conta de pagamento › Pix no banco (API Pix)' (issue 32, decision 0046): the shop's bank's API Pix
 * address, its OAuth2 client, the mTLS certificate and key it issued (PEM; write-only), and the Pix key charges go
 * to. A secret left out keeps the stored one.
 */
import { z } from 'zod';

const url = (message: string) =>
  z
    .string()
    .trim()
    .max(300, message)
    .regex(/^https:\/\/[^\s]+$/, message);
const pem = (kind: string) =>
  z
    .string()
    .trim()
    .max(20_000, `${kind} grande demais.`)
    .regex(
      /^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----$/,
      `Cole o ${kind} em formato PEM (-----BEGIN …).`,
    );

export const pixBankBody = z
  .object({
    baseUrl: url('Informe o endereço da API Pix do banco (https://…).'),
    tokenUrl: url('Endereço do token inválido (https://…).').nullable().default(null),
    clientId: z.string().trim().min(1, 'Informe o Client ID.').max(300, 'Client ID longo demais.'),
    clientSecret: z.string().trim().min(1, 'Informe o Client Secret.').max(500).optional(),
    certificate: pem('certificado').optional(),
    privateKey: pem('chave privada').optional(),
    pixKey: z.string().trim().min(1, 'Informe a chave Pix da conta.').max(77, 'Chave Pix longa demais.'),
  })
  .strict();
export type PixBankBody = z.output<typeof pixBankBody>;

export const pixBankView = z.object({
  configured: z.boolean(),
  baseUrl: z.string().nullable(),
  tokenUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  /** `****` + the last 4 characters, or null. */
  clientSecret: z.string().nullable(),
  certificate: z.boolean(),
  pixKey: z.string().nullable(),
});
export type PixBankView = z.infer<typeof pixBankView>;

export const pixBankSaved = pixBankView.extend({
  /** Our URL the bank notifies (shown once: its secret is not kept in clear). */
  webhookUrl: z.string(),
  webhookRegistered: z.boolean(),
  message: z.string(),
});
export type PixBankSaved = z.infer<typeof pixBankSaved>;
