import type { ManualPix } from '@vitrine/contracts/messaging';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/pix/manual` (agents): the shop's Pix key for the order. */
export function getManualPix(): Promise<ManualPix> {
  return apiCall<ManualPix>('manualPix', 'POST', '/api/order/pix/manual');
}
