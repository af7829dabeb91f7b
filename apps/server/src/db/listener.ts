/**
 * PostgreSQL LISTEN for the Db interface (client.ts): one dedicated connection, opened on the first listen,
 * carrying every channel of the process. When it drops it is reopened after RECONNECT_MS with every channel
 * listened again, and each handler is told `null` ("events may have been missed", so it re-reads).
 */
import type pg from 'pg';

const RECONNECT_MS = 1000;
type Handler = (payload: string | null) => void;

export function postgresListener(connect: () => pg.Client) {
  const handlers = new Map<string, Set<Handler>>();
  let client: Promise<pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  function open(): Promise<pg.Client> {
    const next = connect();
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    const dropped = () => {
      if (closed || client === null) return;
      client = null;
      next.end().catch(() => undefined);
      retry = setTimeout(() => {
        retry = null;
        if (closed || handlers.size === 0) return;
        connection()
          .then(() => handlers.forEach((set) => set.forEach((handler) => handler(null))))
          .catch(dropped);
      }, RECONNECT_MS);
    };
    next.on('error', dropped);
    next.on('end', dropped);
    return next.connect().then(async () => {
      for (const channel of handlers.keys()) await next.query(`listen ${quote(channel)}`);
      return next;
    });
  }

  function connection(): Promise<pg.Client> {
    client ??= open().catch((error: unknown) => {
      client = null;
      throw error;
    });
    return client;
  }

  return {
    async listen(channel: string, onPayload: Handler): Promise<() => Promise<void>> {
      const known = handlers.get(channel);
      handlers.set(channel, (known ?? new Set()).add(onPayload));
      const c = await connection();
      if (!known) await c.query(`listen ${quote(channel)}`);
      return async () => {
        const set = handlers.get(channel);
        set?.delete(onPayload);
        if (set && set.size === 0) {
          handlers.delete(channel);
          if (client) await (await client).query(`unlisten ${quote(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await (await c).end().catch(() => undefined);
    },
  };
}
