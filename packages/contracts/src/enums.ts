/** Enumerations of spec §1 and §3, with their numeric wire values. */

export const ChannelType = { Messenger: 0, WhatsApp: 1, WebChat: 2, Instagram: 3 } as const;
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType];

export const SessionType = { Contact: 0, PlatformUser: 1, Chatbot: 2, None: 3 } as const;
export type SessionType = (typeof SessionType)[keyof typeof SessionType];

export const RecurrenceType = { Daily: 10, Weekly: 20, Monthly: 30, Yearly: 40 } as const;
export type RecurrenceType = (typeof RecurrenceType)[keyof typeof RecurrenceType];

export const PaymentMethod = {
  CreditCard: 0,
  Boleto: 1,
  BankDeposit: 2,
  Pix: 3,
  Cash: 4,
  OnDelivery: 5,
  Link: 6,
  Custom: 7,
  Nubank: 8,
  Pagueleve: 9,
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];

export const PaymentStatus = { Waiting: 0, Paid: 1, Expired: 2, Failed: 3, Canceled: 4 } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

export const FailureType = { ReCAPTCHA: 0, LimitExceeded: 1, InvalidData: 2, Unknown: 3 } as const;
export type FailureType = (typeof FailureType)[keyof typeof FailureType];

export const Gateway = {
  ShopProvider: 0,
  VitrinePay: 1,
  PagBrasil: 2,
  PagarMe: 3,
  FixPay: 4,
  MercadoPago: 5,
  Manual: 6,
} as const;
export type Gateway = (typeof Gateway)[keyof typeof Gateway];

/** Logistic type of the server enum. The checkout form uses 0 = pickup, 1 = delivery. */
export const LogisticType = { StorePickUp: 0, ExpressDelivery: 1, Shipping: 2 } as const;
export type LogisticType = (typeof LogisticType)[keyof typeof LogisticType];

export const OrderStatus = { Creating: 0, Received: 1, Finalized: 2, Canceled: 3, Error: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const SaleMode = { None: 0, AutomatedSale: 1, AssistedSale: 2, Both: 3 } as const;
export type SaleMode = (typeof SaleMode)[keyof typeof SaleMode];

export const Step = {
  Start: 'Start',
  Catalog: 'Catalog',
  Identify: 'Identify',
  Logistic: 'Logistic',
  Payment: 'Payment',
  Schedule: 'Schedule',
  Seller: 'Seller',
} as const;
export type Step = (typeof Step)[keyof typeof Step];
export const STEPS = Object.values(Step);

export const CatalogType = {
  Standard: 'Standard',
  ShowCategory: 'ShowCategory',
  ShowCollection: 'ShowCollection',
  ShowQuery: 'ShowQuery',
} as const;
export type CatalogType = (typeof CatalogType)[keyof typeof CatalogType];

export const AddressType = { Casa: 'Casa', Trabalho: 'Trabalho', Outro: 'Outro' } as const;
export type AddressType = (typeof AddressType)[keyof typeof AddressType];

/** Channel names used by the platform API, mapped to the numeric channel type. */
export const CHANNEL_BY_NAME = {
  messenger: ChannelType.Messenger,
  whatsapp: ChannelType.WhatsApp,
  webchat: ChannelType.WebChat,
  instagram: ChannelType.Instagram,
} as const;
export type ChannelName = keyof typeof CHANNEL_BY_NAME;
