import { apiCall } from '../../../lib/api-client';

export interface SendProductInput {
  providerId: string;
  /** The chosen options, when the product has variants. */
  attributes: { providerId: string; optionProviderId: string; redirectable?: boolean }[];
}

/**
 * `POST /api/order/send/product/{providerId}` (agents only): sends the product's details to the contact.
 * Rejects with 'Falha ao enviar detalhes do produto' on failure.
 */
export function sendProduct(input: SendProductInput, signal?: AbortSignal): Promise<unknown> {
  return apiCall<unknown>(
    'sendProduct',
    'POST',
    `/api/order/send/product/${encodeURIComponent(input.providerId)}`,
    {
      body: { providerId: input.providerId, attributes: input.attributes },
      signal,
    },
  );
}
