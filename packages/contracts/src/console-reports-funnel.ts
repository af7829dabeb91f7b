/**
 * The console's 'Relatórios › Funil' (issue 37, docs/decisions/0058-product-reports.md): per bucket of the shop's
 * days and per channel, how many links the chat minted, were opened, got something in the cart, were confirmed,
 * paid and delivered — each stage counted when it happened — and the abandoned-cart reminders' results.
 */
import { z } from 'zod';
import { REPORT_BUCKETS, salesReportQuery } from './console-reports.ts';

export const FUNNEL_STAGES = ['minted', 'opened', 'added', 'confirmed', 'paid', 'delivered'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const FUNNEL_STAGE_LABELS: Record<FunnelStage, string> = {
  minted: 'Links enviados',
  opened: 'Links abertos',
  added: 'Carrinhos com produto',
  confirmed: 'Pedidos confirmados',
  paid: 'Pedidos pagos',
  delivered: 'Pedidos entregues',
};

export const funnelReportQuery = salesReportQuery
  .pick({ from: true, to: true, channel: true })
  .extend({
    bucket: z.enum(REPORT_BUCKETS, 'Agrupamento inválido: use dia, semana ou mês').default('week'),
  })
  .strict();
export type FunnelReportQuery = z.infer<typeof funnelReportQuery>;

export const FUNNEL_TABLES = ['stages', 'periods', 'channels'] as const;
export type FunnelTable = (typeof FUNNEL_TABLES)[number];
export const FUNNEL_TABLE_FILES: Record<FunnelTable, string> = {
  stages: 'funil',
  periods: 'funil-por-periodo',
  channels: 'funil-por-canal',
};
export const funnelTableQuery = funnelReportQuery.extend({ table: z.enum(FUNNEL_TABLES, 'Tabela inválida') });

const counts = z.object(
  Object.fromEntries(FUNNEL_STAGES.map((s) => [s, z.number().int()])) as Record<FunnelStage, z.ZodNumber>,
);
export type FunnelCounts = z.infer<typeof counts>;

export const funnelReport = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(REPORT_BUCKETS),
  timeZone: z.string(),
  totals: counts,
  buckets: z.array(z.object({ from: z.string(), to: z.string(), counts })),
  byChannel: z.array(z.object({ key: z.string(), label: z.string(), counts })),
  /** The abandoned-cart reminders sent in the range and the orders they brought back (issue 36). */
  recovery: z.object({ reminders: z.number().int(), orders: z.number().int(), valueCents: z.number().int() }),
});
export type FunnelReport = z.infer<typeof funnelReport>;
