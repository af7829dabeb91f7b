/**
 * What every report checks first (issue 37): the range of the shop's days (pt-BR 400s: inverted, longer than two
 * years, more day buckets than a chart draws) and whose figures the viewer may see.
 */
import {
  daysBetween,
  REPORT_MAX_DAY_BUCKETS,
  REPORT_MAX_DAYS,
  type ReportBucket,
} from '@vitrine/contracts/console-reports';
import type { StaffRole } from '@vitrine/contracts/console-roles';
import { addDays, dayStart } from '@vitrine/contracts/shop-time';
import { AppError } from '../../lib/app-error.ts';

export type ReportViewer = { userId: string; role: StaffRole; shop: { id: string; timeZone: string } };

/** The console user whose figures the viewer may see: their own for an atendente, else the one asked for. */
export function agentScope(viewer: ReportViewer, agent: string | undefined): string | null {
  if (viewer.role !== 'agent') return agent ?? null;
  if (agent && agent !== viewer.userId) throw new AppError('forbidden', 'reportAgentForbidden');
  return viewer.userId;
}

/** Checks the range: not inverted, at most two years, at most a year by day (400 in pt-BR). Answers its days. */
export function checkRange(q: { from: string; to: string; bucket?: ReportBucket }): number {
  if (q.from > q.to) throw new AppError('validation', 'reportRangeInverted');
  const days = daysBetween(q.from, q.to);
  if (days > REPORT_MAX_DAYS)
    throw new AppError('validation', 'reportRangeTooLong', { max: String(REPORT_MAX_DAYS) });
  if (q.bucket === 'day' && days > REPORT_MAX_DAY_BUCKETS)
    throw new AppError('validation', 'reportTooManyDays', { max: String(REPORT_MAX_DAY_BUCKETS) });
  return days;
}

/** The range's first instant and the instant after its last day, in the shop's time zone. */
export const rangeInstants = (q: { from: string; to: string }, zone: string) => ({
  start: dayStart(q.from, zone),
  end: dayStart(addDays(q.to, 1), zone),
});
