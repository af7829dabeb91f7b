/**
 * Validation rules of spec §5 as pure boolean functions (no zod here: forms load them without zod);
 * the zod schemas with the spec's pt-BR messages live in validation-schemas.ts.
 *
 * - Documents (CPF, CNPJ, CEP) may be typed with or without their punctuation; anything else (letters in a
 *   CPF, stray symbols) makes them invalid rather than being silently stripped.
 * - CNPJ follows the alphanumeric rule of the Receita Federal (from July 2026): the first 12 characters may
 *   be digits or UPPERCASE letters, each worth its ASCII code − 48; the last two are numeric check digits.
 *   Lower-case letters are rejected here; `maskCnpj` (masks.ts) upper-cases while the user types.
 * - The schemas validate and do not transform: the parsed value is the string as typed.
 */

import { onlyDigits } from './digits.ts';

const CPF_PUNCTUATION = /[.\-\s]/g;
const CNPJ_PUNCTUATION = /[./\-\s]/g;

function allSameCharacter(s: string): boolean {
  return s.split('').every((c) => c === s[0]);
}

/** Mod-11 check digit over `values` with `weights` (remainder below 2 → 0, else 11 − remainder). */
function mod11CheckDigit(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, value, i) => acc + value * (weights[i] ?? 0), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/** True for a CPF of 11 digits (punctuation optional), not all equal, with both check digits right. */
export function isValidCpf(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const cpf = value.replace(CPF_PUNCTUATION, '');
  if (!/^\d{11}$/.test(cpf) || allSameCharacter(cpf)) return false;
  const digits = cpf.split('').map(Number);
  const first = mod11CheckDigit(digits.slice(0, 9), CPF_WEIGHTS_1);
  const second = mod11CheckDigit(digits.slice(0, 10), CPF_WEIGHTS_2);
  return digits[9] === first && digits[10] === second;
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** True for a CNPJ of 14 characters (punctuation optional; first 12 digits or A–Z), valid check digits. */
export function isValidCnpj(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const cnpj = value.replace(CNPJ_PUNCTUATION, '');
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || allSameCharacter(cnpj)) return false;
  // Value of each character = ASCII code − 48: '0'..'9' → 0..9, 'A' → 17, 'Z' → 42.
  const values = cnpj.split('').map((c) => c.charCodeAt(0) - 48);
  const first = mod11CheckDigit(values.slice(0, 12), CNPJ_WEIGHTS_1);
  const second = mod11CheckDigit(values.slice(0, 13), CNPJ_WEIGHTS_2);
  return values[12] === first && values[13] === second;
}

/** True for a CEP written '00000-000' or as 8 digits (no check digit exists). */
export function isValidCep(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^\d{5}-?\d{3}$/.test(value.trim());
}

const EMAIL_FORBIDDEN = /[\s()<>[\]:;\\,"!#%&]/;
// local@domain.tld: a local part without '@' that neither starts nor ends with a dot nor has '..';
// domain labels of letters, digits and inner hyphens; a TLD of at least 2 letters.
const EMAIL_SHAPE = /^[^@.]+(?:\.[^@.]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[A-Za-z]{2,}$/u;

/** True for an e-mail per spec §5: no spaces, none of ( ) < > [ ] : ; \ , " ! # % &, shape local@domain.tld. */
export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || value.length > 254) return false;
  if (EMAIL_FORBIDDEN.test(value)) return false;
  if (!value.includes('@') || !value.includes('.')) return false;
  return EMAIL_SHAPE.test(value);
}

/** Number of days in `month` (1–12) of `year`, leap years included. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for a birth date 'dd/mm/yyyy', year 19xx or 20xx, a real calendar date, not after `today`. */
export function isValidBirthDate(value: string | null | undefined, today: Date = new Date()): boolean {
  if (typeof value !== 'string') return false;
  const match = /^(\d{2})\/(\d{2})\/((?:19|20)\d{2})$/.exec(value);
  if (!match) return false;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  // Compare as yyyymmdd numbers against the local calendar date of `today`.
  const birth = year * 10_000 + month * 100 + day;
  const now = today.getFullYear() * 10_000 + (today.getMonth() + 1) * 100 + today.getDate();
  return birth <= now;
}

/** True for a card expiry 'MM/YY' with month 01–12 (whether it has passed is the gateway's call). */
export function isValidCardExpiry(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^(0[1-9]|1[0-2])\/\d{2}$/.test(value);
}

/** Card security code length: 4 when the number starts 34 or 37 (American Express), otherwise 3. */
export function cardSecurityCodeLength(cardNumber: string): 3 | 4 {
  const digits = onlyDigits(cardNumber);
  return digits.startsWith('34') || digits.startsWith('37') ? 4 : 3;
}

/** Messages of spec §5, exactly as the shopper reads them. */
export const VALIDATION_MESSAGES = {
  cpf: 'CPF inválido.',
  cnpj: 'CNPJ inválido.',
  email: 'O e-mail digitado é inválido. Verifique se há espaços ou caracteres incorretos.',
  birthDate: 'Data de nascimento inválida',
  cep: 'CEP inválido',
  name: 'Nome é obrigatório.',
} as const;
