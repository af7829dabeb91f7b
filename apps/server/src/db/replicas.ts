/**
 * Read replicas (issue 40, docs/decisions/0060-read-replicas.md): one pool per hot standby of DATABASE_READ_URLS,
 * and a background poll (every `pollMs`) of the primary's WAL position and each replica's replayed position.
 *
 * A replica is in rotation ('ok') when it answers and is at most `maxLagMs` behind: its lag is the age of the newest
 * primary position it has replayed (the primary's position is sampled on each poll, so an idle primary is no lag).
 * Unreachable ('down'), too far behind ('lagging') or not a standby of this database ('refused', for good: a URL
 * that names the primary, another database or another server) are out of rotation, and reads go to the primary.
 * `pick(lsn, shopId)` answers a replica that has replayed `lsn` (a caller's last write) and the shop's last change
 * heard of (`changed`, db/change-floors.ts), else null.
 */
import pg from 'pg';
import { poolTransaction } from './client.ts';
import type { Queryable } from './queryable.ts';
import { changeFloors } from './change-floors.ts';
import { lsnOf } from './lsn.ts';

export type ReplicaState = 'ok' | 'lagging' | 'down' | 'refused';
/** `reads`: statements and transactions this instance sent it since start (whether it is used at all). */
export type ReplicaStatus = { name: string; state: ReplicaState; lagSeconds: number | null; reads: number };

export type Replica = Queryable & {
  name: string;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** A query failed on it: out of rotation until a poll finds it answering again. */
  failed(): void;
};

export type ReadReplicas = {
  /** A replica in rotation that has replayed `minLsn` (null: any), in turn; null when none. */
  pick(minLsn: bigint | null, shopId: string | null): Replica | null;
  /** Whether any replica is in rotation now (else a caller's last write need not be looked up). */
  anyInRotation(): boolean;
  /** A change of the shop (null: of any shop) was heard of, after its commit: see db/change-floors.ts. */
  changed(shopId: string | null): void;
  status(): ReplicaStatus[];
  /** One poll now (the timer runs one every `pollMs`). */
  poll(): Promise<void>;
  close(): Promise<void>;
};

export type ReplicaOptions = {
  urls: string[];
  maxLagMs: number;
  pollMs: number;
  /** Operator warnings (pt-BR): a replica refused, gone, lagging, back. */
  warn: (message: string) => void;
};

type Member = Replica & {
  pool: pg.Pool;
  state: ReplicaState;
  replayed: bigint | null;
  lagMs: number | null;
  checked: boolean;
  /** It answered the last poll (its lag may still be unknown: one primary sample only, at start). */
  answered: boolean;
  reads: number;
};

/** A poll or a first contact slower than this counts as no answer. */
const POLL_TIMEOUT_MS = 1_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function member(url: string, index: number): Member {
  // A stopped or unreachable standby fails fast; its queries are then retried on the primary by the caller.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 1_000,
    query_timeout: 5_000,
  });
  pool.on('error', () => {
    /* a dropped idle connection: the next query or poll says so */
  });
  const self: Member = {
    name: `réplica ${index + 1}`,
    pool,
    state: 'down',
    replayed: null,
    lagMs: null,
    checked: false,
    answered: false,
    reads: 0,
    query: async <T>(sql: string, params?: unknown[]) => {
      self.reads += 1;
      return (await pool.query(sql, params)).rows as T[];
    },
    transaction: (fn) => {
      self.reads += 1;
      return poolTransaction(pool, 'begin read only', fn);
    },
    failed: () => {
      self.state = self.state === 'refused' ? 'refused' : 'down';
    },
  };
  return self;
}

type Identity = { standby: boolean; database: string; system: string | null };

const IDENTITY_SQL = `select pg_is_in_recovery() as standby, current_database() as database,
  (select system_identifier::text from pg_control_system()) as system`;

async function identity(db: Queryable): Promise<Identity> {
  const [row] = await db.query<Identity>(IDENTITY_SQL);
  return row!;
}

/** Why `replica` cannot serve `primary`'s reads (pt-BR), or null when it is a standby of the same database. */
function refusal(primary: Identity, replica: Identity): string | null {
  if (!replica.standby) return 'não é uma réplica em recuperação (é o primário ou um servidor independente)';
  if (replica.system !== primary.system) return 'é réplica de outro servidor PostgreSQL';
  if (replica.database !== primary.database) return `aponta para outro banco (${replica.database})`;
  return null;
}

