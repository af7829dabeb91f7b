/**
 * The orders board as CSV for a spreadsheet (issue 16, docs/decisions/0023-orders-console-and-csv.md): the
 * board's filters, every page walked by keyset (at most CSV_MAX_ROWS orders), `;`-separated, pt-BR numbers
 * (1.234,56) and dates (dd/mm/aaaa hh:mm in the shop's time zone), UTF-8 with a BOM so Excel reads the accents.
 * Written by the one CSV writer (lib/csv.ts), which neutralises every cell a spreadsheet would run as a formula.
 */
import {
  channelText,
  BOARD_PAYMENT_STATUS_LABELS,
  ORDER_STAGE_LABELS,
  orderStage,
  PAYMENT_METHOD_LABELS,
  type BoardFilters,
  type BoardRow,
} from '@vitrine/contracts/console-orders';
import { centsToReais } from '@vitrine/contracts/money';
import { dateTimeText } from '@vitrine/contracts/shop-time';
import type { Queryable } from '../../db/client.ts';
import { csvStream } from '../../lib/csv.ts';
import { listBoardOrders, type BoardOrderRow } from '../../modules/order/service.ts';
import { getShop } from '../../modules/shop/service.ts';
import { boardFilterOf, boardRowOf, cursorOf } from './board.ts';

/** Orders per database read while streaming. */
const CSV_PAGE = 500;
/** The most orders one export holds (a year of a busy shop); narrower filters export the rest. */
export const CSV_MAX_ROWS = 50_000;

const COLUMNS = [
  'Pedido',
  'Data',
  'Situação',
  'Cliente',
  'Telefone',
  'Canal',
  'Itens',
  'Peso (kg)',
  'Total (R$)',
  'Forma de pagamento',
  'Pagamento',
  'Pago (R$)',
  'A receber (R$)',
  'Reembolsado (R$)',
  'Reembolso pendente (R$)',
  'Entrega',
  'Dia',
  'Horário',
  'Loja',
  'Atendente',
  'Cupom',
  'Desconto (R$)',
];

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantity = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** 'dd/mm/aaaa hh:mm' in `timeZone`. */
export function csvDateTime(timeZone: string) {
  return (iso: string) => dateTimeText(iso, timeZone);
}

/** What the CSV adds to the board's row: who sold it (decision 0056), the coupon and the discount. */
export type CsvExtras = { agent: string | null; coupon: string | null; discountCents: number };
export const csvExtrasOf = (row: BoardOrderRow): CsvExtras => ({
  agent: row.checkout.agent?.name ?? null,
  coupon: row.checkout.couponCode ?? null,
  discountCents: row.discount_cents,
});

export function csvRecord(row: BoardRow, dateTime: (iso: string) => string, extras: CsvExtras): string[] {
  return [
    String(row.number),
    dateTime(row.placedAt),
    ORDER_STAGE_LABELS[orderStage(row)],
    row.customer.name ?? '',
    row.customer.phone ?? '',
    channelText(row),
    quantity.format(row.unitCount),
    row.weightKg ? quantity.format(row.weightKg) : '',
    money.format(centsToReais(row.totalCents)),
    row.paymentMethod === null ? '' : (PAYMENT_METHOD_LABELS[row.paymentMethod] ?? ''),
    BOARD_PAYMENT_STATUS_LABELS[row.paymentStatus],
    money.format(centsToReais(row.paidCents)),
    money.format(centsToReais(row.dueCents)),
    money.format(centsToReais(row.refundedCents)),
    money.format(centsToReais(row.refundPendingCents)),
    row.logistic ? `${row.logistic.kind === 'pickup' ? 'Retirada' : 'Entrega'}: ${row.logistic.name}` : '',
    row.slot ? row.slot.day.split('-').reverse().join('/') : '',
    row.slot ? `${row.slot.startTime}–${row.slot.endTime}` : '',
    row.seller ?? '',
    extras.agent ?? '',
    extras.coupon ?? '',
    money.format(centsToReais(extras.discountCents)),
  ];
}

/**
 * The filtered orders as a CSV stream. The filters are checked (400 in pt-BR) before anything is sent, so a bad
 * request is still a JSON error; the rows are read page by page as the client takes them.
 */
export async function boardCsv(
  db: Queryable,
  shopId: string,
  filters: BoardFilters,
  { pageSize = CSV_PAGE, maxRows = CSV_MAX_ROWS } = {},
) {
  const shop = await getShop(db, shopId);
  const filter = boardFilterOf(shop, filters);
  const dateTime = csvDateTime(shop.time_zone);
  async function* records() {
    let after = null;
    let sent = 0;
    while (sent < maxRows) {
      const limit = Math.min(pageSize, maxRows - sent);
      const rows = await listBoardOrders(db, { ...filter, after, limit });
      for (const row of rows.slice(0, limit))
        yield csvRecord(boardRowOf(row, shop), dateTime, csvExtrasOf(row));
      sent += Math.min(rows.length, limit);
      if (rows.length <= limit) return;
      after = cursorOf(rows[limit - 1]!);
    }
  }
  return csvStream(COLUMNS, records());
}
