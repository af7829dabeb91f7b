import { describe, expect, it, vi } from 'vitest';
import { QuantityQueue, type Clock } from './quantity-queue';

/** A manual clock: `advance(ms)` fires the timers that are due. */
function manualClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: Clock = {
    setTimeout: (callback, ms) => {
      const id = ++nextId;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.callback();
      }
    }
  };
  return { clock, advance };
}

/** A send whose calls stay pending until resolved or rejected by hand. */
function deferredSend() {
  const calls: {
    key: number;
    quantity: number;
    resolve: (v: string) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const send = vi.fn(
    (key: number, quantity: number) =>
      new Promise<string>((resolve, reject) => calls.push({ key, quantity, resolve, reject })),
  );
  return { send, calls };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('QuantityQueue', () => {
  it('sends only the last value typed within the delay, after the delay', async () => {
    const { clock, advance } = manualClock();
    const { send, calls } = deferredSend();
    const results: string[] = [];
    const queue = new QuantityQueue({ delayMs: 1000, send, onResult: (r) => results.push(r), clock });

    queue.set(1, 2);
    advance(600);
    queue.set(1, 3);
    expect(queue.get(1)).toBe(3);
    advance(999);
    expect(send).not.toHaveBeenCalled();
    advance(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(1, 3);
    expect(queue.busy).toBe(true);

    calls[0]!.resolve('order-a');
    await tick();
    expect(results).toEqual(['order-a']);
    expect(queue.get(1)).toBeUndefined();
    expect(queue.busy).toBe(false);
  });

  it('debounces each line on its own and sends them one at a time, in firing order', async () => {
    const { clock, advance } = manualClock();
    const { send, calls } = deferredSend();
    const results: string[] = [];
    const queue = new QuantityQueue({ delayMs: 1000, send, onResult: (r) => results.push(r), clock });

    queue.set(1, 5);
    advance(500);
    queue.set(2, 7);
    advance(500);
    expect(send).toHaveBeenCalledTimes(1);
    advance(500);
    // Line 2 is due but waits for line 1's answer.
    expect(send).toHaveBeenCalledTimes(1);
    calls[0]!.resolve('after-1');
    await tick();
    expect(send).toHaveBeenLastCalledWith(2, 7);
    calls[1]!.resolve('after-2');
    await tick();
    expect(results).toEqual(['after-1', 'after-2']);
  });

  it('keeps the newer value on screen while an older one is in flight, then sends it', async () => {
    const { clock, advance } = manualClock();
    const { send, calls } = deferredSend();
    const queue = new QuantityQueue({ delayMs: 1000, send, onResult: () => undefined, clock });

    queue.set(1, 2);
    advance(1000);
    queue.set(1, 4); // typed while 2 is in flight
    calls[0]!.resolve('with-2');
    await tick();
    expect(queue.get(1)).toBe(4);
    advance(1000);
    expect(send).toHaveBeenLastCalledWith(1, 4);
    calls[1]!.resolve('with-4');
    await tick();
    expect(queue.get(1)).toBeUndefined();
  });

  it('flush sends at once (removal) and a failure drops the override and reports', async () => {
    const { clock } = manualClock();
    const { send, calls } = deferredSend();
    const onError = vi.fn();
    const queue = new QuantityQueue({ delayMs: 1000, send, onResult: () => undefined, onError, clock });

    queue.set(3, 0);
    queue.flush(3);
    expect(send).toHaveBeenCalledWith(3, 0);
    expect(queue.get(3)).toBe(0);
    calls[0]!.reject(new Error('boom'));
    await tick();
    expect(onError).toHaveBeenCalledWith(3, expect.any(Error));
    expect(queue.get(3)).toBeUndefined();
    expect(queue.busy).toBe(false);
  });

  it('sends nothing when the value went back to what the server has', async () => {
    const { clock, advance } = manualClock();
    const { send } = deferredSend();
    const queue = new QuantityQueue({
      delayMs: 1000,
      send,
      onResult: () => undefined,
      isUnchanged: (_key, quantity) => quantity === 2,
      clock,
    });
    queue.set(1, 3);
    queue.set(1, 2);
    advance(1000);
    await tick();
    expect(send).not.toHaveBeenCalled();
    expect(queue.get(1)).toBeUndefined();
  });

  it('dispose sends the values still waiting for their timer', () => {
    const { clock } = manualClock();
    const { send } = deferredSend();
    const queue = new QuantityQueue({ delayMs: 1000, send, onResult: () => undefined, clock });
    queue.set(1, 9);
    queue.dispose();
    expect(send).toHaveBeenCalledWith(1, 9);
  });
});
