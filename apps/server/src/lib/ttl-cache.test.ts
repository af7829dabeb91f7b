import { describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createTtlCache', () => {
  it('loads once for concurrent misses and reuses the value within the TTL', async () => {
    const cache = createTtlCache<{ n: number }>({ max: 10, ttlMs: 1000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await later(10);
      return { n: loads };
    };
    const answers = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect(answers).toEqual([{ n: 1 }, { n: 1 }]);
    expect(await cache.getOrLoad('k', load)).toEqual({ n: 1 });
    expect(loads).toBe(1);
  });

  it('loads again after the TTL', async () => {
    const cache = createTtlCache<{ n: number }>({ max: 10, ttlMs: 20 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.getOrLoad('k', load);
    await later(40);
    expect(await cache.getOrLoad('k', load)).toEqual({ n: 2 });
  });

  it('keeps neither failures nor nulls', async () => {
    const cache = createTtlCache<{ n: number }>({ max: 10, ttlMs: 1000 });
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', async () => null)).toBeNull();
    expect(await cache.getOrLoad('k', async () => ({ n: 3 }))).toEqual({ n: 3 });
  });

  it('drops the entries of one prefix only', async () => {
    const cache = createTtlCache<{ v: string }>({ max: 10, ttlMs: 1000 });
    await cache.getOrLoad('shopA|top', async () => ({ v: 'a1' }));
    await cache.getOrLoad('shopB|top', async () => ({ v: 'b1' }));
    cache.deletePrefix('shopA|');
    expect(await cache.getOrLoad('shopA|top', async () => ({ v: 'a2' }))).toEqual({ v: 'a2' });
    expect(await cache.getOrLoad('shopB|top', async () => ({ v: 'b2' }))).toEqual({ v: 'b1' });
  });

  it('caches nothing with a TTL of 0', async () => {
    const cache = createTtlCache<{ n: number }>({ max: 10, ttlMs: 0 });
    let loads = 0;
    await cache.getOrLoad('k', async () => ({ n: ++loads }));
    expect(await cache.getOrLoad('k', async () => ({ n: ++loads }))).toEqual({ n: 2 });
  });
});

describe('createTtlCache with a stale window', () => {
  it('answers a stale value while one refresh runs, then the refreshed one', async () => {
    const cache = createTtlCache<{ n: number }>({ max: 10, ttlMs: 20, staleMs: 1000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await later(30);
      return { n: loads };
    };
    expect(await cache.getOrLoad('k', load)).toEqual({ n: 1 });
    await later(30);
    const during = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect(during).toEqual([{ n: 1 }, { n: 1 }]);
    await later(5); // the refresh starts once the event loop has had a turn
    expect(loads).toBe(2);
    await later(50);
    expect(await cache.getOrLoad('k', load)).toEqual({ n: 2 });
  });

  it('keeps the stale value when the refresh fails, and tries again later', async () => {
    const cache = createTtlCache<{ n: number }>({ max: 10, ttlMs: 10, staleMs: 1000 });
    await cache.getOrLoad('k', async () => ({ n: 1 }));
    await later(20);
    expect(await cache.getOrLoad('k', () => Promise.reject(new Error('down')))).toEqual({ n: 1 });
    await later(5);
    expect(await cache.getOrLoad('k', async () => ({ n: 2 }))).toEqual({ n: 1 });
    await later(5);
    expect(await cache.getOrLoad('k', async () => ({ n: 3 }))).toEqual({ n: 2 });
  });

  it('forgets an entry after TTL + stale window', async () => {
    const cache = createTtlCache<{ n: number }>({ max: 10, ttlMs: 10, staleMs: 10 });
    await cache.getOrLoad('k', async () => ({ n: 1 }));
    await later(40);
    expect(await cache.getOrLoad('k', async () => ({ n: 2 }))).toEqual({ n: 2 });
  });
});

describe('createTtlCache refreshes', () => {
  it('runs refreshes one at a time, never overlapping', async () => {
    const cache = createTtlCache<{ n: number }>({ max: 10, ttlMs: 10, staleMs: 1000 });
    let running = 0;
    let most = 0;
    let loads = 0;
    const load = async () => {
      running += 1;
      most = Math.max(most, running);
      await later(15);
      running -= 1;
      return { n: ++loads };
    };
    const keys = ['a', 'b', 'c', 'd'];
    for (const key of keys) await cache.getOrLoad(key, async () => ({ n: 0 }));
    await later(20);
    // All four are stale: each answers its stale value at once and queues one refresh.
    expect(await Promise.all(keys.map((key) => cache.getOrLoad(key, load)))).toEqual(
      keys.map(() => ({ n: 0 })),
    );
    // Four 15 ms refreshes one after another; a loaded machine may take longer than 60 ms to run them.
    await vi.waitFor(() => expect(loads).toBe(4), { timeout: 5000, interval: 20 });
    expect(most).toBe(1);
  });
});
