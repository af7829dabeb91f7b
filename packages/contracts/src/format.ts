/**
 * Display formatting of spec §9: weights, subscription frequency, phone numbers and WhatsApp chat links.
 * Numbers use pt-BR conventions (decimal comma, dot for thousands), through cached Intl formatters.
 * Money has its own module (money.ts).
 */

import { RecurrenceType } from './enums.ts';
import { maskPhone } from './masks.ts';
import { onlyDigits } from './digits.ts';

/** Brazil's country calling code, prefixed to national numbers in WhatsApp links. */
export const BRAZIL_COUNTRY_CODE = '55';

const weightNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** `n` rounded to 2 decimals, the precision the weight display shows. */
function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Weight in kg for display: ≥ 1000 kg in t, ≥ 1 kg in kg, below in g, up to 2 decimals ('1,25 kg'). */
export function formatWeight(kg: number): string {
  if (!Number.isFinite(kg)) return '';
  const size = Math.abs(kg);
  // The unit follows the value, except that a value which rounds up to the next threshold takes the next
  // unit: 999.999 kg reads '1 t' (not '1.000 kg') and 0.999999 kg reads '1 kg' (not '1.000 g').
  if (size >= 1000 || round2(size) >= 1000) return `${weightNumber.format(kg / 1000)} t`;
  if (size >= 1 || round2(size * 1000) >= 1000) return `${weightNumber.format(kg)} kg`;
  return `${weightNumber.format(kg * 1000)} g`;
}

/** Unit names per recurrence type: [singular, plural]. */
const FREQUENCY_UNITS: Record<RecurrenceType, readonly [string, string]> = {
  [RecurrenceType.Daily]: ['Dia', 'Dias'],
  [RecurrenceType.Weekly]: ['Semana', 'Semanas'],
  [RecurrenceType.Monthly]: ['Mês', 'Meses'],
  [RecurrenceType.Yearly]: ['Ano', 'Anos'],
};

/** Subscription frequency text, singular below 2 ('1 Semana', '2 Semanas', '15 Dias'); '' for an unknown type. */
export function subscriptionFrequencyText(recurrenceType: number, frequency: number): string {
  const units = FREQUENCY_UNITS[recurrenceType as RecurrenceType] as readonly [string, string] | undefined;
  if (!units || !Number.isFinite(frequency)) return '';
  const [singular, plural] = units;
  return `${frequency} ${frequency < 2 ? singular : plural}`;
}

/** Whether `phone` is written with an explicit international prefix ('+1 415…'), i.e. carries its country code. */
function isInternational(phone: string): boolean {
  return phone.trim().startsWith('+');
}

/** National digits of a Brazilian phone (a leading 55 dropped from 12- or 13-digit numbers); '' if foreign. */
function nationalDigits(phone: string): string {
  const digits = onlyDigits(phone);
  const hasCountryCode = (digits.length === 12 || digits.length === 13) && digits.startsWith('55');
  if (hasCountryCode) return digits.slice(2);
  return isInternational(phone) ? '' : digits;
}

/** Phone for display, '(xx) xxxxx-xxxx' or '(xx) xxxx-xxxx' (a leading 55 is dropped); other shapes as given. */
export function formatPhone(phone: string): string {
  const digits = nationalDigits(phone);
  if (digits.length !== 10 && digits.length !== 11) return phone.trim();
  return maskPhone(digits);
}

/** A phone's digits with its country code: 55 is added to 10- or 11-digit national numbers. */
function internationalDigits(phone: string): string {
  const digits = onlyDigits(phone);
  // A number written with '+' already carries its country code ('+1 415 555 2671' has 11 digits too).
  const national = (digits.length === 10 || digits.length === 11) && !isInternational(phone);
  return national ? BRAZIL_COUNTRY_CODE + digits : digits;
}

/** WhatsApp chat link 'https://wa.me/<digits>[?text=…]'; 55 is added to 10- or 11-digit national numbers. */
export function whatsAppLink(phone: string, text?: string): string {
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${internationalDigits(phone)}${query}`;
}

/** A phone call link 'tel:+<digits>', with the country code as whatsAppLink adds it. */
export function telLink(phone: string): string {
  return `tel:+${internationalDigits(phone)}`;
}

/** What a kilo line needs to be told by weight: sold by the kilo, a quantity of `amountInKilo` kg portions. */
export type WeighedLine = { quantity: number; soldInKilo: boolean; amountInKilo?: number | null | undefined };

/** Kilos a line weighs (quantity × portion, 3 decimals: grams); null for a line sold by the unit. */
export function lineWeightKg(line: WeighedLine): number | null {
  if (!line.soldInKilo) return null;
  const portion = line.amountInKilo && line.amountInKilo > 0 ? line.amountInKilo : 1;
  return Math.round(line.quantity * portion * 1000) / 1000;
}

/** A line's quantity as read aloud: its weight for kilo lines ('1 kg', '500 g'), else the count ('2'). */
export function lineQuantityText(line: WeighedLine): string {
  const kg = lineWeightKg(line);
  return kg === null ? line.quantity.toLocaleString('pt-BR', { maximumFractionDigits: 3 }) : formatWeight(kg);
}

/**
 * The price per kg of a kilo line whose portion of `amountInKilo` kg costs `portionCents` (centavos, rounded);
 * null for a line sold by the unit. Derived from the line's own price, so a price table or promotion shows too.
 */
export function kiloPriceCents(portionCents: number, line: Omit<WeighedLine, 'quantity'>): number | null {
  if (!line.soldInKilo) return null;
  const portion = line.amountInKilo && line.amountInKilo > 0 ? line.amountInKilo : 1;
  return Math.round(portionCents / portion);
}
