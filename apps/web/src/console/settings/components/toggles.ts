/** Labels of the settings form's switches and steps (pt-BR). */
import type { EditableSettings } from '@vitrine/contracts/console-settings';

type BooleanKey = {
  [K in keyof EditableSettings]: EditableSettings[K] extends boolean ? K : never;
}[keyof EditableSettings];

export const CATALOG_TOGGLES: [BooleanKey, string][] = [
  ['hiddenInactiveProducts', 'Esconder produtos inativos'],
  ['disableRestrictedProducts', 'Cliente não compra produtos de venda restrita'],
  ['hideAttributes', 'Esconder atributos dos produtos'],
  ['showSpecifications', 'Mostrar especificações'],
];
export const CHECKOUT_TOGGLES: [BooleanKey, string][] = [
  ['enableCnpj', 'Pedir CNPJ (compra como empresa)'],
  ['enableBirthDate', 'Pedir data de nascimento'],
  ['enableManualPrices', 'Preços manuais pelo atendente'],
  ['logistics', 'Entrega e retirada'],
  ['showSellerOptions', 'Escolha de loja'],
  ['canUseCoupon', 'Aceitar cupons'],
  ['allowShippingRestrictedProducts', 'Entregar produtos com restrição de entrega'],
  ['externalLogistic', 'Logística externa'],
];
export const STEP_LABELS: Record<string, string> = {
  Start: 'Início',
  Catalog: 'Catálogo',
  Identify: 'Identificação',
  Logistic: 'Entrega',
  Payment: 'Pagamento',
  Schedule: 'Agendamento',
  Seller: 'Loja',
};
