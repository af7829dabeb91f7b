/** Console 'Entrega' test helpers: a valid store and delivery option, and calls to the delivery routes. */
import type { FastifyInstance } from 'fastify';
import type { DeliveryOptionBody, StoreBody } from '@vitrine/contracts/console-delivery';
import { asStaff, type Staff } from './console-kit.ts';

export const storeBody = (over: Partial<StoreBody> = {}): StoreBody => ({
  name: 'Loja Paulista',
  zipCode: '01310100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  serviceFeeCents: 0,
  pickup: true,
  pickupEstimate: 'Em 2 horas',
  openingHours: [
    { weekday: 1, opens: '08:00', closes: '18:00' },
    { weekday: 6, opens: '08:00', closes: '12:00' },
  ],
  ...over,
});

export const byNeighbourhood = (over: Partial<DeliveryOptionBody> = {}): DeliveryOptionBody => ({
  name: 'Entrega no bairro',
  description: null,
  freeAboveCents: null,
  orderMinCents: null,
  maxDistinctItems: null,
  maxItems: null,
  estimate: 'No mesmo dia',
  storeId: null,
  areas: [
    { kind: 'neighborhood', city: 'São Paulo', neighborhood: 'Bela Vista', feeCents: 700 },
    { kind: 'cep', cepFrom: '04000000', cepTo: '04999999', feeCents: 1500 },
  ],
  ...over,
});

export function deliveryCalls(app: FastifyInstance, slug: string) {
  const base = `/api/console/shops/${slug}/delivery`;
  const call = (who: Staff, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    asStaff(app, who, { method, url: base + path, ...(payload ? { payload } : {}) });
  return { call };
}

/** The shop-local day `n` days from today, 'YYYY-MM-DD'. */
export const dayFromToday = (today: string, n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Every weekday 09:00–12:00, orders until the start, `capacity` orders; 4 days shown. */
export const everyDay = (capacity: number) => ({
  daysAhead: 4,
  windows: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    start: '09:00',
    end: '12:00',
    cutoffMinutes: 0,
    capacity,
  })),
  exceptions: [] as object[],
});
