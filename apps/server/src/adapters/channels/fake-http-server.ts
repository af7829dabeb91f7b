/**
 * A scriptable HTTP server on 127.0.0.1 for adapter tests: records every request (method, path, headers, raw
 * body) and answers from a queue of responses (the last one repeats), optionally raw or delayed — or, given a
 * `handler`, computes each answer from the request (fake-whatsapp-cloud.ts).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  json: unknown;
};
export type ScriptedResponse = {
  status: number;
  body: unknown;
  /** Sent as is instead of JSON.stringify(body) (e.g. an unreadable body). */
  raw?: string;
  /** Waits before answering (timeout tests). */
  delayMs?: number;
};

export type FakeHttpServer = {
  url: string;
  requests: RecordedRequest[];
  /** Responses to give, in order; the last one is repeated. */
  respond: (...responses: ScriptedResponse[]) => void;
  close: () => Promise<void>;
};

export async function startFakeHttpServer(
  handler?: (request: RecordedRequest) => ScriptedResponse,
): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  let queue: ScriptedResponse[] = [{ status: 200, body: {} }];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = raw ? JSON.parse(raw) : null;
      } catch {
        json = null;
      }
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, json };
      requests.push(request);
      const next = handler ? handler(request) : queue.length > 1 ? queue.shift()! : queue[0]!;
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(next.status, { 'content-type': 'application/json' });
        res.end(next.raw ?? JSON.stringify(next.body));
      };
      if (next.delayMs) setTimeout(answer, next.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (...responses) => {
      queue = responses;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
