/**
 * A delivery or pickup estimate as a structure (issue 38 item 9): the same day, or within N hours, days or working
 * days. It travels and is kept as its pt-BR text ('No mesmo dia', 'Em até 2 dias úteis'); `readEstimate` reads
 * that text back (and the usual hand-typed forms: 'Em 2 horas', '1 dia útil'), so every screen renders one correct
 * sentence — never 'Em até No mesmo dia'.
 */
export type EstimateUnit = 'hours' | 'days' | 'businessDays';
export type DeliveryEstimate = { kind: 'sameDay' } | { kind: EstimateUnit; amount: number };

const UNIT_WORDS: Record<EstimateUnit, [one: string, many: string]> = {
  hours: ['hora', 'horas'],
  days: ['dia', 'dias'],
  businessDays: ['dia útil', 'dias úteis'],
};

/** 'No mesmo dia', 'Em até 1 hora', 'Em até 3 dias', 'Em até 2 dias úteis'. */
export function estimateText(estimate: DeliveryEstimate): string {
  if (estimate.kind === 'sameDay') return 'No mesmo dia';
  const [one, many] = UNIT_WORDS[estimate.kind];
  return `Em até ${estimate.amount} ${estimate.amount === 1 ? one : many}`;
}

const SAME_DAY = /^(no )?mesmo dia$|^hoje$/;
const AMOUNT = /^(?:(?:em )?até |em )?(\d{1,3}) (horas?|dias?)( úte?is| útil)?$/;

/** The estimate a text states, or null when it is not one of the forms above (free text kept as typed). */
export function readEstimate(text: string | null | undefined): DeliveryEstimate | null {
  const plain = (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
  if (SAME_DAY.test(plain)) return { kind: 'sameDay' };
  const match = AMOUNT.exec(plain);
  if (!match) return null;
  const amount = Number(match[1]);
  if (amount < 1) return null;
  if (match[2]!.startsWith('hora')) return match[3] ? null : { kind: 'hours', amount };
  return { kind: match[3] ? 'businessDays' : 'days', amount };
}

/** How a stored estimate reads to a customer: its canonical sentence, or free text as typed ('' for none). */
export function shownEstimate(text: string | null | undefined): string {
  const estimate = readEstimate(text);
  return estimate ? estimateText(estimate) : (text ?? '').trim();
}
