/**
 * What agent confirmation saves on the contact (spec §3 Customer): the customer fields that passed the §5 checks
 * — name, e-mail, CPF; the birth date when the shop asks for it (checked then); the company fields when the shop
 * enables CNPJ and the customer is a company (checked then), cleared otherwise, like `POST /api/customer/update`.
 */
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { ContactFields, ContactRow } from '../modules/customer/repository.ts';
import type { ConfirmCustomer } from './agent-confirm-rules.ts';

export function confirmedContact(
  c: ConfirmCustomer,
  stored: ContactRow,
  settings: ShopSettings,
): ContactFields {
  const corporate = settings.enableCnpj && c.isCorporate;
  return {
    name: c.name,
    email: c.email,
    document: c.document?.replace(/\D/g, '') ?? null,
    birth_date: settings.enableBirthDate && c.birthDate ? c.birthDate : stored.birth_date,
    is_corporate: corporate,
    corporate_document: corporate
      ? (c.corporateDocument?.replace(/[^0-9A-Za-z]/g, '').toUpperCase() ?? null)
      : null,
    corporate_name: corporate ? c.corporateName : null,
    trade_name: corporate ? c.tradeName : null,
    state_inscription: corporate ? c.stateInscription : null,
  };
}
