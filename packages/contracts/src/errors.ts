/**
 * Error catalogue.
 * - `CALL_ERRORS`: the default message the client shows for each failed call (spec §8), keyed by call.
 * - `ERRORS`: the server's stable error codes with their pt-BR messages; `{name}` placeholders take params.
 */

export const CALL_ERRORS = {
  session: 'Falha na sessão',
  shopSettings: 'Falha ao buscar configurações da loja',
  categories: 'Falha ao listar categorias',
  products: 'Falha ao listar produtos',
  product: 'Falha ao retornar produto',
  productsByIds: 'Falha ao retornar produtos',
  facets: 'Falha ao retornar as facetas de produtos',
  currentOrder: 'Falha ao carregar pedido',
  paymentAccount: 'Falha ao carregar conta de pagamento',
  addItem: 'Falha ao adicionar item ao pedido',
  addGift: 'Falha ao adicionar brinde ao pedido',
  confirmOrder: 'Falha ao confirmar pedido',
  installments: 'Falha ao atualizar opcao de parcelamento',
  creditPayment: 'Falha ao finalizar pagamento',
  paymentUpdate: 'Falha ao alterar método de pagamento do pedido',
  creditOptions: 'Falha ao listar opções de cartão de crédito',
  logisticOptions: 'Falha ao listar opções de entrega',
  paymentOptions: 'Falha ao listar opções de entrega',
  sellerOptions: 'Falha ao listar opções de entrega',
  setLogistic: 'Falha ao setar opção de entrega',
  manualLogistic: 'Falha ao definir logistica',
  stores: 'Falha ao listar lojas',
  deliveryPayment: 'Falha ao definir pagamento',
  setSeller: 'Falha ao definir opção de entrega',
  paymentMethod: 'Falha ao definir opção de entrega',
  schedule: 'Falha ao listar horarios de entrega',
  setSchedule: 'Falha ao definir horarios de entrega',
  mercadoPago: 'Falha ao definir horarios de entrega',
  coupon: 'Falha ao setar cupom',
  discount: 'Falha ao definir desconto',
  cep: 'Falha ao buscar endereço por CEP',
  manualPix: 'Falha ao buscar endereço por CEP',
  addAddress: 'Falha ao adicionar endereço',
  sendProduct: 'Falha ao enviar detalhes do produto',
  sendResume: 'Falha ao enviar resumo',
  semiAutomatic: 'Falha ao jogar para o fluxo semiautomatico',
  sendCatalog: 'Falha ao enviar catálogo',
  updateCustomer: 'Falha ao salvar cliente',
  agentConfirm: 'Falha ao finalizar pedido',
  cancelOrder: 'Falha ao cancelar pedido',
  priceTables: 'Falha ao listar opções de tabela de preço',
  setPriceTable: 'Falha ao definir tabela de preço',
} as const;
export type CallName = keyof typeof CALL_ERRORS;

/** HTTP-facing kinds of AppError; one handler maps each to a status. */
export const ERROR_KIND_STATUS = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unprocessable: 422,
  rateLimited: 429,
  unavailable: 503,
  internal: 500,
} as const;
export type ErrorKind = keyof typeof ERROR_KIND_STATUS;

export const ERRORS = {
  invalidInput: 'Dados inválidos: {detail}',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  bodyTooLarge: 'O corpo da requisição é grande demais.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado.',
  routeNotFound: 'Recurso não encontrado.',
  methodNotAllowed: 'Método não permitido.',
  sessionRequired: 'Sessão não informada. Abra o link recebido na conversa.',
  sessionInvalid: 'Sessão inválida ou expirada.',
  platformKeyInvalid: 'Chave da plataforma inválida.',
  agentOnly: 'Apenas atendentes podem fazer isso.',
  shopNotFound: 'Loja não encontrada.',
  orderNotFound: 'Pedido não encontrado.',
  productNotFound: 'Produto não encontrado.',
  categoryNotFound: 'Categoria não encontrada.',
  collectionNotFound: 'Coleção não encontrada.',
  orderNotEditable: 'Este pedido não pode mais ser alterado.',
  invalidStatusTransition: 'Não é possível mudar o pedido de {from} para {to}.',
  tooManyRequests: 'Muitas requisições. Tente novamente em instantes.',
  databaseUnavailable: 'Banco de dados indisponível.',
  internal: 'Erro interno. Tente novamente.',
} as const;
export type ErrorCode = keyof typeof ERRORS;

/** Fills `{name}` placeholders of a catalogue message. */
export function errorMessage(code: string, params: Record<string, string | number> = {}): string {
  const template = (ERRORS as Record<string, string>)[code] ?? ERRORS.internal;
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
}
