/**
 * What a customer save writes on the contact (spec §3 Customer), for `POST /api/customer/update` and the agent
 * confirm alike: documents normalised, the birth date only when the shop asks for it (else `keptBirthDate`), the
 * company fields only when the shop enables CNPJ and the customer is a company (cleared otherwise).
 */
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { ContactFields } from './repository.ts';

export type CustomerInput = {
  name: string | null;
  email: string | null;
  document: string | null;
  birthDate?: string | null;
  isCorporate?: boolean | null;
  corporateDocument?: string | null;
  corporateName?: string | null;
  tradeName?: string | null;
  stateInscription?: string | null;
};

export function contactFields(
  c: CustomerInput,
  settings: Pick<ShopSettings, 'enableCnpj' | 'enableBirthDate'>,
  keptBirthDate: string | null = null,
): ContactFields {
  const corporate = settings.enableCnpj && c.isCorporate === true;
  return {
    name: c.name,
    email: c.email?.trim() ?? null,
    document: c.document?.replace(/\D/g, '') ?? null,
    birth_date: settings.enableBirthDate && c.birthDate ? c.birthDate : keptBirthDate,
    is_corporate: corporate,
    corporate_document: corporate
      ? (c.corporateDocument ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase()
      : null,
    corporate_name: corporate ? (c.corporateName ?? null) : null,
    trade_name: corporate ? (c.tradeName ?? null) : null,
    state_inscription: corporate ? (c.stateInscription ?? null) : null,
  };
}
