/** A query runner: the whole database or one transaction. Same SQL on PGlite and PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel`: `onPayload` gets each NOTIFY payload sent on it by any connection to the database (any
   * instance), after the sender's commit. Answers the function that stops listening. PostgreSQL: one dedicated
   * connection per Db, opened on first use and reopened (channels listened again, `onPayload(null)` = "events
   * may have been missed") when it drops. PGlite: its in-process listen, the same code path for callers.
   */
  listen(channel: string, onPayload: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
