/**
 * The rate limits' counters (plugins/rate-limits.ts): fixed windows counted atomically, in this process or in
 * Redis (one Lua call: INCR, and PEXPIRE on the first count) so every instance shares them. `hit` counts an
 * attempt before it is made — thirty requests at once get the counts 1…30, never thirty times 0 — and `refund`
 * gives one back when the attempt turned out not to count (a successful sign-in, a refused request).
 */
import { Redis } from 'ioredis';

export type Count = { count: number; ttlMs: number };

export type RateStore = {
  /** Counts one attempt under `key`; the window starts with the first count. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** The count so far, without counting. */
  peek(key: string): Promise<Count>;
  /** Gives one count back (never below 0; nothing when the window is over). */
  refund(key: string): Promise<void>;
  close(): Promise<void>;
};

const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), math.max(redis.call('PTTL', KEYS[1]), 0)}`;
const REFUND = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export function redisRateStore(url: string, namespace: string): RateStore {
  // A store that does not answer within the command timeout counts as down (plugins/rate-limits.ts decides).
  const redis = new Redis(url, { connectTimeout: 2000, commandTimeout: 500, maxRetriesPerRequest: 1 });
  // Connection errors surface as failed calls, which rate-limits.ts logs and answers per budget.
  redis.on('error', () => undefined);
  const pair = (reply: unknown): Count => {
    const [count, ttlMs] = reply as [number, number];
    return { count: Number(count), ttlMs: Number(ttlMs) };
  };
  return {
    hit: async (key, windowMs) => pair(await redis.eval(HIT, 1, namespace + key, windowMs)),
    peek: async (key) => pair(await redis.eval(PEEK, 1, namespace + key)),
    refund: async (key) => void (await redis.eval(REFUND, 1, namespace + key)),
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  };
}

/** Counters of this process; windows past their end are swept once a minute. */
export function memoryRateStore(): RateStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const sweep = setInterval(() => {
    for (const key of windows.keys()) live(key);
  }, 60_000);
  sweep.unref();
  const countOf = (window: { count: number; endsAt: number } | undefined): Count =>
    window ? { count: window.count, ttlMs: window.endsAt - Date.now() } : { count: 0, ttlMs: 0 };
  return {
    hit: async (key, windowMs) => {
      const window = live(key) ?? { count: 0, endsAt: Date.now() + windowMs };
      window.count += 1;
      windows.set(key, window);
      return countOf(window);
    },
    peek: async (key) => countOf(live(key)),
    refund: async (key) => {
      const window = live(key);
      if (window && window.count > 0) window.count -= 1;
    },
    close: async () => clearInterval(sweep),
  };
}
