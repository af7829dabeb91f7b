/**
 * Console 'Pagamentos › Pix' (issue 18, decision 0035): the shop's Pix key and the receiver's name and city that the
 * BR Code carries (fields 26, 59 and 60 of contracts/pix.ts), checked per key type with pt-BR messages.
 */
import { z } from 'zod';
import { PIX_CITY_MAX, PIX_NAME_MAX, pixText } from './pix.ts';
import { maskCnpj, maskCpf, maskPhone } from './masks.ts';
import { isValidCnpj, isValidCpf, isValidEmail } from './validators.ts';

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  random: 'Chave aleatória',
};

const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key as the BR Code carries it (CPF/CNPJ digits, lower-case e-mail, +55 phone, lower-case random key), or null. */
export function canonicalPixKey(type: PixKeyType, key: string): string | null {
  const value = key.trim();
  const digits = value.replace(/\D/g, '');
  switch (type) {
    case 'cpf':
      return isValidCpf(value) ? digits : null;
    case 'cnpj':
      return /^[\d./-]+$/.test(value) && isValidCnpj(value) ? digits : null;
    case 'email':
      return value.length <= 77 && isValidEmail(value) ? value.toLowerCase() : null;
    case 'phone': {
      const national = digits.startsWith('55') && digits.length >= 12 ? digits.slice(2) : digits;
      return /^[1-9]{2}9?\d{8}$/.test(national) ? `+55${national}` : null;
    }
    case 'random':
      return RANDOM_KEY.test(value.toLowerCase()) ? value.toLowerCase() : null;
  }
}

/**
 * A stored (canonical) key as people read and type it (issue 38): CPF and CNPJ masked, a phone as (xx) xxxxx-xxxx,
 * e-mail and random keys as stored. canonicalPixKey takes it back to the same stored key.
 */
export function displayPixKey(type: PixKeyType, key: string): string {
  switch (type) {
    case 'cpf':
      return maskCpf(key);
    case 'cnpj':
      return maskCnpj(key);
    case 'phone':
      return maskPhone(key.replace(/^\+55/, ''));
    default:
      return key;
  }
}

/** The type of a stored key (canonical form). */
export function pixKeyTypeOf(key: string): PixKeyType {
  if (key.includes('@')) return 'email';
  if (key.startsWith('+')) return 'phone';
  if (/^\d{11}$/.test(key)) return 'cpf';
  if (/^\d{14}$/.test(key)) return 'cnpj';
  return 'random';
}

const KEY_MESSAGES: Record<PixKeyType, string> = {
  cpf: 'CPF inválido.',
  cnpj: 'CNPJ inválido.',
  email: 'E-mail inválido.',
  phone: 'Celular inválido: use (xx) xxxxx-xxxx.',
  random:
    'Chave aleatória inválida: são 32 letras e números no formato xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.',
};

const receiverText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} tem no máximo ${max} caracteres.`)
    .refine((value) => pixText(value, max).length > 0, `Informe ${label.toLowerCase()}.`);

export const pixReceiverBody = z
  .object({
    keyType: z.enum(PIX_KEY_TYPES, 'Escolha o tipo de chave.'),
    key: z.string().trim().min(1, 'Informe a chave Pix.').max(100, 'Chave longa demais.'),
    merchantName: receiverText(PIX_NAME_MAX, 'O nome do recebedor'),
    city: receiverText(PIX_CITY_MAX, 'A cidade'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (canonicalPixKey(body.keyType, body.key) === null)
      ctx.addIssue({ code: 'custom', path: ['key'], message: KEY_MESSAGES[body.keyType] });
  });
export type PixReceiverBody = z.infer<typeof pixReceiverBody>;

/** What is saved (`null` receiver: the shop takes no manual Pix yet). */
export const pixReceiver = z.object({
  receiver: z
    .object({ keyType: z.enum(PIX_KEY_TYPES), key: z.string(), merchantName: z.string(), city: z.string() })
    .nullable(),
});
export type PixReceiver = z.infer<typeof pixReceiver>;
