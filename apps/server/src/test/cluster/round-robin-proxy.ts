/**
 * A plain round-robin balancer in front of the cluster, like a real one that does not retry: it polls each
 * upstream's `/healthz` every `healthIntervalMs` and sends each request to the next upstream that answered 200 at
 * its last check. A request whose upstream fails (refused, reset, cut) is answered 502 and counted; it is never
 * sent again elsewhere, so every lost request shows up in `failures`.
 */
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  url: string;
  /** Requests answered 502 (upstream failed) or 503 (no healthy upstream). */
  failures: () => number;
  /** Upstreams that passed their last health check. */
  healthy: () => string[];
  close: () => Promise<void>;
};

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade'];

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

export async function startRoundRobinProxy(
  upstreams: string[],
  { healthIntervalMs = 250 }: { healthIntervalMs?: number } = {},
): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const healthy = new Set<string>();
  let failures = 0;
  let turn = 0;

  // One check at a time per upstream; a check may take up to a second on a loaded machine before it counts as
  // failed (a refused connection or a non-200 answer counts at once).
  const inFlight = new Set<string>();
  const check = async (upstream: string) => {
    if (inFlight.has(upstream)) return;
    inFlight.add(upstream);
    const ok = await fetch(`${upstream}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    inFlight.delete(upstream);
    if (ok) healthy.add(upstream);
    else healthy.delete(upstream);
  };
  let checking = Promise.resolve();
  const timer = setInterval(() => {
    checking = Promise.all(upstreams.map(check)).then(() => undefined);
  }, healthIntervalMs);
  await Promise.all(upstreams.map(check));

  const next = (): URL | null => {
    const live = upstreams.filter((u) => healthy.has(u));
    if (!live.length) return null;
    turn = (turn + 1) % live.length;
    return new URL(live[turn]!);
  };

  const server = createServer((req, res) => {
    const target = next();
    const fail = (status: number) => {
      failures += 1;
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json' });
      res.end();
    };
    if (!target) return fail(503);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: forwardable(req.headers),
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        answer.on('aborted', () => {
          failures += 1;
          res.destroy();
        });
      },
    );
    upstream.on('error', () => fail(502));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failures: () => failures,
    healthy: () => upstreams.filter((u) => healthy.has(u)),
    close: async () => {
      clearInterval(timer);
      await checking;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
