/** Start a sale from the console (issue 16): pick or search a contact of the shop, or type a new one. */
import { z } from 'zod';

export const contactSearch = z
  .object({ q: z.string().trim().max(80, 'Busca longa demais.').optional() })
  .strict();
export const saleContact = z.object({
  id: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
});
export type SaleContact = z.infer<typeof saleContact>;

export const startSaleBody = z.union([
  z.object({ contactId: z.string().regex(/^ctc_[0-9a-z]{26}$/, 'Contato inválido.') }).strict(),
  z
    .object({
      name: z.string().trim().min(2, 'Informe o nome do contato.').max(120, 'Nome longo demais.'),
      phone: z.string().regex(/^55\d{10,11}$/, 'Telefone inválido: use (xx) xxxxx-xxxx.'),
    })
    .strict(),
]);
export type StartSaleBody = z.infer<typeof startSaleBody>;
