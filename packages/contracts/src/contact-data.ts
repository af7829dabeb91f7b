/**
 * A contact's data rights (LGPD art. 18; issue 39, item 12): the chatbot platform (platform key) names the contact
 * by phone or channel user id; the console by its id. The export is JSON, or CSV one row per item held.
 */
import { z } from 'zod';

const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{8,20}$/, 'Telefone inválido');
const userId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'Identificador do usuário inválido');
const named = {
  message: 'Informe o telefone ou o identificador do usuário (userId) do contato.',
  path: ['phone'],
};

export const contactDataQuery = z
  .object({
    phone: phone.optional(),
    userId: userId.optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict()
  .refine((q) => Boolean(q.phone || q.userId), named);
export type ContactDataQuery = z.infer<typeof contactDataQuery>;

export const contactEraseBody = z
  .object({
    phone: phone.optional(),
    userId: userId.optional(),
    /** Keep the name, CPF/CNPJ and the orders' delivery address, as an invoice needs them. */
    keepInvoiceData: z.boolean().default(false),
  })
  .strict()
  .refine((b) => Boolean(b.phone || b.userId), named);
export type ContactEraseBody = z.infer<typeof contactEraseBody>;

const held = z.record(z.string(), z.unknown());
export const contactData = z.object({
  contacts: z.array(
    z.object({
      contact: held,
      addresses: z.array(held),
      identities: z.array(held),
      orders: z.array(held),
      messages: z.number().int(),
      /** Recovery (issue 36): the opt-out and last message heard (null when none), and the reminders. */
      recovery: z.object({ state: held.nullable(), reminders: z.array(held) }),
    }),
  ),
});
export type ContactData = z.infer<typeof contactData>;

export const contactErased = z.object({
  contacts: z.number().int(),
  orders: z.number().int(),
  messages: z.number().int(),
});
export type ContactErased = z.infer<typeof contactErased>;

/** The console (owner) names the contact by its id. */
export const consoleContactId = z.string().regex(/^ctc_[0-9a-z]{26}$/, 'Contato inválido.');
export const consoleContactDataQuery = z.object({ format: z.enum(['json', 'csv']).default('json') }).strict();

/** The word the owner types before an erasure (the console asks for it; the server checks it too). */
export const ERASE_CONFIRMATION = 'APAGAR';
export const consoleContactEraseBody = z
  .object({
    confirmation: z.literal(ERASE_CONFIRMATION, { message: `Digite ${ERASE_CONFIRMATION} para confirmar.` }),
    keepInvoiceData: z.boolean().default(false),
  })
  .strict();
export type ConsoleContactEraseBody = z.infer<typeof consoleContactEraseBody>;

/** The chatbot platform's opt-out flag (issue 36): the contact asked to get no recovery reminders (or withdrew it). */
export const contactOptOutBody = z
  .object({
    phone: phone.optional(),
    userId: userId.optional(),
    optedOut: z.boolean({ error: 'Informe se o contato pediu para parar (true ou false).' }),
  })
  .strict()
  .refine((b) => Boolean(b.phone || b.userId), named);
export type ContactOptOutBody = z.infer<typeof contactOptOutBody>;
export const contactOptOut = z.object({ contacts: z.number().int(), optedOut: z.boolean() });
