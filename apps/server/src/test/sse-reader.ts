/** Reads a server-sent event stream in tests: `until` waits for an event matching a predicate. */
export type SseEvent = { id: string | null; event: string; data: string };

export async function openSse(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  let seen = 0;
  /** The id a browser would send back on reconnect: the last `id:` line, also of blocks without data. */
  let lastId: string | null = null;
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2) ?? null;
        const data = field('data');
        lastId = field('id') ?? lastId;
        if (data !== null) events.push({ id: field('id'), event: field('event') ?? 'message', data });
      }
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    lastId: () => lastId,
    /** Settles when the server ends the stream (or it is closed here). */
    ended: pump,
    /** The next event (after those already taken) matching `match`, within `timeoutMs`. */
    async until(match: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
      const started = Date.now();
      for (;;) {
        const index = events.findIndex((e, i) => i >= seen && match(e));
        if (index >= 0) {
          seen = index + 1;
          return events[index]!;
        }
        if (Date.now() - started > timeoutMs) throw new Error(`no matching event in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}
