import { z } from 'zod';
import { CHANNEL_BY_NAME } from './enums.ts';
import { address, customer } from './contact.ts';
import { order } from './order.ts';

export const sessionCodeParam = z.object({
  code: z.string().min(1).max(200, 'Código de sessão inválido'),
});

/** Response of `GET /api/session/{code}` (spec §3 Session). */
export const session = z.object({
  code: z.string(),
  userId: z.string(),
  sessionType: z.number().int(),
  channelId: z.string(),
  channelType: z.number().int(),
  expiresAt: z.string(),
  userShop: z.object({
    id: z.string(),
    shopId: z.string(),
    channelId: z.string(),
    customer,
    addresses: z.array(address),
    currentOrder: order.nullable(),
  }),
});
export type Session = z.infer<typeof session>;

/** Most search terms and products an assistant may suggest for one order (docs/decisions/0029). */
export const MAX_SUGGESTED_TERMS = 10;
export const MAX_SUGGESTED_PRODUCTS = 50;

/**
 * What the assistant suggests for the contact's open order: product ids (the shop's `providerId`s, listed first in
 * 'Sugeridos' in this order) and search terms (their matches follow). Replaced whole; empty lists clear them.
 */
export const assistantSuggestions = z
  .object({
    productIds: z
      .array(z.string().trim().min(1, 'Produto sugerido vazio').max(80, 'Produto sugerido inválido'))
      .max(MAX_SUGGESTED_PRODUCTS, `No máximo ${MAX_SUGGESTED_PRODUCTS} produtos sugeridos`)
      .optional(),
    searchTerms: z
      .array(z.string().trim().min(1, 'Termo de busca vazio').max(100, 'Termo de busca longo demais'))
      .max(MAX_SUGGESTED_TERMS, `No máximo ${MAX_SUGGESTED_TERMS} termos de busca sugeridos`)
      .optional(),
  })
  .strict();
export type AssistantSuggestions = z.infer<typeof assistantSuggestions>;

/** Answer of `PUT /api/platform/sessions/{code}/suggestions`: what the order now suggests, and the link to it. */
export const suggestionsAnswer = z.object({
  productIds: z.array(z.string()),
  searchTerms: z.array(z.string()),
  /** The storefront opening 'Sugeridos' directly (`/products-found`); null when nothing is suggested. */
  productsFoundUrl: z.string().nullable(),
});

/** Body of `POST /api/platform/sessions`. */
export const createSessionBody = z
  .object({
    shop: z.string().min(1).max(80),
    sessionType: z.enum(['contact', 'agent']),
    channelType: z.enum(Object.keys(CHANNEL_BY_NAME) as [keyof typeof CHANNEL_BY_NAME]),
    contact: z
      .object({
        name: z.string().trim().min(1).max(120),
        phone: z
          .string()
          .trim()
          .regex(/^\+?[0-9 ()-]{8,20}$/, 'Telefone inválido')
          .optional(),
        /** The channel's user id: WhatsApp's business-scoped user id (BSUID, `user_id`, e.g. `BR.…`). */
        userId: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'Identificador do usuário inválido')
          .optional(),
      })
      .strict()
      .refine((c) => Boolean(c.phone || c.userId), {
        message: 'Informe o telefone ou o identificador do usuário (userId) do contato.',
        path: ['phone'],
      }),
    agent: z
      .object({ name: z.string().trim().min(1).max(120) })
      .strict()
      .optional(),
    suggestions: assistantSuggestions.optional(),
  })
  .strict();
export type CreateSessionBody = z.infer<typeof createSessionBody>;

export const createdSession = z.object({
  code: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  /** With suggestions: the link that opens 'Sugeridos' directly (`/products-found`); null otherwise. */
  productsFoundUrl: z.string().nullable(),
});
