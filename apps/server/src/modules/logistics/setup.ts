/**
 * A shop's delivery setup as the console shows and saves it (issue 18): stores and delivery options in the
 * contract's shapes, and each save's old → new values in pt-BR words for the audit log.
 */
import { diffForAudit } from '@vitrine/contracts/audit-changes';
import {
  WEEKDAY_LABELS,
  type DeliveryArea,
  type DeliveryOption,
  type DeliveryOptionBody,
  type Store,
  type StoreBody,
} from '@vitrine/contracts/console-delivery';
import { formatBRL } from '@vitrine/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { areasOf } from './areas.ts';
import { listLogistics, listSellers } from './repository.ts';
import {
  deleteDeliveryOption,
  deleteStore,
  listStoreSetups,
  writeDeliveryOption,
  writePickup,
  writeStore,
  type StoreSetupRow,
} from './setup-repository.ts';

export const storeNotFound = () => new AppError('notFound', 'storeNotFound', {}, 'Loja não encontrada.');
export const optionNotFound = () => new AppError('notFound', 'logisticNotFound');

function storeOf(row: StoreSetupRow): Store {
  return {
    id: row.id,
    name: row.name,
    zipCode: row.zip_code,
    street: row.street,
    number: row.number,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    serviceFeeCents: row.service_tax_cents,
    pickup: row.pickup_id !== null,
    pickupEstimate: row.pickup_estimate,
    openingHours: row.opening_hours,
    priceTables: {
      allowed: row.price_table_ids,
      defaultId: row.default_table_id,
      useDefault: row.use_default_price_table,
    },
  };
}

/** 'Atacado, Varejo; padrão: Atacado (aplicada ao escolher a loja)': a store's price tables in the audit log. */
function tablesWords(row: StoreSetupRow): string {
  const allowed = row.price_table_names.join(', ') || 'Todas';
  const chosen = row.default_table_name
    ? `${row.default_table_name}${row.use_default_price_table ? ' (aplicada ao escolher a loja)' : ''}`
    : 'nenhuma';
  return `${allowed}; padrão: ${chosen}`;
}

export async function storesOf(db: Queryable, shopId: string): Promise<Store[]> {
  return (await listStoreSetups(db, shopId)).map(storeOf);
}

export async function deliveryOptionsOf(db: Queryable, shopId: string): Promise<DeliveryOption[]> {
  return (await listLogistics(db, shopId, 1)).map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    freeAboveCents: row.free_above_cents,
    orderMinCents: row.order_min_price_cents,
    maxDistinctItems: row.max_distinct_items,
    maxItems: row.max_items,
    estimate: row.shipping_time_estimative,
    storeId: row.seller_id,
    areas: areasOf(row),
  }));
}

/** 'Seg 08:00–18:00 · Sáb 08:00–12:00': the store's hours as one line (the pickup option's description). */
export function hoursLine(hours: StoreBody['openingHours']): string {
  return [...hours]
    .sort((a, b) => a.weekday - b.weekday)
    .map((h) => `${WEEKDAY_LABELS[h.weekday]!.slice(0, 3)} ${h.opens}–${h.closes}`)
    .join(' · ');
}

const STORE_LABELS = {
  name: 'Nome',
  address: 'Endereço',
  serviceFee: 'Taxa de serviço',
  pickup: 'Retirada',
  hours: 'Horário de funcionamento',
  tables: 'Tabelas de preço',
};

function storeWords(s: StoreBody, row: StoreSetupRow | undefined) {
  return {
    ...(row ? { tables: tablesWords(row) } : {}),
    name: s.name,
    address: `${s.street}, ${s.number} - ${s.neighborhood}, ${s.city} - ${s.state}, CEP ${s.zipCode}`,
    serviceFee: formatBRL(s.serviceFeeCents),
    pickup: s.pickup ? `Sim${s.pickupEstimate ? ` (${s.pickupEstimate})` : ''}` : 'Não',
    hours: hoursLine(s.openingHours) || 'Não informado',
  };
}

