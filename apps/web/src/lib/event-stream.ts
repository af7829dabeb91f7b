/**
 * A server-sent event stream read with fetch (so it can send `Authorization`, which EventSource cannot; the
 * session code never goes into a URL). Like EventSource it reconnects by itself and sends the last event id it
 * saw as `Last-Event-ID`, so the server replays what was missed; a refusal (4xx) ends it. When the stream keeps
 * failing (a proxy that blocks it), `onPoll` is called every `pollMs` until a stream is open again, so the
 * screen re-reads instead of waiting.
 */

export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface EventStreamOptions {
  url: string;
  headers: () => Record<string, string>;
  onEvent: (event: StreamEvent) => void;
  /** Called every `pollMs` while the stream is down after `failuresBeforePolling` failures in a row. */
  onPoll?: () => void;
  /** The stream ended for good (the server refused it). */
  onRefused?: (status: number) => void;
  failuresBeforePolling?: number;
  pollMs?: number;
  /** Reconnect delay after `n` failures in a row: 1 s, 2 s, 4 s, then every 5 s. */
  backoffMs?: (failures: number) => number;
  fetchImpl?: typeof fetch;
}

const defaultBackoff = (failures: number) => Math.min(5000, 1000 * 2 ** Math.max(0, failures - 1));

/** Splits SSE text into events; answers the events and the unfinished rest. */
export function parseSse(text: string): { events: StreamEvent[]; rest: string } {
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: StreamEvent[] = [];
  for (const block of blocks) {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) events.push({ id, event, data: data.join('\n') });
    else if (id !== null) events.push({ id, event: 'id', data: '' });
  }
  return { events, rest };
}

/** Opens the stream; answers the function that closes it for good. */
export function openEventStream(o: EventStreamOptions): () => void {
  const fetchImpl = o.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const backoff = o.backoffMs ?? defaultBackoff;
  const failuresBeforePolling = o.failuresBeforePolling ?? 3;
  let lastId: string | null = null;
  let failures = 0;
  let closed = false;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;

  const stopPolling = () => {
    if (poll !== null) clearInterval(poll);
    poll = null;
  };

  const connect = async () => {
    retry = null;
    controller = new AbortController();
    let opened = false;
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream', ...o.headers() };
      if (lastId !== null) headers['last-event-id'] = lastId;
      // Low priority: a stream that never ends is not a page resource still loading (Lighthouse waits for every
      // high-priority request to end, decision 0065), and it must not compete with the page's own requests.
      const init: RequestInit = { headers, signal: controller.signal, cache: 'no-store', priority: 'low' };
      const res = await fetchImpl(o.url, init);
      if (res.status >= 400 && res.status < 500) {
        closed = true;
        stopPolling();
        o.onRefused?.(res.status);
        return;
      }
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const { events, rest } = parseSse(buffer);
        buffer = rest;
        for (const event of events) {
          if (!opened) {
            opened = true;
            failures = 0;
            stopPolling();
          }
          if (event.id !== null) lastId = event.id;
          if (event.event !== 'id') o.onEvent(event);
        }
      }
    } catch {
      // dropped or never opened: reconnect below
    }
    if (closed) return;
    if (!opened) failures++;
    if (failures >= failuresBeforePolling && poll === null && o.onPoll) {
      o.onPoll();
      poll = setInterval(() => o.onPoll?.(), o.pollMs ?? 5000);
    }
    retry = setTimeout(() => void connect(), opened ? 1000 : backoff(failures));
  };

  void connect();
  return () => {
    closed = true;
    stopPolling();
    if (retry !== null) clearTimeout(retry);
    controller?.abort();
  };
}
