/**
 * Product purchase messages the product page shows before the server would refuse the same add (kept apart from
 * the server catalogue in errors.ts, which the web bundle must not carry whole).
 */
export const PRODUCT_MESSAGES = {
  productInactive: 'Este produto está indisponível no estoque',
  productRestricted: 'Este produto tem venda restrita e só pode ser comprado com a ajuda de um atendente.',
  variantRequired: 'Selecione as opções do produto.',
} as const;
