/**
 * The multi-instance harness (issue 15): two or three real server processes on one throwaway PostgreSQL database,
 * behind a round-robin proxy that does not retry. Tests drive the cluster through `proxy.url` (or one instance's
 * url), read the database through `db`, and kill or restart instances. Needs TEST_DATABASE_URL (the PostgreSQL
 * half of the suite); `stop()` kills every process and drops the database.
 */
import type { Db } from '../../db/client.ts';
import { createPgDatabase } from '../pg-database.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { freePort, startServerProcess, type ServerProcess } from './server-process.ts';

export const CLUSTER_PLATFORM_KEY = 'cluster-platform-key-0123456789abcdef';

export type Instance = { port: number; url: string; process: ServerProcess | null };

export type Cluster = {
  db: Db;
  proxy: RoundRobinProxy;
  instances: Instance[];
  /** Sends `signal` to instance `i` and waits until it exited. */
  stopInstance: (i: number, signal: NodeJS.Signals) => Promise<number | null>;
  /** Starts instance `i` again on its port and waits until the proxy routes to it. */
  startInstance: (i: number) => Promise<void>;
  stop: () => Promise<void>;
};

export type ClusterOptions = { instances?: number; env?: NodeJS.ProcessEnv; healthIntervalMs?: number };

export const clusterAvailable = Boolean(process.env.TEST_DATABASE_URL);

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const database = await createPgDatabase(process.env.TEST_DATABASE_URL!, { poolSize: 4 });
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: database.url,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    PLATFORM_API_KEY: CLUSTER_PLATFORM_KEY,
    OUTBOX_LEASE_SECONDS: '5',
    SHUTDOWN_DRAIN_MS: '2500',
    ...options.env,
  };
  const instances: Instance[] = [];
  for (let i = 0; i < (options.instances ?? 3); i++) {
    const port = await freePort();
    instances.push({ port, url: `http://127.0.0.1:${port}`, process: null });
  }
  const launch = async (instance: Instance) => {
    instance.process = await startServerProcess(instance.port, env);
  };
  let proxy: RoundRobinProxy | null = null;
  try {
    await launch(instances[0]!); // migrates and seeds; the others find the database ready
    await Promise.all(instances.slice(1).map(launch));
    proxy = await startRoundRobinProxy(
      instances.map((i) => i.url),
      { healthIntervalMs: options.healthIntervalMs ?? 250 },
    );
  } catch (error) {
    for (const instance of instances) instance.process?.child.kill('SIGKILL');
    await database.drop();
    throw error;
  }
  const routed = proxy;

  return {
    db: database.db,
    proxy: routed,
    instances,
    stopInstance: async (i, signal) => {
      const running = instances[i]!.process;
      if (!running) return null;
      running.child.kill(signal);
      const code = await running.exited;
      instances[i]!.process = null;
      return code;
    },
    startInstance: async (i) => {
      await launch(instances[i]!);
      while (!routed.healthy().includes(instances[i]!.url))
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
    stop: async () => {
      await routed.close();
      for (const instance of instances) {
        instance.process?.child.kill('SIGKILL');
        if (instance.process) await instance.process.exited;
      }
      await database.drop();
    },
  };
}
