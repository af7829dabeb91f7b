/**
 * The chatbot platform's side in the cluster tests: an HTTP server that takes every signed webhook (events and
 * WebChat messages), answers 200 after `delayMs` (a slow receiver), and counts deliveries per idempotency key.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_ID_HEADER } from '../../adapters/channels/webhook-signature.ts';

export type WebhookDelivery = {
  key: string;
  idempotencyKey: string;
  bodyId: string;
  type: string;
  event: string | null;
};

export type WebhookReceiver = {
  url: string;
  deliveries: WebhookDelivery[];
  /** Deliveries per idempotency key. */
  counts: () => Map<string, number>;
  close: () => Promise<void>;
};

export async function startWebhookReceiver({ delayMs = 0 } = {}): Promise<WebhookReceiver> {
  const deliveries: WebhookDelivery[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { id?: string; type?: string; event?: string };
      deliveries.push({
        key: String(req.headers[EVENT_ID_HEADER] ?? ''),
        idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
        bodyId: body.id ?? '',
        type: body.type ?? '',
        event: body.event ?? null,
      });
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/events`,
    deliveries,
    counts: () => {
      const counts = new Map<string, number>();
      for (const d of deliveries) counts.set(d.key, (counts.get(d.key) ?? 0) + 1);
      return counts;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
