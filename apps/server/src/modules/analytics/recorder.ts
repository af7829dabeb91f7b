/**
 * Recording the shopper's catalogue events off the request path (issue 37, decision 0058): a request only adds
 * one to a count (or notes a link's first opening) in this instance's memory; every few seconds the counts go to the database in one upsert per
 * kind (repository.ts), each with the minute it was seen so the row lands on the shop's local day. N instances add
 * to the same rows. A failed flush is logged and its counts dropped (analytics never hold a shopper up); counts of
 * the last seconds before a crash are lost. Nothing about the person is kept: the shop, the day, the product or
 * the normalised term.
 */
import type { Queryable } from '../../db/client.ts';
import { markSessionsOpened } from '../session/service.ts';
import { addProductViews, addSearchMisses, purgeAnalytics, type AnalyticsCount } from './repository.ts';

export type AnalyticsRecorder = {
  /** A whole-shop text search that found nothing (the term as typed; normalised here, or dropped). */
  searchMiss: (shopId: string, text: string) => void;
  /** A shopper opened a product's page. */
  productView: (shopId: string, productId: string) => void;
  /** A contact's link was opened (the funnel's 'aberto'; only the first time is kept). */
  sessionOpened: (sessionId: string) => void;
  /** Writes what is buffered now (the timer's job; tests and shutdown call it). */
  flush: () => Promise<void>;
  close: () => Promise<void>;
};

export type RecorderOptions = {
  flushMs: number;
  /** Months a day's counts are kept (13 by default). */
  retentionMonths: number;
  onError: (error: unknown) => void;
  now?: () => Date;
  /** Periodic work that rides on the flush timer (the product sales and funnel rollups' refreshers, issue 37). */
  refresh?: () => Promise<unknown>;
};

/** A search term as counted: lower case, single spaces, at most 80 characters; null when it looks personal. */
export function normaliseTerm(text: string): string | null {
  const term = text
    .normalize('NFC')
    .toLocaleLowerCase('pt-BR')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  if (term === '' || term.includes('@') || /\d{8,}/.test(term.replace(/[\s.()-]/g, ''))) return null;
  return term;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The retention's first kept day (UTC calendar day `months` months before `now`). */
export function retentionStart(now: Date, months: number): string {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

export function createAnalyticsRecorder(db: Queryable, options: RecorderOptions): AnalyticsRecorder {
  const now = options.now ?? (() => new Date());
  let searches = new Map<string, AnalyticsCount>();
  let views = new Map<string, AnalyticsCount>();
  let opened = new Map<string, Date>();
  let purgedAt = 0;
  const add = (into: Map<string, AnalyticsCount>, shopId: string, key: string) => {
    const at = new Date(Math.floor(now().getTime() / MINUTE) * MINUTE);
    const id = `${shopId}\n${key}\n${at.getTime()}`;
    const entry = into.get(id);
    if (entry) entry.count += 1;
    else into.set(id, { shopId, key, at, count: 1 });
  };
  const flush = async () => {
    const [s, v] = [[...searches.values()], [...views.values()]];
    const o = [...opened].map(([id, at]) => ({ id, at }));
    searches = new Map();
    views = new Map();
    opened = new Map();
    try {
      await addSearchMisses(db, s);
      await addProductViews(db, v);
      await markSessionsOpened(db, o);
      if (now().getTime() - purgedAt > DAY) {
        purgedAt = now().getTime();
        await purgeAnalytics(db, retentionStart(now(), options.retentionMonths));
      }
    } catch (error) {
      options.onError(error);
    }
    if (options.refresh) await options.refresh().catch(options.onError);
  };
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(flush);
  }, options.flushMs);
  timer.unref();
  return {
    searchMiss: (shopId, text) => {
      const term = normaliseTerm(text);
      if (term) add(searches, shopId, term);
    },
    productView: (shopId, productId) => add(views, shopId, productId),
    sessionOpened: (sessionId) => {
      if (!opened.has(sessionId)) opened.set(sessionId, now());
    },
    flush: () => (running = running.then(flush)),
    close: async () => {
      clearInterval(timer);
      await (running = running.then(flush));
    },
  };
}
