/**
 * Server error catalogue: `ERRORS` holds the stable error codes with their pt-BR messages (`{name}`
 * placeholders take params). The client's per-call messages of spec §8 are in call-errors.ts.
 */
import { ORDER_EDIT_MESSAGES } from './order-edit-messages.ts';
import { PRODUCT_MESSAGES } from './product-messages.ts';
import { REFUND_MESSAGES } from './refund-messages.ts';
import { STOCK_MESSAGES } from './stock.ts';

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
  // Edge refusals (apps/server/src/plugins/input-guard.ts, rate-limits.ts, demo-only.ts).
  invalidEncoding: 'A requisição contém caracteres inválidos (byte nulo ou UTF-8 inválido).',
  invalidUrl: 'Endereço inválido: a codificação da URL está malformada.',
  paramTooLong: 'Um parâmetro do endereço é longo demais.',
  headersTooLarge: 'O endereço ou os cabeçalhos da requisição são grandes demais.',
  badRequest: 'Requisição HTTP malformada.',
  requestTimeout: 'A requisição demorou demais para chegar.',
  jsonTooDeep: 'O JSON enviado tem níveis demais.',
  rateLimited: 'Muitas tentativas. Tente novamente em {wait}.',
  rateLimitUnavailable:
    'Não foi possível conferir o limite de tentativas agora. Tente novamente em instantes.',
  demoLocalOnly: 'A caixa de entrada de demonstração só abre neste computador ou com a chave da plataforma.',
  documentLinkInvalid: 'Link do documento inválido ou expirado. Peça um novo link na conversa.',
  databaseUnavailable: 'Banco de dados indisponível.',
  internal: 'Erro interno. Tente novamente.',
  // Order items, gifts and customer confirm (modules/order, flows/confirm-order).
  ...PRODUCT_MESSAGES,
  // Stock (modules/stock, decision 0044): a confirm, a new charge or a quantity the stock cannot give.
  ...STOCK_MESSAGES,
  // Refunds and returns (modules/payment refund-*, decision 0050).
  ...REFUND_MESSAGES,
  // Order edits with the contact's agreement (flows/orders/order-edits.ts, decision 0053).
  ...ORDER_EDIT_MESSAGES,
  stockBelowHeld:
    'O estoque não pode ficar abaixo das unidades já reservadas por pedidos confirmados: cancele ou finalize os pedidos, ou permita vender sem estoque.',
  stockUnitNotFound: 'Produto ou variação não encontrado nesta loja.',
  inventoryUnknownSkus: 'SKU(s) desconhecido(s) nesta loja: {skus}. Nada foi alterado.',
  inventoryAmbiguousSkus:
    'SKU(s) usado(s) por mais de um produto ou variação: {skus}. Corrija os SKUs na loja; nada foi alterado.',
  inventoryDuplicateSkus: 'SKU(s) repetido(s) na lista: {skus}. Envie cada SKU uma vez; nada foi alterado.',
  inventoryBelowHeld:
    'O estoque de {skus} ficaria abaixo das unidades reservadas por pedidos confirmados. Nada foi alterado.',
  inventoryTooManySkus: 'Consulte no máximo 100 SKUs por vez.',
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
  trayDailyBudget:
    'Limite diário de requisições da Tray quase esgotado ({used} de {limit} hoje); a importação continua amanhã.',
  trayBudgetLow: 'Limite diário da Tray: {used} de {limit} requisições usadas hoje.',
  trayProductsSkipped:
    '{count} produto(s) com dados inválidos na Tray não foram importados (ids: {ids}). Corrija-os na Tray e sincronize de novo.',
  // Messaging, outbox and Pix (modules/messaging, modules/outbox, modules/payment/pix.ts).
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
  // Console 'Vendas › Tabelas de preço' (modules/checkout/price-table-admin.ts, decision 0039).
  priceTableNameTaken: 'Já existe uma tabela de preço com este nome.',
  priceTableInUse: 'A tabela é usada pelas lojas {stores}: tire-a delas em Entrega › Lojas antes de excluir.',
  priceTableProductsUnknown:
    '{count} produto(s) ou variação(ões) da lista não existem mais nesta loja. Recarregue a tabela e tente de novo.',
  priceTableStoreUnknown: 'Tabela de preço não encontrada nesta loja: recarregue a página e escolha de novo.',
  priceSheetUnreadable: '{detail}',
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
  couponInactive: 'Este cupom não está ativo.',
  couponOtherContact: 'Este cupom foi enviado a outro cliente e só vale para ele.',
  couponFirstOrderOnly: 'Este cupom vale só para a primeira compra.',
  couponCodeTaken: 'Já existe um cupom com este código.',
  giftTierNotFound: 'Brinde não encontrado.',
  giftTierInOrders: 'Este brinde já foi escolhido em carrinhos ou pedidos: edite-o em vez de excluir.',
  giftProductNotFound: 'Produto não encontrado: {code}.',
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
  boletoPayerIncomplete: 'Para gerar o boleto, o cliente precisa de CPF (ou CNPJ) e endereço completo.',
  paymentAmountMismatch: 'O valor informado não corresponde ao total do pedido.',
  installmentsUnavailable: 'Opção de parcelamento indisponível para este pedido.',
  idempotencyKeyRequired:
    'Idempotency-Key obrigatório: envie o cabeçalho Idempotency-Key com uma chave por tentativa.',
  recaptchaFailed: 'Houve um problema na validação do ReCaptcha, por favor tente novamente',
  webhookSignatureInvalid: 'Assinatura do webhook inválida.',
  whatsappVerifyRefused: 'Verificação do webhook do WhatsApp recusada: confira o token de verificação.',
  whatsappWebhookInvalid: 'Notificação do WhatsApp inválida.',
  webhookPaymentUnknown: 'Pagamento ainda não registrado; tente a notificação novamente.',
  // Payments recorded by hand and the ledger (modules/payment/manual.ts; decision 0046).
  paymentRecordNotAllowed:
    'Só proprietário e gerente registram pagamentos nesta loja (a loja pode liberar para atendentes em Pagamentos › Formas de pagamento).',
  paymentRecordFuture: 'A data do pagamento não pode estar no futuro.',
  paymentRecordTokenReused: 'Esta chave já registrou outro pagamento. Recarregue a página e tente de novo.',
  paymentEntryNotFound: 'Pagamento não encontrado neste pedido.',
  paymentUndoOnlyManual: 'Só um pagamento registrado à mão pode ser desfeito.',
  paymentUndoDayOver: 'Só dá para desfazer no mesmo dia em que o pagamento foi registrado.',
  paymentAlreadyReversed: 'Este pagamento já foi desfeito ou devolvido.',
  paymentRefundOnlyBank: 'Só um Pix recebido no banco pode ser devolvido por aqui.',
  pixBankNotConfigured: 'Configure o Pix no banco (API Pix) em Conta de pagamento.',
  pixBankUnavailable: 'O banco não respondeu. Tente de novo em instantes.',
  pixBankWebhookInvalid: 'Notificação Pix recusada.',
  // Shop console (modules/staff, modules/audit, flows/onboard-shop; docs/decisions/0017-shop-console.md).
  consoleSignInRequired: 'Entre no console da loja para continuar.',
  consoleSessionExpired: 'Sua sessão do console expirou. Entre novamente.',
  consoleCsrfInvalid: 'Requisição recusada: recarregue a página e tente de novo.',
  consoleRoleTooLow: 'Seu papel nesta loja não permite esta ação.',
  consoleShopNotFound: 'Loja não encontrada.',
  signInFailed: 'E-mail ou senha incorretos.',
  linkInvalid: 'Este link é inválido, já foi usado ou expirou. Peça um novo.',
  invitationNeedsPassword: 'Informe sua senha atual para aceitar o convite com a conta existente.',
  invitationNeedsName: 'Informe seu nome e crie uma senha para aceitar o convite.',
  invitationAlreadyMember: 'Esta pessoa já faz parte da equipe da loja.',
  staffNotFound: 'Pessoa não encontrada na equipe desta loja.',
  invitationNotFound: 'Convite não encontrado.',
  lastOwner: 'A loja precisa de pelo menos um proprietário.',
  staffUserNotFound: 'Nenhuma pessoa da equipe desta loja tem este e-mail.',
  shopSlugTaken: 'Já existe uma loja com o endereço "{slug}". Escolha outro.',
  emailNotConfigured: 'O envio de e-mails não está configurado neste servidor.',
  // Shop settings (docs/decisions/0021-shop-settings.md).
  contactNotFound: 'Contato não encontrado nesta loja.',
  logoInvalid: 'O arquivo não é uma imagem PNG, JPEG ou WebP válida (do tipo informado).',
  // Product photos (modules/photos; docs/decisions/0032-product-photos.md).
  photoInvalid: 'O arquivo não é uma imagem JPEG, PNG, WebP, AVIF ou GIF válida.',
  photoTooLarge: 'A foto é grande demais: envie arquivos de até {max} MB e {pixels} megapixels.',
  photoLimit: 'Este produto já tem {max} fotos: exclua uma antes de enviar outra.',
  photoNotFound: 'Foto não encontrada neste produto.',
  photoOrderInvalid: 'A nova ordem deve trazer cada foto do produto uma vez.',
  // Orders board (flows/orders/manage.ts; docs/decisions/0022-orders-board-and-live-events.md).
  boardOrderNotFound: 'Pedido não encontrado nesta loja.',
  boardCursorInvalid: 'Página inválida: recarregue a lista de pedidos.',
  boardDateRange: 'A data inicial deve ser anterior ou igual à data final.',
  // Relatórios (flows/reports/sales.ts; docs/decisions/0056-sales-reports.md).
  reportRangeInverted: 'A data inicial do relatório deve ser anterior ou igual à data final.',
  reportRangeTooLong: 'O período do relatório pode ter no máximo {max} dias.',
  reportTooManyDays: 'Por dia, o relatório mostra no máximo {max} dias: agrupe por semana ou mês.',
  reportAgentForbidden: 'Você só pode ver os seus próprios números.',
  fulfilmentRefused: 'Não é possível mudar a entrega do pedido de {from} para {to}.',
  fulfilmentOrderClosed: 'Pedido {status} não avança na entrega.',
  finalizeDelivered: 'Este pedido já foi entregue: ele é finalizado sozinho quando o pagamento é registrado.',
  refundDecisionRequired: 'Este pedido foi pago: informe se o valor será reembolsado ao cliente.',
  // Assistant suggestions of the platform API (flows/platform/assistant-suggestions.ts, issue 19).
  suggestedProductsUnknown: 'Produtos sugeridos não encontrados nesta loja: {ids}.',
  refundDecisionNotPaid: 'Este pedido não tem pagamento aprovado para reembolsar.',
  // Catalogue console (modules/catalog/product-writer.ts; docs/decisions/0031-catalogue-console.md).
  catalogProductNotFound: 'Produto não encontrado nesta loja.',
  catalogCodeTaken: 'Já existe um produto com o código "{code}".',
  catalogSkuTaken:
    'O SKU "{sku}" já é usado pelo produto de código "{code}": cada produto da loja tem o seu.',
  catalogCategoryNotFound: 'Categoria não encontrada nesta loja.',
  catalogCategoryCycle: 'Uma categoria não pode ficar dentro dela mesma nem de uma subcategoria sua.',
  catalogCodeMismatch: 'O código do produto não pode ser alterado.',
  catalogBulkNegative: 'A alteração deixaria preço negativo em {count} produto(s). Escolha um valor menor.',
  catalogBulkInvalid: 'Não foi possível alterar "{name}": {detail}',
  catalogBulkMissing: '{count} produto(s) selecionado(s) não existem mais nesta loja. Recarregue a lista.',
  catalogPageInvalid: 'Página inválida: recarregue a lista de produtos.',
  // Catalogue spreadsheets (flows/catalog/import.ts; docs/decisions/0033-catalogue-spreadsheets.md).
  catalogSheetUnreadable: '{detail}',
  catalogSheetTooLarge: 'A planilha passa de 20 MB. Divida-a em arquivos menores.',
  catalogSheetType:
    'Envie a planilha em CSV (no Excel: Salvar como › CSV UTF-8). Arquivos XLSX ainda não são aceitos.',
  catalogImportNotFound: 'Importação não encontrada nesta loja.',
  catalogImportEmpty:
    'Nenhum produto da planilha pode ser importado: corrija as linhas recusadas e envie de novo.',
  catalogImportPending: 'Já há uma importação em andamento nesta loja. Aguarde ela terminar.',
  catalogImportConfirmed: 'Esta importação já foi confirmada ou cancelada.',
  catalogCollectionNotFound: 'Coleção não encontrada nesta loja.',
  catalogCollectionProductsUnknown:
    '{count} produto(s) da lista não existem mais nesta loja. Recarregue a coleção e tente de novo.',
} as const;
export type ErrorCode = keyof typeof ERRORS;

/** Fills `{name}` placeholders of a catalogue message. */
export function errorMessage(code: string, params: Record<string, string | number> = {}): string {
  const template = (ERRORS as Record<string, string>)[code] ?? ERRORS.internal;
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
}
