import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, parseSse, type StreamEvent } from './event-stream';

/** A response whose body streams `chunks`, then ends (a dropped connection) unless `hold`. */
function sseResponse(chunks: string[], hold = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!hold) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

afterEach(() => vi.useRealTimers());

describe('parseSse', () => {
  it('reads id, event and data fields, skips comments, keeps the unfinished rest', () => {
    const { events, rest } = parseSse(
      'retry: 3000\n\n: ping\n\nid: 7\nevent: order\ndata: {"v":1}\n\nid: 8\r\nevent: ord',
    );
    expect(events).toEqual([{ id: '7', event: 'order', data: '{"v":1}' }]);
    expect(rest).toBe('id: 8\nevent: ord');
  });
});

describe('openEventStream', () => {
  it('reconnects after a drop with the last event id, so the server can replay what was missed', async () => {
    const calls: Record<string, string>[] = [];
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(init?.headers as Record<string, string>);
      return calls.length === 1
        ? sseResponse(['id: 4\nevent: hello\ndata: {}\n\n', 'id: 5\nevent: order\ndata: {"n":5}\n\n'])
        : sseResponse(['id: 6\nevent: order\ndata: {"n":6}\n\n'], true);
    }) as unknown as typeof fetch;
    const seen: StreamEvent[] = [];
    const close = openEventStream({
      url: '/api/order/o1/events',
      headers: () => ({ authorization: 'Bearer abc' }),
      onEvent: (event) => seen.push(event),
      backoffMs: () => 1,
      fetchImpl,
    });
    await until(() => seen.length === 3);
    close();
    expect(calls[0]).toEqual({ accept: 'text/event-stream', authorization: 'Bearer abc' });
    expect(calls[1]).toMatchObject({ 'last-event-id': '5' });
    expect(seen.map((e) => e.id)).toEqual(['4', '5', '6']);
  });

  it('polls while the stream keeps failing, and stops polling once a stream opens', async () => {
    let attempts = 0;
    const fetchImpl = vi.fn(async () => {
      attempts++;
      if (attempts <= 3) throw new TypeError('blocked');
      return sseResponse(['id: 1\nevent: hello\ndata: {}\n\n'], true);
    }) as unknown as typeof fetch;
    const polls: number[] = [];
    const events: StreamEvent[] = [];
    const close = openEventStream({
      url: '/x',
      headers: () => ({}),
      onEvent: (event) => events.push(event),
      onPoll: () => polls.push(attempts),
      backoffMs: () => 20,
      pollMs: 5,
      fetchImpl,
    });
    await until(() => events.length === 1);
    const pollsWhenOpen = polls.length;
    await new Promise((resolve) => setTimeout(resolve, 40));
    close();
    expect(pollsWhenOpen).toBeGreaterThan(0);
    expect(polls[0]).toBe(3); // polling began after the third failure in a row
    expect(polls.length).toBe(pollsWhenOpen); // and stopped when the stream opened
  });

  it('asks for the stream at low priority: a request that never ends is not a page resource still loading', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      inits.push(init);
      return sseResponse(['id: 1\nevent: hello\ndata: {}\n\n'], true);
    }) as unknown as typeof fetch;
    const close = openEventStream({ url: '/x', headers: () => ({}), onEvent: () => undefined, fetchImpl });
    await until(() => inits.length === 1);
    close();
    // Lighthouse waits for every High / VeryHigh request of the page to end (decision 0065): a stream fetched at
    // the default priority (High) kept every run waiting 45 s, and the product gallery slid on all that time.
    expect(inits[0]?.priority).toBe('low');
  });

  it('ends for good when the server refuses the stream (4xx)', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 404 })) as unknown as typeof fetch;
    const refused: number[] = [];
    openEventStream({
      url: '/x',
      headers: () => ({}),
      onEvent: () => undefined,
      onRefused: (status) => refused.push(status),
      backoffMs: () => 1,
      fetchImpl,
    });
    await until(() => refused.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(refused).toEqual([404]);
  });
});
