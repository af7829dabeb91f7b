/**
 * Attacker's suite 4 — what must never be found in clear in a server log or a database dump (issue 14): card
 * numbers (the sandbox's and any Luhn-valid 13–19 digit run), security codes, session codes, the platform key,
 * channel, gateway and Tray secrets. Known secrets are searched as given; the rest by shape.
 */

export type Finding = { where: string; what: string; sample: string };

/** Test cards of the sandbox (README) and of the payment suites: typed in the e2e run, never to be kept. */
export const TEST_CARDS = [
  '4111111111111111',
  '5555555555554444',
  '378282246310005',
  '6362970000457013',
  '4000000000009995',
  '4000000000000127',
  '4000000000000002',
  '4000000000000069',
  '4000000000003220',
  '4000000000000044',
];

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A card number's shape: 13–19 digits (spaces or dashes between groups), starting 3–6, Luhn-valid, standing
 * alone (not inside a Pix code, an id, a UUID's dashed groups or a longer number).
 */
const CARD = /(?<![\w.-])([3-6]\d{3}(?:[ -]?\d){9,15})(?![\w.]|-\w)/g;
/** A security code beside its name, in JSON or in a form. */
const SECURITY_CODE = /"?(securityCode|security_code|cvv|cvc|cardCode)"?\s*[:=]\s*"?(\d{3,4})\b/gi;
/** Session codes as they would travel: a bearer header, a session URL path, a link's hash. */
const SESSION_SHAPES = [
  /Bearer\s+(?!\[REDACTED\])[A-Za-z0-9_-]{20,}/g,
  /\/api\/session\/(?!\[REDACTED\]|anonymous)[A-Za-z0-9_-]{20,}/g,
  /#[A-Za-z0-9_-]{40,}/g,
];

const clip = (text: string, at: number) => text.slice(Math.max(0, at - 30), at + 50).replace(/\s+/g, ' ');

/** Everything secret found in `text`; `known` are secrets searched as given (codes, keys, tokens). */
export function findSecrets(where: string, text: string, known: string[], shapes = true): Finding[] {
  const findings: Finding[] = [];
  for (const secret of new Set(known.filter((s) => s.length >= 12))) {
    const at = text.indexOf(secret);
    if (at >= 0) findings.push({ where, what: 'known secret', sample: clip(text, at) });
  }
  for (const match of text.matchAll(CARD)) {
    const digits = match[1]!.replace(/\D/g, '');
    const brazilianPhone = /^55\d{10,11}$/.test(digits); // +55, area code, number: 12–13 digits
    if (TEST_CARDS.includes(digits) || (digits.length >= 13 && !brazilianPhone && luhn(digits))) {
      findings.push({ where, what: 'card number', sample: clip(text, match.index!) });
    }
  }
  for (const match of text.matchAll(SECURITY_CODE)) {
    findings.push({ where, what: 'security code', sample: clip(text, match.index!) });
  }
  if (shapes) {
    for (const shape of SESSION_SHAPES) {
      for (const match of text.matchAll(shape)) {
        findings.push({ where, what: 'session code', sample: clip(text, match.index!) });
      }
    }
  }
  return findings;
}
