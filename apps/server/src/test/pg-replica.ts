/**
 * A real hot standby of the test PostgreSQL server (TEST_DATABASE_URL), for the read-replica suite (issue 40,
 * docs/decisions/0060-read-replicas.md): `pg_basebackup -R` with a replication slot into a temporary directory
 * owned by `postgres` (in /dev/shm when there is one; nothing of it needs to survive), started with the machine's PostgreSQL 15 `pg_ctl` on a free port, streaming from the
 * primary. `destroy()` stops it, removes the directory and drops the slot; the next run also removes what a killed
 * run left (directories and slots are named after the run's pid, as pg-database.ts names databases).
 *
 * The primary must accept replication connections from 127.0.0.1: when no pg_hba.conf line does, this adds
 * `host replication all 127.0.0.1/32 trust` to the server's hba file once and reloads it (idempotent; the test
 * server already trusts every local connection). PostgreSQL refuses to run as root: as root, the commands run as
 * `postgres` through runuser.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chown, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Db } from '../db/client.ts';
import { freePort } from './cluster/server-process.ts';
import { alive, withAdmin } from './pg-database.ts';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';
const PREFIX = 'vitrine-replica-';
const SLOT_PREFIX = 'vitrine_r';
/** In memory when the machine has it: a copy on this disk took 6–17 s, in /dev/shm under half a second. */
const PARENT = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

export type PgReplica = {
  port: number;
  /** The replica's URL for one database of the primary's server. */
  urlOf: (database: string) => string;
  /** Stops the standby (fast shutdown: open connections are cut). */
  stop: () => Promise<void>;
  /** Starts it again; it resumes streaming from its slot. */
  start: () => Promise<void>;
  /** Sets `recovery_min_apply_delay` and reloads (a commit waiting to be applied is re-timed). */
  setApplyDelay: (ms: number) => Promise<void>;
  destroy: () => Promise<void>;
};

/** Runs a PostgreSQL tool as the `postgres` user (through runuser when we are root). */
async function asPostgres(tool: string, args: string[]): Promise<string> {
  const root = process.getuid?.() === 0;
  const [command, argv] = root ? ['runuser', ['-u', 'postgres', '--', tool, ...args]] : [tool, args];
  try {
    return (await run(command, argv, { timeout: 60_000 })).stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`${tool} ${args.join(' ')} falhou: ${e.stderr || e.message}`);
  }
}

/** Adds the replication line to the primary's pg_hba.conf when no line allows it from 127.0.0.1, and reloads. */
async function allowReplication(admin: Db): Promise<void> {
  const [rule] = await admin.query<{ n: number }>(
    `select count(*)::int as n from pg_hba_file_rules
      where 'replication' = any(database) and type = 'host' and address = '127.0.0.1' and error is null`,
  );
  if (rule!.n > 0) return;
  const [{ hba_file: file }] = (await admin.query<{ hba_file: string }>('show hba_file')) as [
    { hba_file: string },
  ];
  await appendFile(
    file,
    '\n# Vitrine tests (apps/server/src/test/pg-replica.ts): pg_basebackup and a streaming standby on this machine\n' +
      'host    replication     all             127.0.0.1/32            trust\n',
  );
  await admin.query('select pg_reload_conf()');
  await new Promise((resolve) => setTimeout(resolve, 300)); // the postmaster reloads asynchronously
}

/** Stops and removes the standbys and slots of runs whose process is gone. */
async function removeLeftovers(admin: Db): Promise<void> {
  for (const name of await readdir(PARENT)) {
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid || alive(pid)) continue;
    const data = join(PARENT, name, 'data');
    await asPostgres(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
    await rm(join(PARENT, name), { recursive: true, force: true });
  }
  const slots = await admin.query<{ slot_name: string }>(
    `select slot_name from pg_replication_slots where slot_name ~ '^${SLOT_PREFIX}[0-9]+_' and not active`,
  );
  for (const { slot_name: slot } of slots) {
    const pid = Number(new RegExp(`^${SLOT_PREFIX}(\\d+)_`).exec(slot)![1]);
    if (!alive(pid)) await admin.query('select pg_drop_replication_slot($1)', [slot]);
  }
}

/** Settings a standby must have at least as high as its primary's, or it refuses to start. */
const AT_LEAST_PRIMARY = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

/**
 * Creates and starts a standby of `serverUrl`'s server; `applyDelayMs` sets `recovery_min_apply_delay` (forced
 * lag). Throws with the reason when this machine cannot run one (the suite then fails, it does not skip).
 */
export async function startPgReplica(serverUrl: string, { applyDelayMs = 0 } = {}): Promise<PgReplica> {
  const primary = new URL(serverUrl);
  const slot = `${SLOT_PREFIX}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const settings = await withAdmin(serverUrl, async (admin) => {
    await allowReplication(admin);
    await removeLeftovers(admin);
    return admin.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name = any($1)`,
      [AT_LEAST_PRIMARY],
    );
  });
  const dir = await mkdtemp(join(PARENT, `${PREFIX}${process.pid}-`));
  const data = join(dir, 'data');
  const port = await freePort();
  const pgctl = (...args: string[]) => asPostgres(`${BIN}/pg_ctl`, ['-D', data, ...args]);
  let slotMade = false;
  const destroy = async () => {
    await pgctl('-m', 'immediate', 'stop').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    if (slotMade)
      await withAdmin(serverUrl, (admin) =>
        admin.query(
          `select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1`,
          [slot],
        ),
      ).catch(() => undefined);
  };
  try {
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      await chown(dir, Number(stdout), Number(gid));
    }
    await asPostgres(`${BIN}/pg_basebackup`, [
      ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', decodeURIComponent(primary.username)],
      ...['-D', data, '-X', 'stream', '-R', '-C', '-S', slot, '-c', 'fast', '--no-sync'],
    ]);
    slotMade = true;
    // Debian keeps postgresql.conf and pg_hba.conf in /etc: the copy gets its own, small ones.
    const conf = [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      'hot_standby_feedback = on',
      `recovery_min_apply_delay = '${applyDelayMs}ms'`,
      'shared_buffers = 16MB',
      'fsync = off',
      ...settings.map((s) => `${s.name} = ${s.setting}`),
    ];
    const configFile = join(data, 'postgresql.conf');
    await writeFile(configFile, `${conf.join('\n')}\n`);
    await writeFile(join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    await writeFile(join(data, 'pg_ident.conf'), '');
    if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', data]);
    const start = () => pgctl('-l', join(dir, 'log'), '-w', '-t', '30', 'start').then(() => undefined);
    await start();
    const url = new URL(serverUrl);
    url.port = String(port);
    return {
      port,
      urlOf: (database) => {
        const named = new URL(url);
        named.pathname = `/${database}`;
        return named.toString();
      },
      stop: () => pgctl('-m', 'fast', '-w', 'stop').then(() => undefined),
      start,
      setApplyDelay: async (ms) => {
        await appendFile(configFile, `recovery_min_apply_delay = '${ms}ms'\n`); // the last line wins
        await pgctl('reload');
      },
      destroy,
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}
