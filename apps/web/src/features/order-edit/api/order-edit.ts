/** The contact's side of a change the shop proposed to a confirmed order (issue 34, decision 0053). */
import type { ContactOrderEdit } from '@vitrine/contracts/order-edits';
import { apiRequest } from '../../../lib/api-client';

const path = (id: string) => `/api/order/edits/${encodeURIComponent(id)}`;

export const readOrderEdit = (id: string, signal?: AbortSignal) =>
  apiRequest<ContactOrderEdit>('GET', path(id), {
    signal,
    fallback: 'Não foi possível carregar a alteração do pedido. Tente novamente.',
  });

export const answerOrderEdit = (id: string, answer: 'accept' | 'decline') =>
  apiRequest<ContactOrderEdit>('POST', `${path(id)}/${answer}`, {
    fallback:
      answer === 'accept'
        ? 'Não foi possível aceitar a alteração. Tente novamente.'
        : 'Não foi possível recusar a alteração. Tente novamente.',
  });
