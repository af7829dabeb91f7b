/**
 * Console 'Entrega' (issue 18): pickup stores and delivery options with where they deliver, as the owner or a
 * manager edits them, money in centavos, each rule's pt-BR message at its field. The logistics module's writer
 * (`modules/logistics/setup-repository.ts`) saves exactly these shapes.
 */
import { z } from 'zod';
import { estimateText, readEstimate } from './delivery-estimate';

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
/** A delivery or pickup estimate (delivery-estimate.ts), kept as its one canonical sentence; blank is none. */
const estimate = z
  .string()
  .trim()
  .nullable()
  .refine(
    (text) => !text || readEstimate(text) !== null,
    'Escolha o prazo: no mesmo dia, em horas, em dias ou em dias úteis.',
  )
  .transform((text) => {
    const read = text ? readEstimate(text) : null;
    return read ? estimateText(read) : null;
  });
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

/**
 * The price tables a store's agents may use (none ticked: all of the shop's) and the default one, applied to
 * the cart when the store is chosen if `useDefault` (decision 0039). Ids are the console's table ids.
 */
export const storePriceTables = z
  .object({
    allowed: z
      .array(z.string().min(1).max(80))
      .max(100, 'No máximo 100 tabelas.')
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Cada tabela aparece uma vez só.' }),
    defaultId: z.string().min(1).max(80).nullable(),
    useDefault: z.boolean(),
  })
  .strict()
  .refine((t) => !t.useDefault || t.defaultId !== null, {
    path: ['defaultId'],
    message: 'Escolha a tabela padrão para aplicá-la automaticamente.',
  })
  .refine((t) => t.defaultId === null || t.allowed.length === 0 || t.allowed.includes(t.defaultId), {
    path: ['defaultId'],
    message: 'A tabela padrão precisa estar entre as permitidas.',
  });
export type StorePriceTables = z.infer<typeof storePriceTables>;

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
    pickupEstimate: estimate,
    openingHours: z
      .array(openingHours)
      .max(7, 'No máximo um horário por dia da semana.')
      .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, {
        message: 'Cada dia da semana aparece uma vez só.',
      }),
    /** Left out: the store's price tables stay as they are. */
    priceTables: storePriceTables.optional(),
  })
  .strict();
export type StoreBody = z.infer<typeof storeBody>;
/** As read: an estimate typed before estimates were structured may be free text (shown as typed). */
const storedEstimate = z.string().nullable();
export const store = storeBody.extend({
  id: z.string(),
  priceTables: storePriceTables,
  pickupEstimate: storedEstimate,
});
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
    estimate,
    /** The store that delivers (null: the shop). */
    storeId: z.string().max(60).nullable(),
    areas: z
      .array(deliveryArea)
      .min(1, 'Informe ao menos uma área de entrega.')
      .max(200, 'No máximo 200 áreas.'),
  })
  .strict();
export type DeliveryOptionBody = z.infer<typeof deliveryOptionBody>;
export const deliveryOption = deliveryOptionBody.extend({ id: z.string(), estimate: storedEstimate });
export type DeliveryOption = z.infer<typeof deliveryOption>;
export const deliveryOptionList = z.object({ options: z.array(deliveryOption) });

/** A 'YYYY-MM-DD' calendar day. */
export const isoDay = z
  .string({ error: 'Informe a data.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Data inválida.');
const cutoffMinutes = z
  .number({ error: 'Informe o prazo para pedir.' })
  .int('Informe minutos inteiros.')
  .min(0, 'O prazo não pode ser negativo.')
  .max(10_080, 'No máximo 7 dias (10080 minutos) antes.');
const capacity = z
  .number({ error: 'Informe a capacidade.' })
  .int('Informe um número inteiro.')
  .min(1, 'A capacidade é de ao menos 1 pedido.')
  .max(10_000, 'Capacidade alta demais.');
const endsAfterStart = { path: ['end'], message: 'O fim deve ser depois do início.' };

/** A weekly delivery window: orders by `cutoffMinutes` before it starts, at most `capacity` orders. */
export const scheduleWindow = z
  .object({ weekday, start: clockTime, end: clockTime, cutoffMinutes, capacity })
  .strict()
  .refine((w) => w.end > w.start, endsAfterStart);
export type ScheduleWindow = z.infer<typeof scheduleWindow>;

/** A dated exception: a closed day (holiday) or an extra window on that day. */
export const scheduleException = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('closed'), day: isoDay, note: optional(80) }).strict(),
  z
    .object({
      kind: z.literal('extra'),
      day: isoDay,
      start: clockTime,
      end: clockTime,
      cutoffMinutes,
      capacity,
    })
    .strict()
    .refine((w) => w.end > w.start, endsAfterStart),
]);
export type ScheduleException = z.infer<typeof scheduleException>;

