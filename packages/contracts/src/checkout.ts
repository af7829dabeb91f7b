/** Agent checkout calls of spec §7 (`/api/order/logistic/` … `/api/order/price-tables/{id}`, customer, confirm). */
import { z } from 'zod';
import { birthDateSchema, cnpjSchema, cpfSchema, emailSchema, nameSchema } from './validation-schemas.ts';
import { VALIDATION_MESSAGES } from './validators.ts';
import { customer as contactCustomer } from './contact.ts';

const reais = z.number();
const optionalText = z.string().trim().max(200).nullish();

export const ADDRESS_TYPES = ['Casa', 'Trabalho', 'Outro'] as const;

/** 'Novo endereço' payload; a missing required field fails with 'Preencha os campos obrigatórios'. */
export const newAddressBody = z.object({
  type: z.enum(ADDRESS_TYPES).default('Outro'),
  name: z.string().trim().max(80).default(''),
  zipCode: z.string().default(''),
  street: z.string().trim().max(200).default(''),
  number: z.string().trim().max(20).default(''),
  complement: optionalText,
  neighborhood: z.string().trim().max(120).default(''),
  neighborhoodId: optionalText,
  city: z.string().trim().max(120).default(''),
  state: z.string().trim().max(40).default(''),
});
export type NewAddressBody = z.infer<typeof newAddressBody>;

