/** The contact's data the session and the checkout share: customer fields and saved addresses (spec §3). */
import { z } from 'zod';

/** Spec §3 Customer, as the session shows it (with the contact's phone). */
export const customer = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  birthDate: z.string().nullable(),
  document: z.string().nullable(),
  isCorporate: z.boolean(),
  corporateDocument: z.string().nullable(),
  corporateName: z.string().nullable(),
  tradeName: z.string().nullable(),
  stateInscription: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Customer = z.infer<typeof customer>;

/** Spec §3 Address (wire form). */
export const address = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  state: z.string(),
  city: z.string(),
  street: z.string(),
  number: z.string(),
  zipCode: z.string(),
  complement: z.string().nullable(),
  neighborhood: z.string(),
  neighborhoodId: z.string().nullable(),
  fullAddress: z.string(),
});
export type Address = z.infer<typeof address>;
