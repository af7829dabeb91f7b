/**
 * 'Pix no banco (API Pix)' as a form (decision 0046): every field a text; the client secret, the certificate and
 * its key are write-only — blank keeps the stored one (the secret is required only when none is stored); the token
 * address is optional. `bodyOf` turns the form into the PUT body (blank optional fields left out).
 */
import { z } from 'zod';
import { pixBankBody, type PixBankBody, type PixBankView } from '@vitrine/contracts/console-pix-bank';

const shape = pixBankBody.shape;
const TOKEN_URL = 'Endereço do token inválido (https://…).';

export function pixBankFormSchema(saved: PixBankView) {
  return z
    .object({
      baseUrl: shape.baseUrl,
      tokenUrl: z
        .string()
        .trim()
        .refine((v) => v === '' || (v.length <= 300 && /^https:\/\/\S+$/.test(v)), TOKEN_URL),
      clientId: shape.clientId,
      clientSecret: z.string().trim().max(500, 'Client Secret longo demais.'),
      certificate: z.string(),
      privateKey: z.string(),
      pixKey: shape.pixKey,
    })
    .refine((form) => saved.clientSecret !== null || form.clientSecret !== '', {
      message: 'Informe o Client Secret.',
      path: ['clientSecret'],
    });
}
export type PixBankForm = z.input<ReturnType<typeof pixBankFormSchema>>;

export const pixBankFormOf = (saved: PixBankView): PixBankForm => ({
  baseUrl: saved.baseUrl ?? '',
  tokenUrl: saved.tokenUrl ?? '',
  clientId: saved.clientId ?? '',
  clientSecret: '',
  certificate: '',
  privateKey: '',
  pixKey: saved.pixKey ?? '',
});

export function pixBankBodyOf(form: PixBankForm): PixBankBody {
  const text = (value: string) => value.trim();
  return {
    baseUrl: text(form.baseUrl),
    tokenUrl: text(form.tokenUrl) || null,
    clientId: text(form.clientId),
    ...(text(form.clientSecret) ? { clientSecret: text(form.clientSecret) } : {}),
    ...(text(form.certificate) ? { certificate: text(form.certificate) } : {}),
    ...(text(form.privateKey) ? { privateKey: text(form.privateKey) } : {}),
    pixKey: text(form.pixKey),
  };
}
