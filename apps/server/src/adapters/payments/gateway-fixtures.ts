/** Test support for the payment gateway adapter tests: requests and an error catcher. */
import { expect } from 'vitest';
import { GatewayError, type ChargeRequest } from './gateway.ts';

export const NOW = Date.parse('2026-03-10T15:00:00Z');

export const baseRequest: ChargeRequest = {
  paymentId: 'pay_01JABC',
  orderId: 'ord_01JXYZ',
  amountCents: 12345,
  description: 'Pedido 1001 - Hortifruti',
  payer: {
    name: 'Maria da Silva Souza',
    email: 'maria@example.com',
    document: '529.982.247-25',
    phone: '(11) 99999-0001',
    address: {
      zipCode: '01452-002',
      street: 'Avenida Brigadeiro Faria Lima',
      number: '1384',
      complement: 'Conj. 12',
      neighborhood: 'Pinheiros',
      city: 'São Paulo',
      state: 'SP',
    },
  },
  idempotencyKey: 'idem-7f3c',
};

export async function gatewayFailure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}
