/**
 * Debounced, serialised quantity updates for the cart lines (spec §4 "Cart", §9: 1000 ms).
 *
 * - `set(key, quantity)` shows the new quantity at once (an override of the line) and (re)starts that
 *   line's timer; only the last value typed within the delay is sent (the latest value wins).
 * - `flush(key)` sends a line's pending value now (the remove button).
 * - Sends run one at a time, in the order their timers fired, so the server applies them in that order
 *   and every response is newer than the one before it: each replaces the order (`onResult`).
 * - A line's override is dropped when its value has been answered (or refused: `onError`) and the shopper
 *   has not typed another one meanwhile; the line then shows the server's quantity again.
 * - `dispose()` sends what is still waiting (leaving the page does not lose a change).
 *
 * No React and no timers of its own: the clock is injectable, so the rules are unit-tested.
 */

export interface Clock {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface QuantityQueueOptions<K, R> {
  delayMs: number;
  /** Sends one line's new absolute quantity (0 removes it). */
  send: (key: K, quantity: number) => Promise<R>;
  /** A response arrived (always newer than the previous one). */
  onResult: (result: R) => void;
  /** A send failed; the line goes back to the server's quantity. */
  onError?: (key: K, error: unknown) => void;
  /** Overrides or the busy state changed (re-render). */
  onChange?: () => void;
  /** True when the server already has this quantity (nothing to send). */
  isUnchanged?: (key: K, quantity: number) => boolean;
  clock?: Clock;
}

const systemClock: Clock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class QuantityQueue<K, R> {
  private readonly overrides = new Map<K, number>();
  private readonly timers = new Map<K, unknown>();
  private readonly ready: K[] = [];
  private inFlight: { key: K; quantity: number } | null = null;
  private readonly clock: Clock;

  constructor(private readonly options: QuantityQueueOptions<K, R>) {
    this.clock = options.clock ?? systemClock;
  }

  /** The quantity a line shows while its change is pending or in flight, else undefined. */
  get(key: K): number | undefined {
    return this.overrides.get(key);
  }

  /** True while any change waits for its timer, for its turn or for the server. */
  get busy(): boolean {
    return this.timers.size > 0 || this.ready.length > 0 || this.inFlight !== null;
  }

  /** Shows `quantity` on the line now and sends it after the delay unless another value comes first. */
  set(key: K, quantity: number): void {
    this.overrides.set(key, quantity);
    this.stopTimer(key);
    this.timers.set(
      key,
      this.clock.setTimeout(() => {
        this.timers.delete(key);
        this.enqueue(key);
      }, this.options.delayMs),
    );
    this.options.onChange?.();
  }

  /** Sends the line's pending value without waiting for its timer. */
  flush(key: K): void {
    if (!this.overrides.has(key)) return;
    this.stopTimer(key);
    this.enqueue(key);
    this.options.onChange?.();
  }

  /** Sends every pending value now; used when the screen goes away. */
  dispose(): void {
    for (const key of [...this.timers.keys()]) this.flush(key);
  }

  private stopTimer(key: K): void {
    if (!this.timers.has(key)) return;
    this.clock.clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  private enqueue(key: K): void {
    if (!this.ready.includes(key)) this.ready.push(key);
    void this.pump();
  }

  /** Whether the shopper typed nothing newer for `key` than `quantity`. */
  private settled(key: K, quantity: number): boolean {
    return this.overrides.get(key) === quantity && !this.timers.has(key) && !this.ready.includes(key);
  }

  private async pump(): Promise<void> {
    if (this.inFlight !== null) return;
    const key = this.ready.shift();
    if (key === undefined) return;
    const quantity = this.overrides.get(key);
    if (quantity === undefined || this.options.isUnchanged?.(key, quantity)) {
      this.overrides.delete(key);
      this.options.onChange?.();
      return this.pump();
    }
    this.inFlight = { key, quantity };
    this.options.onChange?.();
    try {
      const result = await this.options.send(key, quantity);
      this.inFlight = null;
      if (this.settled(key, quantity)) this.overrides.delete(key);
      this.options.onResult(result);
    } catch (error) {
      this.inFlight = null;
      if (this.settled(key, quantity)) this.overrides.delete(key);
      this.options.onError?.(key, error);
    }
    this.options.onChange?.();
    return this.pump();
  }
}