export async function openReadReplicas(primary: Queryable, options: ReplicaOptions): Promise<ReadReplicas> {
  const members = options.urls.map(member);
  const primaryIdentity = await identity(primary);
  /** The primary's WAL position at each poll, oldest first, kept a little longer than the lag limit. */
  const samples: { at: number; lsn: bigint }[] = [];
  let turn = 0;
  const floors = changeFloors(options.maxLagMs + 2_000);
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const setState = (m: Member, state: ReplicaState, detail: string) => {
    if (m.state !== state && !(m.state === 'down' && state === 'down'))
      options.warn(
        `Banco de leitura ${m.name}: ${detail}; leituras ${state === 'ok' ? 'voltam a ela' : 'no primário'}`,
      );
    m.state = state;
  };

  /** Age of the newest primary position `replayed` covers; null when none is known yet. */
  const lagOf = (replayed: bigint, now: number): number | null => {
    for (let i = samples.length - 1; i >= 0; i--)
      if (samples[i]!.lsn <= replayed) return now - samples[i]!.at;
    const oldest = samples[0];
    return oldest && now - oldest.at > options.maxLagMs ? now - oldest.at : null;
  };

  const pollMember = async (m: Member, now: number) => {
    if (m.state === 'refused') return;
    try {
      if (!m.checked) {
        const seen = await withTimeout(m.pool.query<Identity>(IDENTITY_SQL), POLL_TIMEOUT_MS);
        const why = refusal(primaryIdentity, seen.rows[0]!);
        if (why) {
          setState(m, 'refused', `${why}: recusada`);
          await m.pool.end().catch(() => undefined);
          return;
        }
        m.checked = true;
      }
      const [row] = await withTimeout(
        m.pool
          .query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn')
          .then((r) => r.rows),
        POLL_TIMEOUT_MS,
      );
      m.answered = true;
      m.replayed = row?.lsn ? lsnOf(row.lsn) : null;
      m.lagMs = m.replayed === null ? null : lagOf(m.replayed, now);
      if (m.lagMs === null) return; // not known yet: stays as it was
      if (m.lagMs > options.maxLagMs)
        setState(m, 'lagging', `${Math.round(m.lagMs / 1000)} s atrás do primário`);
      else setState(m, 'ok', 'em dia');
    } catch {
      m.answered = false;
      m.lagMs = null;
      setState(m, 'down', 'sem resposta');
    }
  };

  const poll = async () => {
    const now = Date.now();
    const sampled = floors.sampling(); // the changes heard before the sample: it is past their commits
    try {
      const [row] = await withTimeout(
        primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
        POLL_TIMEOUT_MS,
      );
      const lsn = lsnOf(row!.lsn);
      samples.push({ at: now, lsn });
      sampled(lsn, now);
      while (samples.length > 1 && now - samples[1]!.at > options.maxLagMs + 2_000) samples.shift();
    } catch {
      // The primary did not answer: the replicas' lag stays as last measured.
    }
    await Promise.all(members.map((m) => pollMember(m, now)));
  };

  const tick = () => {
    if (closed) return;
    timer = setTimeout(() => void poll().finally(tick), options.pollMs);
    timer.unref();
  };

  await poll();
  for (const m of members)
    if (m.state === 'down')
      options.warn(`Banco de leitura ${m.name}: sem resposta na partida; leituras no primário`);
  tick();

  const inRotation = () => members.filter((m) => m.state === 'ok');
  return {
    pick: (minLsn, shopId) => {
      const floor = floors.need(shopId);
      if (floor === 'primary') return null;
      const needs = floor !== null && (minLsn === null || floor > minLsn) ? floor : minLsn;
      const ready = inRotation().filter(
        (m) => needs === null || (m.replayed !== null && m.replayed >= needs),
      );
      if (ready.length === 0) return null;
      turn = (turn + 1) % ready.length;
      return ready[turn]!;
    },
    anyInRotation: () => inRotation().length > 0,
    changed: (shopId) => floors.heard(shopId),
    status: () =>
      members.map((m) => ({
        name: m.name,
        state: m.state,
        lagSeconds: m.lagMs === null ? null : Math.round(m.lagMs / 100) / 10,
        reads: m.reads,
      })),
    poll,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await Promise.all(
        members.map((m) => (m.state === 'refused' ? undefined : m.pool.end().catch(() => undefined))),
      );
    },
  };
}
