import type { LogisticOption, LogisticQuery } from '@vitrine/contracts/checkout';
import { apiCall } from '../../../lib/api-client';

/**
 * `GET /api/order/logistic/`: pickup (type 0) or delivery (1) options for the order; without a CEP (`code`,
 * digits) the server falls back to the order's address.
 */
export function getLogisticOptions(query: LogisticQuery, signal?: AbortSignal): Promise<LogisticOption[]> {
  return apiCall<LogisticOption[]>('logisticOptions', 'GET', '/api/order/logistic/', {
    query: { type: query.type, code: query.code || undefined, number: query.number || undefined },
    signal,
  });
}
