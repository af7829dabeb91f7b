/**
 * The polling loop the background workers share (the outbox, Tray's imports, the catalogue imports): a round
 * runs again at once while it finds work, else after `idleMs` or as soon as `wake()` is called (a commit that
 * queued work, e.g. `nudgeOutbox`). An error a round throws goes to `onError` and the loop goes on after the
 * pause. `stop()` lets the current round finish (its `stopping()` turns true) and resolves once the loop ended.
 * Each kind of worker runs once per key (the app's database handle): one `pollers()` per kind.
 */
export type Poller = { stop: () => Promise<void>; wake: () => void };

export type PollerOptions = {
  /** the pause when a round found nothing to do */
  idleMs: number;
  /** one round of work; answers whether it found any (true: the next round starts at once) */
  round: (stopping: () => boolean) => Promise<boolean>;
  /** what a round threw (logged by the worker) */
  onError: (error: unknown) => void;
};

function startPoller(options: PollerOptions, ended: () => void): Poller {
  let stopped = false;
  let wake: () => void = () => undefined;
  const loop = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        busy = await options.round(() => stopped);
      } catch (error) {
        options.onError(error);
      }
      if (!busy && !stopped)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.idleMs);
          timer.unref();
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    }
  })();
  return {
    wake: () => wake(),
    stop: async () => {
      stopped = true;
      wake();
      await loop;
      ended();
    },
  };
}

/** The running pollers of one kind of worker, at most one per key. */
export function pollers<K extends object>() {
  const running = new WeakMap<K, Poller>();
  return {
    /** the key's poller, if one runs */
    running: (key: K) => running.get(key),
    /** starts the key's poller, or answers the one already running */
    start(key: K, options: PollerOptions): Poller {
      const existing = running.get(key);
      if (existing) return existing;
      const poller = startPoller(options, () => running.delete(key));
      running.set(key, poller);
      return poller;
    },
    /** stops the key's poller after its current round, if one runs */
    stop: async (key: K) => {
      await running.get(key)?.stop();
    },
  };
}