const windowKey = (w: { start: string }, at: number | string) => `${at} ${w.start}`;
const scopeId = z.string().trim().min(1, 'Escolha a opção ou a loja.').max(60, 'Identificador inválido.');
/**
 * Whose schedule (decision 0036): a delivery option's, a store's, or — both null or absent — the whole shop's. A
 * checkout books from the chosen option's own windows, else its store's, else the shop's.
 */
export const scheduleScope = z.object({
  optionId: scopeId.nullable().optional(),
  storeId: scopeId.nullable().optional(),
});
export type ScheduleScope = z.infer<typeof scheduleScope>;
const oneScope = (s: ScheduleScope) => !(s.optionId && s.storeId);
const oneScopeMessage = () => ({
  path: ['storeId'],
  message: 'Escolha uma opção de entrega ou uma loja, não as duas.',
});
/** `GET …/delivery/schedule?optionId=…` or `?storeId=…`: that scope's schedule and calendar. */
export const scheduleQuery = scheduleScope.strict().refine(oneScope, oneScopeMessage());
const scheduleFields = z
  .object({
    ...scheduleScope.shape,
    daysAhead: z
      .number({ error: 'Informe quantos dias mostrar.' })
      .int('Informe um número inteiro.')
      .min(1, 'Mostre ao menos 1 dia.')
      .max(60, 'No máximo 60 dias.'),
    windows: z.array(scheduleWindow).max(100, 'No máximo 100 janelas.'),
    exceptions: z.array(scheduleException).max(200, 'No máximo 200 exceções.'),
  })
  .strict();
export const scheduleBody = scheduleFields.superRefine((body, ctx) => {
  if (!oneScope(body)) ctx.addIssue({ code: 'custom', ...oneScopeMessage() });
  const seen = new Set<string>();
  body.windows.forEach((w, i) => {
    if (seen.has(windowKey(w, w.weekday)))
      ctx.addIssue({
        code: 'custom',
        path: ['windows', i, 'start'],
        message: 'Já há uma janela neste dia com este início.',
      });
    seen.add(windowKey(w, w.weekday));
  });
  body.exceptions.forEach((x, i) => {
    const key = x.kind === 'extra' ? windowKey(x, x.day) : `${x.day} closed`;
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: ['exceptions', i, 'day'],
        message: 'Esta exceção está repetida.',
      });
    seen.add(key);
  });
});
export type ScheduleBody = z.infer<typeof scheduleBody>;

/** A materialised slot as the calendar shows it: bookings against capacity. */
export const scheduleSlot = z.object({
  id: z.string(),
  day: isoDay,
  start: z.string(),
  end: z.string(),
  orderBy: z.string(),
  capacity: z.number(),
  booked: z.number(),
  /** The placed, not cancelled orders booked in it (issue 38: the calendar lists and opens them). */
  orders: z.array(z.object({ id: z.string(), number: z.number(), customer: z.string().nullable() })),
});
export const scheduleView = scheduleFields.extend({
  /** null until the shop saves a schedule (its slots are then the seed's, if any) */
  configured: z.boolean(),
  slots: z.array(scheduleSlot),
  /** The options and stores with a schedule of their own (windows or exceptions). */
  ownSchedules: z.array(z.object({ optionId: z.string().nullable(), storeId: z.string().nullable() })),
});
export type ScheduleView = z.infer<typeof scheduleView>;
/** The schedule as the logistics module reads it: its slots without their orders (the flow adds them). */
export type ScheduleSetupView = Omit<ScheduleView, 'slots'> & {
  slots: Omit<ScheduleView['slots'][number], 'orders'>[];
};
