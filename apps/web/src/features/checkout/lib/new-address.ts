/** The 'Novo endereço' form (spec §2, §5): types, the fixed name of Casa/Trabalho, required fields. */
import type { NewAddressBody } from '@vitrine/contracts/checkout';
import { AddressType } from '@vitrine/contracts/enums';
import { isValidCep } from '@vitrine/contracts/validators';

export type AddressTypeName = AddressType;

/** Casa, Trabalho, Outro. */
export const ADDRESS_TYPE_NAMES = Object.values(AddressType);

export interface NewAddressForm {
  type: AddressTypeName;
  name: string;
  zipCode: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  neighborhoodId: string;
  city: string;
  state: string;
}

export const EMPTY_ADDRESS: NewAddressForm = {
  type: 'Casa',
  name: 'Casa',
  zipCode: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  neighborhoodId: '',
  city: '',
  state: '',
};

/** Spec §5 message of an incomplete address. */
export const ADDRESS_REQUIRED_MESSAGE = 'Preencha os campos obrigatórios';

/** Casa and Trabalho name the address after the type; Outro lets the agent name it. */
export function withType(form: NewAddressForm, type: AddressTypeName): NewAddressForm {
  return { ...form, type, name: type === 'Outro' ? '' : type };
}

/** Complete: name, street, number, neighborhood, valid CEP, city, state (complement optional). */
export function isAddressComplete(form: NewAddressForm): boolean {
  const required = [form.name, form.street, form.number, form.neighborhood, form.city, form.state];
  return required.every((value) => value.trim() !== '') && isValidCep(form.zipCode);
}

export function addressBody(form: NewAddressForm): NewAddressBody {
  return {
    type: form.type,
    name: form.name.trim(),
    zipCode: form.zipCode,
    street: form.street.trim(),
    number: form.number.trim(),
    complement: form.complement.trim() || null,
    neighborhood: form.neighborhood.trim(),
    neighborhoodId: form.neighborhoodId || null,
    city: form.city.trim(),
    state: form.state.trim(),
  };
}
