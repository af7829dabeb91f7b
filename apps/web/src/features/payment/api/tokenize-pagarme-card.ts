/**
 * Pagar.me v5 browser tokenisation: the card goes from the browser straight to Pagar.me with the account's
 * public key (`appId`), and only the token (plus brand and last four digits) reaches our server.
 * https://docs.pagar.me/reference/criar-token-cart%C3%A3o-1
 */
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import type { ApiCallError } from '../../../lib/api-client';
import type { CardPart } from '../lib/card-form';

const TOKENS_URL = 'https://api.pagar.me/core/v5/tokens';

export interface PagarmeCard {
  number: string;
  holderName: string;
  expMonth: number;
  expYear: number;
  cvv: string;
}

function tokenError(httpStatus: number | null): ApiCallError {
  // Same shape as our own call failures, so the page handles both alike (§8 'Falha ao finalizar pagamento').
  return {
    message: CALL_ERRORS.creditPayment,
    code: 500,
    type: 'error',
    status: 0,
    callName: 'creditPayment',
    serverErrors: [],
    httpStatus,
    aborted: false,
  };
}

/**
 * Resolves with the token, or null when Pagar.me refuses the card data (4xx: the page shows 'Os dados do cartão
 * são inválidos'); rejects like a failed call of ours when Pagar.me cannot be reached or fails.
 */
export async function tokenizePagarmeCard(publicKey: string, card: PagarmeCard): Promise<CardPart | null> {
  let response: Response;
  try {
    response = await fetch(`${TOKENS_URL}?appId=${encodeURIComponent(publicKey)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        type: 'card',
        card: {
          number: card.number,
          holder_name: card.holderName,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          cvv: card.cvv,
        },
      }),
    });
  } catch {
    throw tokenError(null);
  }
  if (response.status >= 400 && response.status < 500) return null;
  if (!response.ok) throw tokenError(response.status);
  const body = (await response.json().catch(() => null)) as {
    id?: unknown;
    card?: { last_four_digits?: unknown; brand?: unknown };
  } | null;
  if (typeof body?.id !== 'string') throw tokenError(response.status);
  const brand = body.card?.brand;
  const lastFour = body.card?.last_four_digits;
  return {
    cardToken: body.id,
    lastFour: typeof lastFour === 'string' ? lastFour : card.number.slice(-4),
    ...(typeof brand === 'string' ? { brand } : {}),
  };
}
