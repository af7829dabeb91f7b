import { describe, expect, it, vi } from 'vitest';
import { pollers } from './poller.ts';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe('the shared polling loop', () => {
  it('runs again at once while busy, pauses when idle, wakes early, and runs once per key', async () => {
    const kind = pollers<object>();
    const key = {};
    let work = 3;
    const round = vi.fn(async () => work-- > 0);
    const poller = kind.start(key, { idleMs: 60_000, round, onError: () => undefined });
    expect(kind.start(key, { idleMs: 1, round: async () => true, onError: () => undefined })).toBe(poller);
    expect(kind.running(key)).toBe(poller);
    await tick();
    expect(round).toHaveBeenCalledTimes(4); // three busy rounds, then one idle: the long pause starts
    poller.wake();
    await tick();
    expect(round).toHaveBeenCalledTimes(5);
    await kind.stop(key);
    expect(kind.running(key)).toBeUndefined();
  });

  it('hands a thrown error to onError and goes on; stop lets the current round finish, which sees stopping', async () => {
    const kind = pollers<object>();
    const key = {};
    const errors: unknown[] = [];
    let calls = 0;
    let release: () => void = () => undefined;
    let sawStopping = false;
    const poller = kind.start(key, {
      idleMs: 1,
      onError: (error) => errors.push(error),
      round: async (stopping) => {
        calls++;
        if (calls === 1) throw new Error('boom');
        if (calls === 2) {
          await new Promise<void>((resolve) => (release = resolve));
          sawStopping = stopping();
        }
        return false;
      },
    });
    await tick();
    expect(errors).toEqual([new Error('boom')]);
    expect(calls).toBe(2);
    const stopped = poller.stop();
    release();
    await stopped;
    expect(sawStopping).toBe(true);
    expect(calls).toBe(2);
    expect(kind.running(key)).toBeUndefined();
  });
});
