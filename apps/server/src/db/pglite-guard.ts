/**
 * A stopped PGlite backend as an error, never a spin (docs/decisions/0012).
 *
 * PGlite's protocol loop (`execProtocolRawSync`) swallows every exception of its WASM backend except the ERROR
 * longjmp. Once the backend has exited — a FATAL, an abort, a message it read past the end of — the next message
 * loops forever at 100 % CPU, synchronously, so no timer or test timeout can stop it (electric-sql/pglite#1058; the
 * fix proposed upstream in #1081 is not in a release up to 0.5.17). The guard wraps the backend's entry points:
 * the first exception that is not the longjmp marks the database stopped, and from then on every call into the loop
 * leaves it through the one path the loop rethrows from, with an error that names the cause and the statement that
 * met it. A loop that keeps raising errors without reading its input is stopped the same way.
 */
import type { PGlite } from '@electric-sql/pglite';

/** The backend's entry points the loop calls (PGlite's PostgresMod, not exported by the package). */
type Backend = Record<
  | '_PostgresMainLoopOnce'
  | '_PostgresMainLongJmp'
  | '_PostgresSendReadyForQueryIfNecessary'
  | '_pgl_pq_flush',
  () => void
>;

/** More ERROR longjmps than this in one protocol call: the backend is not reading its input (a batch holds ≤ 5). */
const MAX_ERRORS_PER_CALL = 1000;

export class PgliteStoppedError extends Error {
  override name = 'PgliteStoppedError';
}

/** The cause of a stop, as the error's text says it. */
export function describeStop(cause: unknown): string {
  if (cause instanceof Error) {
    // A trap inside the backend (a RuntimeError) names no statement part: its innermost WASM frames say where.
    const frames = (cause.stack ?? '')
      .split('\n')
      .filter((line) => line.includes('wasm'))
      .slice(0, 6)
      .map((line) => line.trim().replace(/^at /, ''));
    return `${cause.name}: ${cause.message}${frames.length ? ` at ${frames.join(' < ')}` : ''}`;
  }
  if (cause && typeof cause === 'object') {
    const { name, message, status } = cause as { name?: unknown; message?: unknown; status?: unknown };
    return [name, message, status === undefined ? undefined : `status ${String(status)}`]
      .filter((part) => part !== undefined)
      .join(': ');
  }
  return String(cause);
}

/**
 * Installs the guard on an open PGlite. `statement` names what the caller is running (for the error's text).
 * Returns the error that stopped the backend, if any.
 */
export function guardPglite(lite: PGlite, statement: () => string): () => PgliteStoppedError | undefined {
  // Both are protected in PGlite's types and plain properties at run time.
  const { mod, POSTGRES_MAIN_LONGJMP: longjmpStatus } = lite as unknown as {
    mod?: Backend;
    POSTGRES_MAIN_LONGJMP: unknown;
  };
  if (!mod) throw new Error('PGlite is not ready');
  if (typeof longjmpStatus !== 'number')
    throw new Error('PGlite without its longjmp marker: check the guard');
  const marker = { status: longjmpStatus };

  let stopped: PgliteStoppedError | undefined;
  let errorsInCall = 0;
  const stop = (cause: unknown) => {
    stopped ??= new PgliteStoppedError(
      `PGlite stopped (${describeStop(cause)}) while running: ${statement().slice(0, 300)}`,
      { cause },
    );
  };

  const rawSync = lite.execProtocolRawSync.bind(lite);
  lite.execProtocolRawSync = (message: Uint8Array) => {
    if (stopped) throw stopped;
    errorsInCall = 0;
    return rawSync(message);
  };

  const loopOnce = mod._PostgresMainLoopOnce;
  mod._PostgresMainLoopOnce = () => {
    if (stopped) throw marker;
    try {
      loopOnce();
    } catch (error) {
      const isLongjmp = (error as { status?: unknown } | null)?.status === longjmpStatus;
      if (!isLongjmp) stop(error);
      else if (++errorsInCall > MAX_ERRORS_PER_CALL)
        stop(new Error(`${errorsInCall} errors in one call without reading its input`));
      throw isLongjmp ? error : marker;
    }
  };
  // The loop calls this after an ERROR (and for the marker): a backend that exits while recovering from the ERROR
  // (a FATAL) is stopped here, and a stopped backend leaves the loop here, with the error.
  const longJmp = mod._PostgresMainLongJmp;
  mod._PostgresMainLongJmp = () => {
    if (!stopped) {
      try {
        longJmp();
        return;
      } catch (error) {
        stop(error);
      }
    }
    throw stopped;
  };
  // The loop's `finally` calls these two: against a stopped backend they would replace the error with their own.
  for (const name of ['_PostgresSendReadyForQueryIfNecessary', '_pgl_pq_flush'] as const) {
    const original = mod[name];
    mod[name] = () => {
      if (!stopped) original();
    };
  }
  return () => stopped;
}
