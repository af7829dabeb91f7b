/**
 * Console 'Integrações' (issue 18, decision 0038): the owner's "Testar conexão" of a messaging channel. The
 * settings themselves use the platform's contracts (messaging-settings.ts): same fields, same pt-BR messages.
 */
import { z } from 'zod';

/** The channels "Testar conexão" knows; `chatbot` POSTs a signed ping event to the chatbot's events URL. */
export const testableChannel = z.enum(['whatsapp', 'messenger', 'instagram', 'chatbot'], {
  message: 'Canal inválido: use whatsapp, messenger, instagram ou chatbot.',
});
export type TestableChannel = z.infer<typeof testableChannel>;

/**
 * The provider's answer in pt-BR ('Conexão OK', 'Token recusado pelo WhatsApp (401)', 'Sem resposta em 10 s',
 * 'O chatbot respondeu com erro (HTTP 500)').
 */
export const connectionTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionTestResult = z.infer<typeof connectionTestResult>;

/** Why a product is not in the catalogue feeds (decision 0054): inactive, no photo, no price, no description. */
export const feedGap = z.enum(['inactive', 'photo', 'price', 'description']);
export type FeedGap = z.infer<typeof feedGap>;
export const FEED_GAP_TEXT: Record<FeedGap, string> = {
  inactive: 'Inativo',
  photo: 'Sem foto',
  price: 'Sem preço',
  description: 'Sem descrição',
};

/**
 * Integrações › 'Catálogo no WhatsApp, Instagram e Google': the shop's feed addresses (with their token), how many
 * products and items they list, and the products left out with why (the first 100; `leftOutCount` all of them).
 */
export const catalogFeeds = z.object({
  metaUrl: z.string(),
  googleUrl: z.string(),
  products: z.number().int(),
  items: z.number().int(),
  leftOutCount: z.number().int(),
  leftOut: z.array(z.object({ providerId: z.string(), name: z.string(), gaps: z.array(feedGap) })),
});
export type CatalogFeeds = z.infer<typeof catalogFeeds>;
