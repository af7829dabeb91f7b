/**
 * Console 'Entrega' (issue 18): pickup stores and delivery options with where they deliver, as the owner or a
 * manager edits them, money in centavos, each rule's pt-BR message at its field. The logistics module's writer
 * (`modules/logistics/setup-repository.ts`) saves exactly these shapes.
 */
import { z } from 'zod';

const MAX_CENTS = 100_000_000;
export const feeCents = (label: string) =>
  z
    .number({ error: `Informe ${label}.` })
    .int(`Valor inválido.`)
    .min(0, `O valor não pode ser negativo.`)
    .max(MAX_CENTS, `Valor alto demais.`);
const required = (what: string, max: number) =>
  z
    .string({ error: `Informe ${what}.` })
    .trim()
    .min(1, `Informe ${what}.`)
    .max(max, `No máximo ${max} caracteres.`);
const optional = (max: number) => z.string().trim().max(max, `No máximo ${max} caracteres.`).nullable();
const count = (max: number) =>
  z.number().int('Informe um número inteiro.').min(1, 'Informe ao menos 1.').max(max, 'Número alto demais.');

/** A CEP as its 8 digits (the console's field drops the hyphen before sending). */
export const cepDigits = z.string({ error: 'Informe o CEP.' }).regex(/^\d{8}$/, 'CEP inválido');

/** 'HH:MM' of a 24-hour clock. */
export const clockTime = z
  .string({ error: 'Informe o horário.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Horário inválido: use HH:MM, por exemplo 08:30.');

export const WEEKDAY_LABELS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;
export const weekday = z
  .number({ error: 'Escolha o dia da semana.' })
  .int('Dia da semana inválido.')
  .min(0, 'Dia da semana inválido.')
  .max(6, 'Dia da semana inválido.');

/** One day's opening hours of a store. */
export const openingHours = z
  .object({ weekday, opens: clockTime, closes: clockTime })
  .strict()
  .refine((h) => h.closes > h.opens, {
    path: ['closes'],
    message: 'O fechamento deve ser depois da abertura.',
  });

export const storeBody = z
  .object({
    name: required('o nome da loja', 80),
    zipCode: cepDigits,
    street: required('a rua', 120),
    number: required('o número', 20),
    neighborhood: required('o bairro', 80),
    city: required('a cidade', 80),
    state: z
      .string({ error: 'Informe a UF.' })
      .regex(/^[A-Z]{2}$/, 'UF inválida: use a sigla, por exemplo SP.'),
    serviceFeeCents: feeCents('a taxa de serviço'),
    /** Orders can be picked up here (a 'Retirada em loja' option of this store). */
    pickup: z.boolean(),
    pickupEstimate: optional(60),
    openingHours: z
      .array(openingHours)
      .max(7, 'No máximo um horário por dia da semana.')
      .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, {
        message: 'Cada dia da semana aparece uma vez só.',
      }),
  })
  .strict();
export type StoreBody = z.infer<typeof storeBody>;
export const store = storeBody.extend({ id: z.string() });
export type Store = z.infer<typeof store>;
export const storeList = z.object({ stores: z.array(store) });

/** Where a delivery option delivers: a CEP range or a neighbourhood of a city, each with its own fee. */
export const deliveryArea = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('cep'), cepFrom: cepDigits, cepTo: cepDigits, feeCents: feeCents('a taxa') })
    .strict()
    .refine((a) => a.cepTo >= a.cepFrom, {
      path: ['cepTo'],
      message: 'O CEP final deve ser maior que o inicial.',
    }),
  z
    .object({
      kind: z.literal('neighborhood'),
      city: required('a cidade', 80),
      neighborhood: required('o bairro', 80),
      feeCents: feeCents('a taxa'),
    })
    .strict(),
]);
export type DeliveryArea = z.infer<typeof deliveryArea>;

export const deliveryOptionBody = z
  .object({
    name: required('o nome da opção', 80),
    description: optional(200),
    /** Free delivery from this order value on (null: never free). */
    freeAboveCents: feeCents('o valor').nullable(),
    orderMinCents: feeCents('o pedido mínimo').nullable(),
    maxDistinctItems: count(10_000).nullable(),
    maxItems: count(100_000).nullable(),
    estimate: optional(60),
    /** The store that delivers (null: the shop). */
    storeId: z.string().max(60).nullable(),
    areas: z
      .array(deliveryArea)
      .min(1, 'Informe ao menos uma área de entrega.')
      .max(200, 'No máximo 200 áreas.'),
  })
  .strict();
export type DeliveryOptionBody = z.infer<typeof deliveryOptionBody>;
export const deliveryOption = deliveryOptionBody.extend({ id: z.string() });
export type DeliveryOption = z.infer<typeof deliveryOption>;
export const deliveryOptionList = z.object({ options: z.array(deliveryOption) });
