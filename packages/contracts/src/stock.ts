/**
 * Stock words and messages shared by the server and the web app (issue 31, decision 0044). Quantities are whole
 * units, or grams for kilo products. Kept free of zod so the storefront's first route can import it.
 */

/** pt-BR messages of a quantity the stock cannot give (the server's refusals and the quantity input's). */
export const STOCK_MESSAGES = {
  stockShort: 'Só restam {left} de {name}.',
  stockShortOne: 'Só resta 1 unidade de {name}.',
  stockOut: 'Não há mais {name} em estoque.',
} as const;
export type StockMessageCode = keyof typeof STOCK_MESSAGES;

const kilos = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** "2 unidades", "1 unidade", "0,5 kg" (grams of a kilo product). */
export function stockAmountText(left: number, kilo: boolean): string {
  if (kilo) return `${kilos.format(left / 1000)} kg`;
  return left === 1 ? '1 unidade' : `${left} unidades`;
}

/** The refusal of a quantity beyond what is left: its code and params ("Só restam 2 unidades de Azeite …"). */
export function stockShortOf(
  name: string,
  left: number,
  kilo: boolean,
): { code: StockMessageCode; params: { name: string; left: string } } {
  const code: StockMessageCode =
    left <= 0 ? 'stockOut' : left === 1 && !kilo ? 'stockShortOne' : 'stockShort';
  return { code, params: { name, left: stockAmountText(Math.max(left, 0), kilo) } };
}

/** The message of stockShortOf, written out. */
export function stockShortMessage(name: string, left: number, kilo: boolean): string {
  const { code, params } = stockShortOf(name, left, kilo);
  return STOCK_MESSAGES[code].replace('{left}', params.left).replace('{name}', params.name);
}

/** Why stock moved (stock_movements.reason). */
export const STOCK_REASONS = [
  'sale_held',
  'sale_released',
  'cancel',
  'payment_expired',
  'sold',
  'adjustment',
  'import',
  'tray_sync',
  'inventory_api',
  'return',
  'edit',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** pt-BR names of the reasons (the console's movement history). */
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  sale_held: 'Reservado por pedido',
  sale_released: 'Reserva liberada',
  cancel: 'Pedido cancelado',
  payment_expired: 'Pagamento expirado',
  sold: 'Vendido (pedido finalizado)',
  adjustment: 'Ajuste',
  import: 'Planilha',
  tray_sync: 'Sincronização Tray',
  inventory_api: 'API de estoque',
  return: 'Devolução',
  edit: 'Edição de pedido',
};

/** Who moved stock (stock_movements.actor). */
export type StockActor = 'shopper' | 'agent' | 'staff' | 'platform' | 'system';

/** Whether a unit with `left` (null or absent: unlimited) is sold out. */
export function isSoldOut(left: number | null | undefined): boolean {
  return left !== null && left !== undefined && left <= 0;
}

/**
 * The largest whole quantity a shopper may ask of a unit with `left` units (grams for kilo products, a quantity
 * counting portions of `amountInKilo` kg); null when unlimited.
 */
export function maxQuantityOf(
  left: number | null | undefined,
  soldInKilo: boolean,
  amountInKilo: number | null,
): number | null {
  if (left === null || left === undefined) return null;
  const per = soldInKilo ? Math.round((amountInKilo ?? 1) * 1000) : 1;
  return Math.max(0, Math.floor(left / per));
}