const areaWords = (a: DeliveryArea) =>
  (a.kind === 'cep' ? `CEP ${a.cepFrom}–${a.cepTo}` : `${a.neighborhood}${a.city ? ` (${a.city})` : ''}`) +
  `: ${formatBRL(a.feeCents)}`;
const orNone = (value: string | number | null, format: (v: never) => string = String) =>
  value === null ? 'Sem limite' : format(value as never);

const OPTION_LABELS = {
  name: 'Nome',
  description: 'Descrição',
  store: 'Loja',
  areas: 'Onde entrega',
  freeAbove: 'Grátis a partir de',
  orderMin: 'Pedido mínimo',
  maxDistinct: 'Máximo de itens distintos',
  maxItems: 'Máximo de itens',
  estimate: 'Prazo',
};

function optionWords(o: DeliveryOptionBody, stores: Map<string, string>) {
  return {
    name: o.name,
    description: o.description ?? '—',
    store: o.storeId ? (stores.get(o.storeId) ?? o.storeId) : 'A própria loja',
    areas: o.areas.map(areaWords).join('; '),
    freeAbove: orNone(o.freeAboveCents, formatBRL),
    orderMin: orNone(o.orderMinCents, formatBRL),
    maxDistinct: orNone(o.maxDistinctItems),
    maxItems: orNone(o.maxItems),
    estimate: o.estimate ?? '—',
  };
}

/** Saves a store (id null: a new one) and its pickup option; answers it and its changes for the audit. */
export async function saveStore(tx: Queryable, shopId: string, id: string | null, body: StoreBody) {
  const beforeRow = id === null ? null : (await listStoreSetups(tx, shopId)).find((s) => s.id === id);
  if (beforeRow === undefined) throw storeNotFound();
  const before = beforeRow && storeOf(beforeRow);
  const storeId = await writeStore(tx, shopId, id, body);
  if (storeId === null) throw storeNotFound();
  await writePickup(
    tx,
    shopId,
    storeId,
    body.pickup
      ? {
          name: `Retirada - ${body.name}`,
          estimate: body.pickupEstimate || null,
          description: hoursLine(body.openingHours) || null,
        }
      : null,
  );
  const afterRow = (await listStoreSetups(tx, shopId)).find((s) => s.id === storeId)!;
  const changes = diffForAudit(
    STORE_LABELS,
    before && storeWords(before, beforeRow ?? undefined),
    storeWords(body, afterRow),
  );
  return { store: storeOf(afterRow), changes };
}

export async function removeStore(tx: Queryable, shopId: string, id: string) {
  const row = (await listStoreSetups(tx, shopId)).find((s) => s.id === id);
  if (!row || !(await deleteStore(tx, shopId, id))) throw storeNotFound();
  return { name: row.name, changes: diffForAudit(STORE_LABELS, storeWords(storeOf(row), row), {}) };
}

async function storeNames(tx: Queryable, shopId: string) {
  return new Map((await listSellers(tx, shopId)).map((s) => [s.id, s.name]));
}

/** Saves a delivery option (id null: a new one); answers it and its changes for the audit. */
export async function saveDeliveryOption(
  tx: Queryable,
  shopId: string,
  id: string | null,
  body: DeliveryOptionBody,
) {
  const stores = await storeNames(tx, shopId);
  if (body.storeId !== null && !stores.has(body.storeId)) throw storeNotFound();
  const before = id === null ? null : (await deliveryOptionsOf(tx, shopId)).find((o) => o.id === id);
  if (before === undefined) throw optionNotFound();
  const optionId = await writeDeliveryOption(tx, shopId, id, body);
  if (optionId === null) throw optionNotFound();
  const changes = diffForAudit(
    OPTION_LABELS,
    before && optionWords(before, stores),
    optionWords(body, stores),
  );
  return { option: { ...body, id: optionId }, changes };
}

export async function removeDeliveryOption(tx: Queryable, shopId: string, id: string) {
  const stores = await storeNames(tx, shopId);
  const before = (await deliveryOptionsOf(tx, shopId)).find((o) => o.id === id);
  if (!before || !(await deleteDeliveryOption(tx, shopId, id))) throw optionNotFound();
  return { name: before.name, changes: diffForAudit(OPTION_LABELS, optionWords(before, stores), {}) };
}