/** `GET /api/order/address/cep/{postalCode}` result (CEP without hyphen). */
export const cepResult = z.object({
  zipCode: z.string(),
  street: z.string(),
  neighborhood: z.string(),
  neighborhoodId: z.string().nullable(),
  neighborhoods: z.array(z.object({ id: z.string(), name: z.string() })),
  city: z.string(),
  state: z.string(),
  geoCoordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type CepResult = z.infer<typeof cepResult>;

/** Spec §3 Customer; validated with the §5 messages (company fields checked only when isCorporate). */
export const customerBody = z
  .object({
    name: nameSchema,
    email: emailSchema,
    document: cpfSchema,
    birthDate: z.union([birthDateSchema, z.literal('')]).nullish(),
    isCorporate: z.boolean().default(false),
    corporateDocument: z.string().nullish(),
    corporateName: z.string().trim().max(200).nullish(),
    tradeName: z.string().trim().max(200).nullish(),
    stateInscription: z.string().trim().max(40).nullish(),
  })
  .superRefine((value, ctx) => {
    if (!value.isCorporate) return;
    if (!value.corporateDocument)
      ctx.addIssue({ code: 'custom', path: ['corporateDocument'], message: 'CNPJ é obrigatório.' });
    else if (!cnpjSchema.safeParse(value.corporateDocument).success)
      ctx.addIssue({ code: 'custom', path: ['corporateDocument'], message: VALIDATION_MESSAGES.cnpj });
    if (!value.corporateName)
      ctx.addIssue({ code: 'custom', path: ['corporateName'], message: 'Insira uma razão social.' });
    if (!value.tradeName)
      ctx.addIssue({ code: 'custom', path: ['tradeName'], message: 'Insira um nome fantasia.' });
  });
export type CustomerBody = z.infer<typeof customerBody>;

/** Customer of spec §3 as `POST /api/customer/update` answers it: the session's customer without the phone. */
export const customer = contactCustomer.omit({ phone: true });
export type Customer = z.infer<typeof customer>;

/** Spec §3 Seller option. */
export const sellerOption = z.object({
  providerId: z.string(),
  name: z.string(),
  address: z.string(),
  serviceTax: reais,
  allowedPriceTables: z.array(z.string()),
  useDefaultPriceTable: z.boolean(),
  defaultPriceTable: z.string().nullable(),
});
export type SellerOption = z.infer<typeof sellerOption>;

/** `POST /api/order/seller/` body (agents): the chosen seller's providerId. */
export const sellerBody = z.object({ providerId: z.string().max(100) });
export type SellerBody = z.infer<typeof sellerBody>;

/** `GET /api/order/price-tables` item. */
export const priceTable = z.object({ id: z.string(), name: z.string() });
export type PriceTable = z.infer<typeof priceTable>;

/** type 0 = pickup, 1 = delivery; code = CEP, number = house number (both optional). */
export const logisticQuery = z.object({
  type: z.coerce.number().int().min(0).max(1).default(1),
  code: z.string().max(20).optional(),
  number: z.string().max(20).optional(),
});
export type LogisticQuery = z.infer<typeof logisticQuery>;

/** Spec §3 Logistic option. */
export const logisticOption = z.object({
  providerId: z.string(),
  type: z.number().int(),
  name: z.string(),
  price: reais,
  orderMinPrice: reais.nullable(),
  maxDistinctItems: z.number().int().nullable(),
  maxItemsAmout: z.number().int().nullable(),
  shippingTimeEstimative: z.string().nullable(),
  minShippingTimeEstimative: z.string().nullable(),
  storeName: z.string(),
  description: z.string().nullable(),
  storePickUpAddress: z
    .object({ name: z.string(), street: z.string(), number: z.string(), neighborhood: z.string() })
    .nullable(),
});
export type LogisticOption = z.infer<typeof logisticOption>;

/** Selected logistic; `addressIndex` picks the delivery address (index into the contact's address list). */
export const selectLogisticBody = z.object({
  providerId: z.string().max(100).nullish(),
  type: z.number().int().min(0).max(1),
  price: reais.optional(),
  addressIndex: z.number().int().min(0).nullish(),
});
export type SelectLogisticBody = z.infer<typeof selectLogisticBody>;

/** Manual freight: 'Grátis' or 'Customizado' with an amount in reais; `code` (query) names the pickup store. */
export const manualLogisticBody = z.object({
  type: z.number().int().min(0).max(1).default(0),
  freight: z.enum(['Grátis', 'Customizado']),
  amount: z.number().min(0).max(100000).default(0),
  addressIndex: z.number().int().min(0).nullish(),
});
export type ManualLogisticBody = z.infer<typeof manualLogisticBody>;

/** A delivery slot of `GET /api/order/schedule`; `scheduleUntil` is the ISO instant of the order-by cut-off. */
export const scheduleSlot = z.object({
  id: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  scheduleUntil: z.string(),
  enabled: z.boolean(),
});
export type ScheduleSlot = z.infer<typeof scheduleSlot>;

/** A delivery day (`day`: yyyy-mm-dd) with its slots. */
export const scheduleDay = z.object({
  header: z.string(),
  day: z.string(),
  options: z.array(scheduleSlot),
});
export type ScheduleDay = z.infer<typeof scheduleDay>;

/** `POST /api/order/schedule` body: the chosen slot. */
export const scheduleBody = z.object({ id: z.string().max(100) });
export type ScheduleBody = z.infer<typeof scheduleBody>;

/** Spec §3 Payment option. */
export const paymentOption = z.object({
  id: z.string(),
  method: z.number().int(),
  name: z.string(),
  payOnDelivery: z.boolean(),
  group: z.string().nullable(),
  providerId: z.string().nullable(),
});
export type PaymentOption = z.infer<typeof paymentOption>;

/** `POST /api/order/payment/delivery`: pay on delivery with a mean; `type` is its group, `cashAmount` reais. */
export const deliveryPaymentBody = z.object({
  providerId: z.string().max(100),
  type: z.string().max(100).nullish(),
  cashAmount: z.number().min(0).max(1_000_000).nullish(),
});
export type DeliveryPaymentBody = z.infer<typeof deliveryPaymentBody>;

/** Agent confirm payload (the checkout form's customer fields, the payment method and manual information). */
export const agentConfirmBody = z.object({
  name: z.string().nullish(),
  email: z.string().nullish(),
  document: z.string().nullish(),
  birthDate: z.string().nullish(),
  isCorporate: z.boolean().nullish(),
  corporateDocument: z.string().nullish(),
  corporateName: z.string().nullish(),
  tradeName: z.string().nullish(),
  stateInscription: z.string().nullish(),
  paymentMethod: z.number().int().nullish(),
  manualPaymentInformation: z.string().max(500).nullish(),
});
export type AgentConfirmBody = z.infer<typeof agentConfirmBody>;
