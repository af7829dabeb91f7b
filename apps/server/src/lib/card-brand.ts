/**
 * Card brand from the BIN (first digits), server side, so the stored brand never depends on what the browser
 * said; Luhn check. Order matters: Elo and Hipercard BINs sit inside Visa/Discover/Mastercard-looking ranges.
 * Brands of spec §9 that Brazilian acquirers take, named as @vitrine/contracts/card-brands names them; anything
 * else is 'unknown'.
 */
import { UNKNOWN_CARD_BRAND, type CardBrand, type CardBrandId } from '@vitrine/contracts/card-brands';

type BrandRule = { brand: CardBrandId; test: (digits: string) => boolean };

const between = (digits: string, length: number, from: number, to: number) => {
  const head = Number(digits.slice(0, length));
  return digits.length >= length && head >= from && head <= to;
};

const ELO_BINS = [
  '401178',
  '401179',
  '431274',
  '438935',
  '451416',
  '457393',
  '457631',
  '457632',
  '504175',
  '627780',
  '636297',
  '636368',
];
const ELO_RANGES: [number, number][] = [
  [506699, 506778],
  [509000, 509999],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650920],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];

const RULES: BrandRule[] = [
  {
    brand: 'elo',
    test: (d) => ELO_BINS.includes(d.slice(0, 6)) || ELO_RANGES.some(([a, b]) => between(d, 6, a, b)),
  },
  { brand: 'hipercard', test: (d) => d.startsWith('606282') || d.startsWith('3841') },
  { brand: 'american-express', test: (d) => /^3[47]/.test(d) },
  { brand: 'diners-club', test: (d) => /^3(0[0-5]|[689])/.test(d) },
  { brand: 'jcb', test: (d) => between(d, 4, 3528, 3589) },
  { brand: 'discover', test: (d) => /^(6011|65|64[4-9])/.test(d) },
  { brand: 'mastercard', test: (d) => between(d, 2, 51, 55) || between(d, 4, 2221, 2720) },
  { brand: 'visa', test: (d) => d.startsWith('4') },
  { brand: 'maestro', test: (d) => /^(5018|5020|5038|5893|6304|6759|676[1-3])/.test(d) },
  { brand: 'unionpay', test: (d) => d.startsWith('62') },
];

/** Brand of a card number (digits only), e.g. 'visa', 'mastercard', 'elo'; 'unknown' when none matches. */
export function cardBrandOf(number: string): CardBrand {
  const digits = number.replace(/\D/g, '');
  return RULES.find((rule) => rule.test(digits))?.brand ?? UNKNOWN_CARD_BRAND;
}

/** Luhn (mod 10) check of a digit string. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}
