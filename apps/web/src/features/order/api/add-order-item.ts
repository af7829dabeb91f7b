/**
 * `POST /api/order/items/` (bearer, spec §7 "Add-to-cart"): sets one order line to an absolute quantity and
 * resolves with the updated order. Rejects with an `ApiCallError` ('addItem') on any failure.
 */
import type { Order } from '@vitrine/contracts/order';
import type { SetItemBody } from '@vitrine/contracts/order-api';
import { apiCall } from '../../../lib/api-client';

export interface OrderItemAttributeInput {
  providerId: string;
  optionProviderId: string;
  redirectable?: boolean;
}

export interface OrderItemSubscriptionInput {
  recurrenceType: number;
  frequency: number;
}

/** What the catalogue and product page send: the product, its new line quantity, optional details. */
export interface AddOrderItemInput {
  providerId: string;
  /** New absolute quantity of the line (existing quantity + 1 when adding from a card). */
  quantity: number;
  attributes?: OrderItemAttributeInput[];
  sku?: string | null;
  subscription?: OrderItemSubscriptionInput | null;
  /** Existing line to update (optional; the server matches product + attributes otherwise). */
  index?: number | null;
  preferences?: string | null;
}

/** Request body, leaving out what the caller did not give. */
export function addOrderItemBody(input: AddOrderItemInput): SetItemBody {
  const body: SetItemBody = { providerId: input.providerId, quantity: input.quantity };
  if (input.attributes && input.attributes.length > 0) body.attributes = input.attributes;
  if (input.sku) body.sku = input.sku;
  if (input.subscription) body.subscription = input.subscription;
  if (input.index !== undefined && input.index !== null) body.index = input.index;
  if (input.preferences) body.preferences = input.preferences;
  return body;
}

export function addOrderItem(input: AddOrderItemInput, signal?: AbortSignal): Promise<Order> {
  return apiCall<Order>('addItem', 'POST', '/api/order/items/', { body: addOrderItemBody(input), signal });
}
