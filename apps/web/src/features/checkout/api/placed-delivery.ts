/** The contact's choice of delivery for their placed WhatsApp catalogue order (issue 35, decision 0054). */
import type { ChoosePlacedDeliveryBody, PlacedDelivery } from '@vitrine/contracts/placed-delivery';
import { apiRequest } from '../../../lib/api-client';

const path = (orderId: string) => `/api/order/placed/${encodeURIComponent(orderId)}/delivery`;

export const readPlacedDelivery = (orderId: string, signal?: AbortSignal) =>
  apiRequest<PlacedDelivery>('GET', path(orderId), {
    signal,
    fallback: 'Não foi possível carregar as opções de entrega. Tente novamente.',
  });

export const choosePlacedDelivery = (orderId: string, body: ChoosePlacedDeliveryBody) =>
  apiRequest<PlacedDelivery>('POST', path(orderId), {
    body,
    fallback: 'Não foi possível salvar a entrega. Tente novamente.',
  });
