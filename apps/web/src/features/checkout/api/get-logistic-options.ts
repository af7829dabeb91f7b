import type { LogisticOption } from '@vitrine/contracts/checkout';
import { apiCall } from '../../../lib/api-client';

export interface LogisticQuery {
  /** 0 pickup, 1 delivery. */
  type: number;
  /** CEP (digits); the server falls back to the order's address. */
  code?: string;
  number?: string;
}

/** `GET /api/order/logistic/`: pickup or delivery options for the order. */
export function getLogisticOptions(query: LogisticQuery, signal?: AbortSignal): Promise<LogisticOption[]> {
  return apiCall<LogisticOption[]>('logisticOptions', 'GET', '/api/order/logistic/', {
    query: { type: query.type, code: query.code || undefined, number: query.number || undefined },
    signal,
  });
}
