/**
 * Server error catalogue: `ERRORS` holds the stable error codes with their pt-BR messages (`{name}`
 * placeholders take params). The client's per-call messages of spec §8 are in call-errors.ts.
 */
import { PRODUCT_MESSAGES } from './product-messages.ts';

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
  orderNotCurrent:
    'Este pedido não é mais o pedido em aberto deste cliente. Atualize a página para ver o pedido atual.',
  invalidStatusTransition: 'Não é possível mudar o pedido de {from} para {to}.',
  tooManyRequests: 'Muitas requisições. Tente novamente em instantes.',
  databaseUnavailable: 'Banco de dados indisponível.',
  internal: 'Erro interno. Tente novamente.',
  // Order items, gifts and customer confirm (modules/order, flows/confirm-order).
  ...PRODUCT_MESSAGES,
  variantNotFound: 'Variação do produto não encontrada.',
  variantUnavailable: 'Esta variação do produto está indisponível.',
  subscriptionUnavailable: 'Esta assinatura não está disponível para o produto.',
  quantityNotWhole: 'A quantidade deve ser um número inteiro.',
  quantityKiloStep: 'Para produtos vendidos por quilo, a quantidade deve ser múltipla de {step}.',
  orderItemNotFound: 'Item não encontrado no pedido.',
  orderItemMismatch: 'Os dados enviados não correspondem ao item {index} do pedido.',
  orderLinesLimit: 'O pedido pode ter no máximo {max} itens diferentes.',
  orderAmountLimit: 'O valor do pedido excede o limite permitido.',
  giftNotEditable: 'Brindes não podem ser alterados ou removidos pelo carrinho; use a seleção de brindes.',
  giftGroupNotFound: 'Grupo de brindes não encontrado.',
  giftGroupUnavailable: 'Este grupo de brindes não está disponível para o valor atual do pedido.',
  giftNotFound: 'Brinde não encontrado neste grupo.',
  giftDuplicated: 'Cada brinde pode ser escolhido uma única vez por grupo.',
  giftTooMany: 'Você pode escolher no máximo {max} brinde(s) neste grupo.',
  orderEmpty: 'Adicione itens ao pedido.',
  orderMinValue: 'O valor mínimo do seu pedido é {amount}',
  orderMaxDistinctItems: 'O máximo de itens distintos do seu pedido é {max}',
  orderMaxItems: 'O máximo de itens do seu pedido é {max}',
  orderItemUnavailable: 'O item "{name}" não está mais disponível.',
  // Tray integration (modules/tray).
  trayNotConfigured: 'A integração com a Tray não está configurada neste servidor.',
  trayChatbotInvalid: 'ID ou token do chatbot inválidos.',
  trayApiAddressInvalid: 'Endereço da API da Tray inválido: {detail}',
  trayCodeUsed: 'Este código de autorização já foi usado. Autorize o aplicativo novamente na sua loja Tray.',
  trayCodeRejected:
    'A Tray recusou o código de autorização (inválido ou expirado). Autorize o aplicativo novamente na sua loja Tray.',
  trayStoreMismatch: 'A autorização recebida é de outra loja Tray. Autorize o aplicativo na loja vinculada.',
  trayUnavailable: 'Não foi possível falar com a Tray agora. Tente novamente em instantes.',
  trayRateLimited: 'A Tray limitou as requisições. Tente novamente em instantes.',
  trayStoreNotLinked: 'Esta loja Tray não está vinculada a nenhum chatbot.',
  trayShopNotLinked: 'Esta loja não está vinculada à Tray.',
  trayReauthorize: 'A autorização da Tray expirou. Autorize o aplicativo novamente na sua loja Tray.',
  trayImportFailed: 'Falha ao importar o catálogo da Tray: {detail}',
  trayProductsSkipped:
    '{count} produto(s) com dados inválidos na Tray não foram importados (ids: {ids}). Corrija-os na Tray e sincronize de novo.',
  // Messaging, outbox and Pix (modules/messaging, modules/outbox, modules/pix).
  catalogSearchTermRequired: 'Informe o termo de busca.',
  catalogSelectionInvalid: 'Escolha apenas um tipo de catálogo: categoria, coleção ou busca.',
  contactRequired: 'Esta sessão não tem um contato para receber a mensagem.',
  idempotencyKeyReused: 'Esta chave de idempotência já foi usada com outro conteúdo.',
  idempotencyKeyInvalid: 'Chave de idempotência inválida.',
  channelNotConfigured: 'O canal de mensagens não está configurado para esta loja.',
  pixNotConfigured: 'A chave Pix da loja não está configurada.',
  pixInvalid: 'Não foi possível gerar o Pix: {detail}',
  devInboxDisabled: 'A caixa de entrada de demonstração só existe no modo demo.',
  pixCodeInvalid: 'Código Pix inválido.',
  credentialsKeyMissing:
    'A chave de criptografia das credenciais (MESSAGING_CREDENTIALS_KEY) não está configurada neste servidor.',
  // Agent checkout (modules/checkout, modules/logistics, modules/customer, adapters/cep).
  addressRequiredFields: 'Preencha os campos obrigatórios',
  addressNotFound: 'Endereço não encontrado.',
  cepInvalid: 'CEP inválido',
  cepNotFound: 'CEP não encontrado.',
  cepUnavailable: 'Não foi possível consultar o CEP agora. Tente novamente em instantes.',
  contactOnlySelf: 'Um contato só pode atualizar os próprios dados.',
  sellerNotFound: 'Loja não encontrada para este pedido.',
  sellerRequired: 'Selecione uma loja primeiro.',
  priceTableNotFound: 'Tabela de preço não encontrada.',
  priceTableNotAllowed: 'Esta tabela de preço não está disponível para a loja selecionada.',
  logisticNotFound: 'Opção de entrega não encontrada.',
  logisticUnavailable: 'Nenhuma opção de entrega disponível para este endereço.',
  deliveryRestricted: 'Alguns itens do pedido só estão disponíveis para a modalidade de retirada em loja',
  manualPricesDisabled: 'Frete manual só está disponível no modo de preços manuais.',
  slotNotFound: 'Horário de entrega não encontrado.',
  slotUnavailable: 'Este horário de entrega não está mais disponível.',
  paymentMethodUnavailable: 'Forma de pagamento indisponível para este pedido.',
  paymentOptionNotFound: 'Opção de pagamento na entrega não encontrada.',
  cashAmountTooLow: 'O valor deve ser maior que o valor do pedido!',
  couponDisabled: 'Esta loja não aceita cupons.',
  couponNotFound: 'Cupom não encontrado.',
  couponNotStarted: 'Este cupom ainda não está válido.',
  couponExpired: 'Este cupom expirou.',
  couponMinValue: 'Este cupom exige um pedido mínimo de {amount}.',
  couponBelowMinimum:
    'O cupom {code} exige um pedido mínimo de {amount}: o desconto volta quando o pedido alcançar esse valor.',
  couponUsageLimit: 'Este cupom atingiu o limite de usos.',
  couponCustomerLimit: 'Você já usou este cupom o número máximo de vezes.',
  discountInvalid: 'O desconto deve ser um valor entre R$ 0,00 e o valor dos itens ({amount}).',
  confirmMissingName: 'Informe o nome do cliente.',
  confirmMissingEmail: 'Informe o e-mail do cliente.',
  confirmMissingDocument: 'Informe o CPF do cliente.',
  confirmInvalidBirthDate: 'Data de nascimento inválida',
  confirmMissingPaymentOption: 'Informe os dados do pagamento manual.',
  confirmMissingCorporate: 'Informe razão social, CNPJ e nome fantasia da pessoa jurídica.',
  confirmMissingLogistic: 'Selecione uma forma de entrega.',
  confirmMissingAddress: 'Selecione o endereço de entrega.',
  confirmMissingPaymentMethod: 'Selecione uma forma de pagamento.',
  confirmMissingSeller: 'Selecione uma loja.',
  confirmMissingSchedule: 'Selecione o dia e o horário de entrega.',
  confirmMissingDeliveryOption: 'Selecione a opção de pagamento na entrega.',
  confirmCashAmount: 'O valor deve ser maior que o valor do pedido!',
  orderAlreadyCanceled: 'Este pedido foi cancelado.',
  // Payments (modules/payment, flows/payment-*, adapters/payments, adapters/recaptcha).
  paymentMethodNotFound: 'Método de pagamento não encontrado',
  paymentMethodNotCreditCard: 'Método de pagamento não é cartão de crédito',
  paymentMethodNotPixOrBoleto: 'Este pedido não é pago por Pix ou boleto.',
  paymentNotFound: 'Pagamento não encontrado.',
  paymentInProgress: 'Já existe um pagamento em andamento para este pedido. Aguarde alguns instantes.',
  paymentGatewayUnavailable:
    'Não foi possível falar com o meio de pagamento agora. Tente novamente em instantes.',
  paymentGatewayNotConfigured: 'O meio de pagamento desta loja não está configurado.',
  paymentAmountMismatch: 'O valor informado não corresponde ao total do pedido.',
  installmentsUnavailable: 'Opção de parcelamento indisponível para este pedido.',
  idempotencyKeyRequired:
    'Idempotency-Key obrigatório: envie o cabeçalho Idempotency-Key com uma chave por tentativa.',
  recaptchaFailed: 'Houve um problema na validação do ReCaptcha, por favor tente novamente',
  webhookSignatureInvalid: 'Assinatura do webhook inválida.',
  webhookPaymentUnknown: 'Pagamento ainda não registrado; tente a notificação novamente.',
} as const;
export type ErrorCode = keyof typeof ERRORS;

/** Fills `{name}` placeholders of a catalogue message. */
export function errorMessage(code: string, params: Record<string, string | number> = {}): string {
  const template = (ERRORS as Record<string, string>)[code] ?? ERRORS.internal;
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
}
