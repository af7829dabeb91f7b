/**
 * The database a journey's seed writes to: a stopped private server's PGlite directory, opened for the seed and
 * closed after it — or, while e2e/prepared-server.ts prepares a server before its first start, the database it
 * holds open already (a second PGlite on the same directory would not see its writes; its close() is left to the
 * preparation).
 */
import { openDb, type Db } from '../apps/server/src/db/client.ts';

const held = new Map<string, Db>();

export async function openJourneyDb(dataDir: string): Promise<Db> {
  const db = held.get(dataDir);
  if (!db) return openDb({ dataDir });
  return new Proxy(db, {
    get(target, property) {
      if (property === 'close') return async () => undefined;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Runs `run` with `db` as the one openJourneyDb(dataDir) answers. */
export async function holdingJourneyDb<T>(dataDir: string, db: Db, run: () => Promise<T>): Promise<T> {
  held.set(dataDir, db);
  try {
    return await run();
  } finally {
    held.delete(dataDir);
  }
}
