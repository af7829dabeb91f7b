import type { Customer, CustomerBody } from '@vitrine/contracts/checkout';
import { apiCall } from '../../../lib/api-client';

/** `POST /api/customer/update`: saves the contact's data (validated with the §5 messages). */
export function updateCustomer(body: CustomerBody): Promise<Customer> {
  return apiCall<Customer>('updateCustomer', 'POST', '/api/customer/update', { body });
}
