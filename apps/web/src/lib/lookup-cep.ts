import type { CepResult } from '@vitrine/contracts/checkout';
import { onlyDigits } from '@vitrine/contracts/digits';
import { apiCall } from './api-client';

/**
 * `GET /api/order/address/cep/{postalCode}` (CEP sent without hyphen): street, neighbourhood, city, state. Used by
 * the checkout's new-address dialog and the card page's billing address.
 */
export function lookupCep(cep: string, signal?: AbortSignal): Promise<CepResult> {
  return apiCall<CepResult>('cep', 'GET', `/api/order/address/cep/${onlyDigits(cep)}`, { signal });
}
