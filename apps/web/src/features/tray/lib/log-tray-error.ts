import { firstServerMessage, isApiCallError } from '../../../lib/api-client';

/** Spec §8: Tray link errors are only logged (no dialog, no toast); the server's pt-BR reason included. */
export function logTrayError(error: unknown): void {
  if (isApiCallError(error) && error.aborted) return;
  const message = isApiCallError(error) ? error.message : 'Falha na integração com a Tray';
  const reason = firstServerMessage(error);
  console.error(reason ? `${message}: ${reason}` : message);
}
