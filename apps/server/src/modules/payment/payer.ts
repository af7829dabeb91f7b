/**
 * The payer a Pix or boleto charge sends to the gateway, built from the order's contact and its delivery address
 * (the order's chosen `addressId`, else the contact's default address, else its first one). Mercado Pago's
 * `bolbradesco` needs the payer's CPF/CNPJ and full address (zip, street, number, neighbourhood, city, state):
 * a boleto asked of a real gateway without them is refused here with a pt-BR 422 instead of failing at the
 * provider.
 */
import { PaymentMethod } from '@vitrine/contracts/enums';
import type { Payer } from '../../adapters/payments/gateway.ts';
import { AppError } from '../../lib/app-error.ts';
import { findContact, listAddresses } from '../customer/service.ts';
import type { OrderRow } from '../order/service.ts';
import type { PaymentContext } from './context.ts';

type AddressRow = Awaited<ReturnType<typeof listAddresses>>[number];

const digits = (value: string) => value.replace(/[^0-9A-Za-z]/g, '');

function addressOf(row: AddressRow): NonNullable<Payer['address']> {
  return {
    zipCode: row.zip_code.replace(/\D/g, ''),
    street: row.street,
    number: row.number,
    complement: row.complement,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
  };
}

/** The payer of `order` (name, e-mail, document, address); 422 for a boleto without document or address. */
export async function payerOf(ctx: PaymentContext, order: OrderRow, gateway: string): Promise<Payer> {
  const contact = order.contact_id ? await findContact(ctx.db, order.shop_id, order.contact_id) : null;
  const addresses = order.contact_id ? await listAddresses(ctx.db, order.shop_id, order.contact_id) : [];
  const chosen =
    addresses.find((a) => a.id === order.checkout.addressId) ??
    addresses.find((a) => a.is_default) ??
    addresses[0];
  const payer: Payer = {
    name: contact?.name ?? 'Cliente',
    email: contact?.email ?? null,
    document: digits(contact?.document ?? ''),
    address: chosen ? addressOf(chosen) : null,
  };
  const boleto = order.checkout.paymentMethod === PaymentMethod.Boleto;
  if (
    boleto &&
    (gateway === 'mercadopago' || gateway === 'pagarme') &&
    (!payer.address || payer.document.length < 11)
  ) {
    throw new AppError('unprocessable', 'boletoPayerIncomplete');
  }
  return payer;
}
