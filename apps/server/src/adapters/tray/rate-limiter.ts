/**
 * Token bucket per Tray store: `perMinute` requests a minute on average, bursts up to `perMinute`.
 * Tray allows 180 requests a minute per store and answers 429 beyond that; staying under the budget
 * here means 429 is the exception (the HTTP adapter still backs off when it happens).
 */
export type Clock = { now: () => number; sleep: (ms: number) => Promise<void> };

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref?.()),
};

type Bucket = { tokens: number; updatedAt: number; queue: Promise<void> };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock = realClock,
  ) {
    if (!(perMinute > 0)) throw new RangeError('perMinute must be positive');
  }

  /** Resolves when a request to `key` may go out; callers for one key are served in arrival order. */
  acquire(key: string): Promise<void> {
    const bucket = this.buckets.get(key) ?? {
      tokens: this.perMinute,
      updatedAt: this.clock.now(),
      queue: Promise.resolve(),
    };
    this.buckets.set(key, bucket);
    const turn = bucket.queue.then(() => this.take(bucket));
    bucket.queue = turn;
    return turn;
  }

  private async take(bucket: Bucket): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const ratePerMs = this.perMinute / 60_000;
      bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updatedAt) * ratePerMs);
      bucket.updatedAt = now;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return;
      }
      await this.clock.sleep(Math.ceil((1 - bucket.tokens) / ratePerMs));
    }
  }
}
