/** A throwaway PostgreSQL database for one cluster run: created on the test server, dropped (connections and all) after. */
import { randomBytes } from 'node:crypto';
import { openDb, type Db } from '../../db/client.ts';

export type ClusterDatabase = { url: string; db: Db; drop: () => Promise<void> };

export async function createClusterDatabase(serverUrl: string): Promise<ClusterDatabase> {
  const name = `vitrine_cluster_${randomBytes(5).toString('hex')}`;
  const admin = await openDb({ databaseUrl: serverUrl, poolSize: 1 });
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}
