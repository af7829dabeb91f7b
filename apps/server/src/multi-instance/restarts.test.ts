/**
 * Restarts and crashes of a three-instance cluster under steady load (issue 15): a rolling SIGTERM restart through
 * a balancer that does not retry fails no request (the drain window), and a SIGKILL of one instance loses no
 * acknowledged change and leaves no outbox row undelivered or delivered twice once the instance is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterAvailable, startCluster, type Cluster } from '../test/cluster/cluster.ts';
import { call, mintSession, setChatbotWebhook } from '../test/cluster/cluster-client.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../test/cluster/webhook-receiver.ts';
import { outboxSettled, simpleProducts } from './cluster-kit.ts';
import { startCartLoad } from './load.ts';

describe.skipIf(!clusterAvailable)('restarts and crashes under load, three instances', () => {
  let cluster: Cluster;
  let receiver: WebhookReceiver;
  let products: string[];
  beforeAll(async () => {
    receiver = await startWebhookReceiver({ delayMs: 100 });
    cluster = await startCluster({ instances: 3 });
    products = (await simpleProducts(cluster.proxy.url, await mintSession(cluster.proxy.url))).slice(0, 20);
  }, 90_000);
  afterAll(async () => {
    await cluster?.stop();
    await receiver?.close();
  });

  it('restarts every instance in turn with SIGTERM and fails no request', async () => {
    const load = await startCartLoad(cluster.proxy.url, products, 10, 60);
    for (const i of cluster.instances.keys()) {
      expect(await cluster.stopInstance(i, 'SIGTERM')).toBe(0);
      await cluster.startInstance(i);
    }
    const figures = await load.stop();
    const found = await load.verify(cluster.proxy.url);
    console.info('rolling restart:', {
      ...figures,
      linesChecked: found,
      proxyFailures: cluster.proxy.failures(),
    });
    expect(figures.requests).toBeGreaterThan(300);
    expect(figures.failed).toBe(0);
    expect(cluster.proxy.failures()).toBe(0);
  }, 90_000);

  it('loses nothing acknowledged and delivers every outbox row once after a SIGKILL under load', async () => {
    const base = cluster.proxy.url;
    await setChatbotWebhook(base, 'hortifruti', receiver.url);
    const failuresBefore = cluster.proxy.failures();
    const load = await startCartLoad(base, products, 10, 80);
    // Confirms queue events while the load runs; the receiver takes 100 ms each, so some are in flight at the kill.
    const confirmers = Array.from({ length: 24 }, async (_, n) => {
      await new Promise((resolve) => setTimeout(resolve, n * 60));
      const code = await mintSession(base).catch(() => null);
      if (!code) return null;
      const added = await call(base, 'POST', '/api/order/items/', {
        code,
        body: { providerId: products[n % 20], quantity: 30 },
      });
      if (added.status !== 200) return null;
      const confirmed = await call<{ order: { id: string } }>(base, 'GET', '/api/order/confirm', { code });
      return confirmed.status === 200 ? confirmed.data.order.id : null;
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    await cluster.stopInstance(0, 'SIGKILL');
    const confirmedIds = (await Promise.all(confirmers)).filter((id): id is string => id !== null);
    await cluster.startInstance(0);
    const figures = await load.stop();
    const found = await load.verify(base);

    await outboxSettled(cluster.db, 30_000);
    const rows = await cluster.db.query<{ id: string; status: string; order_id: string }>(
      "select id, status, order_id from outbox where kind = 'event' and type = 'order.confirmed'",
    );
    const counts = receiver.counts();
    const perRow = rows.map((row) => counts.get(row.id) ?? 0);
    console.info('SIGKILL:', {
      ...figures,
      linesChecked: found,
      proxyFailures: cluster.proxy.failures() - failuresBefore,
      confirmed: confirmedIds.length,
      outboxRows: rows.length,
      deliveriesPerRow: Object.fromEntries(
        [...new Set(perRow)].map((n) => [n, perRow.filter((c) => c === n).length]),
      ),
    });
    expect(figures.acknowledged).toBeGreaterThan(100);
    for (const id of confirmedIds) expect(rows.map((r) => r.order_id)).toContain(id);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(perRow.every((n) => n >= 1)).toBe(true);
    // Only a row whose delivery was in flight at the kill may reach the receiver twice (same idempotency key).
    expect(perRow.filter((n) => n > 1).length).toBeLessThanOrEqual(1);
  }, 90_000);
});
