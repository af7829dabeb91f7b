/**
 * How the CLIs act (`npm run session`, `npm run shop:create`): a running server owns the PGlite data dir, so they
 * ask it over the platform API first and open the database themselves only when no server answers.
 */
import type { Config } from '../config.ts';
import { openDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

/** POSTs `body` to the running server's platform route `path`; its answer's data, or null when none runs. */
export async function viaRunningServer<T>(config: Config, path: string, body: unknown): Promise<T | null> {
  try {
    const response = await fetch(`${config.publicUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.platformApiKey}` },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as {
      success: boolean;
      data: T | null;
      errors: { message: string }[];
    };
    if (!json.success || !json.data) throw new Error(json.errors[0]?.message ?? `HTTP ${response.status}`);
    return json.data;
  } catch (error) {
    if (error instanceof TypeError) return null; // connection refused: no server running
    throw error;
  }
}

/** Opens the database (migrated), runs `work` on it and closes it. */
export async function viaDatabase<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}
