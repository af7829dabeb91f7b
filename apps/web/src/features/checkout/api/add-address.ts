import type { NewAddressBody } from '@vitrine/contracts/checkout';
import type { Address } from '@vitrine/contracts/contact';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/order/address/`: adds an address to the contact; resolves with the full address list. */
export function addAddress(body: NewAddressBody): Promise<Address[]> {
  return apiCall<Address[]>('addAddress', 'POST', '/api/order/address/', { body });
}
