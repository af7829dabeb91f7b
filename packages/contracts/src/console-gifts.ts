/**
 * Console 'Vendas › Brindes' (issue 18, decision 0035): gifts by order value — tiers "from R$ x, choose n of these
 * products" — as the owner or a manager sets them, with pt-BR messages at the field. Money in centavos.
 */
import { z } from 'zod';
import { catalogCode } from './console-catalog.ts';

export const MAX_GIFT_PRODUCTS = 30;

export const giftTierBody = z
  .object({
    name: z.string().trim().min(1, 'Dê um nome ao brinde.').max(60, 'Nome longo demais (até 60 caracteres).'),
    minOrderCents: z
      .number('Informe o valor mínimo.')
      .int('Valor inválido.')
      .min(0, 'O valor mínimo não pode ser negativo.')
      .max(100_000_000, 'Valor mínimo alto demais.'),
    availableQuantity: z
      .number('Informe quantos brindes o cliente escolhe.')
      .int('Informe um número inteiro.')
      .min(1, 'O cliente escolhe ao menos 1 brinde.')
      .max(50, 'No máximo 50 brindes por pedido.'),
    productCodes: z
      .array(catalogCode)
      .min(1, 'Escolha ao menos um produto.')
      .max(MAX_GIFT_PRODUCTS, `No máximo ${MAX_GIFT_PRODUCTS} produtos por faixa.`)
      .refine((codes) => new Set(codes).size === codes.length, 'Produto repetido.'),
  })
  .strict();
export type GiftTierBody = z.infer<typeof giftTierBody>;

export const giftProduct = z.object({
  code: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  imageUrl: z.string().nullable(),
  /** An inactive product stays in the tier but the shopper does not see it. */
  active: z.boolean(),
});
export type GiftProduct = z.infer<typeof giftProduct>;

export const consoleGiftTier = z.object({
  id: z.string(),
  name: z.string(),
  minOrderCents: z.number().int(),
  availableQuantity: z.number().int(),
  products: z.array(giftProduct),
});
export type ConsoleGiftTier = z.infer<typeof consoleGiftTier>;
export const giftTierList = z.object({ tiers: z.array(consoleGiftTier) });
export const giftTierParams = z.object({ tierId: z.string().min(1).max(80, 'Brinde inválido.') });

/** The tiers an order of `itemsCents` offers (as the cart shows them) and the next one it could reach. */
export function giftPreview(tiers: ConsoleGiftTier[], itemsCents: number) {
  const sorted = [...tiers].sort((a, b) => a.minOrderCents - b.minOrderCents);
  return {
    offered: sorted.filter((t) => itemsCents >= t.minOrderCents),
    next: sorted.find((t) => itemsCents < t.minOrderCents) ?? null,
  };
}
