import type { CepResult } from '@vitrine/contracts/checkout';
import { onlyDigits } from '@vitrine/contracts/validators';
import { apiCall } from '../../../lib/api-client';

/** `GET /api/order/address/cep/{postalCode}` (CEP without hyphen): street, neighbourhood, city, state. */
export function lookupCep(cep: string, signal?: AbortSignal): Promise<CepResult> {
  return apiCall<CepResult>('cep', 'GET', `/api/order/address/cep/${onlyDigits(cep)}`, { signal });
}
