/**
 * Input masks: pure formatting of partial input as the user types (spec §5 and §9). Used by the web
 * inputs and by tests; no DOM or caret handling here.
 *
 * Rules shared by every mask:
 * - Characters that cannot go in the mask are dropped (letters in a CPF, a 12th CPF digit, …).
 * - A separator is written only once a character follows it, so '529' stays '529' (not '529.'), which
 *   keeps backspace over a separator working in a controlled input.
 * - Masking is idempotent: masking an already masked value returns it unchanged.
 */

import { onlyDigits } from './digits.ts';

/** Slot in a pattern that takes one accepted character; every other pattern character is a literal. */
const SLOT = '#';

/** Lays `chars` (already filtered and cut to size) into `pattern`, writing literals only between slots. */
function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let next = 0;
  for (const p of pattern) {
    if (next >= chars.length) break;
    if (p === SLOT) {
      out += chars[next];
      next += 1;
    } else {
      out += p;
    }
  }
  return out;
}

/** CPF mask '000.000.000-00' over the digits of `value`, at most 11. */
export function maskCpf(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, 11), '###.###.###-##');
}

/** CNPJ mask '00.000.000/0000-00': first 12 positions digits or letters (upper-cased), last 2 digits. */
export function maskCnpj(value: string): string {
  let chars = '';
  for (const c of value.toUpperCase()) {
    if (chars.length >= 14) break;
    const accepted = chars.length < 12 ? /[0-9A-Z]/ : /[0-9]/;
    if (accepted.test(c)) chars += c;
  }
  return applyPattern(chars, '##.###.###/####-##');
}

/** CEP mask '00000-000' over the digits of `value`, at most 8. */
export function maskCep(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, 8), '#####-###');
}

/** Phone mask '(xx) xxxxx-xxxx' for 11 digits, '(xx) xxxx-xxxx' up to 10 digits; at most 11 digits. */
export function maskPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, 11);
  return applyPattern(digits, digits.length > 10 ? '(##) #####-####' : '(##) ####-####');
}

/** Date mask 'dd/mm/yyyy' (length 10) over the digits of `value`, at most 8. */
export function maskDate(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, 8), '##/##/####');
}

/** Card expiry mask 'MM/YY' over the digits of `value`, at most 4. */
export function maskCardExpiry(value: string): string {
  return applyPattern(onlyDigits(value).slice(0, 4), '##/##');
}

/** Whether a card number (digits) is American Express, which starts 34 or 37. */
function isAmex(digits: string): boolean {
  return digits.startsWith('34') || digits.startsWith('37');
}

/** Card number digits grouped: Amex 4-6-5 (15 digits), others 4-4-4-4 (16, or 19 as 4-4-4-4-3). */
export function maskCardNumber(value: string, maxDigits: 16 | 19 = 16): string {
  // The default follows 4-4-4-4; pass 19 to accept the 19-digit cards of spec §9 (Hipercard, some Visa).
  // The result has spaces: send `onlyDigits(masked)` to a gateway (spec §5 "card number keeps digits only").
  const all = onlyDigits(value);
  if (isAmex(all)) return applyPattern(all.slice(0, 15), '#### ###### #####');
  return applyPattern(all.slice(0, maxDigits), '#### #### #### #### ###');
}
