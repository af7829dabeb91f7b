import type { TrayImportStatus } from '@vitrine/contracts/tray';

/** One pt-BR line describing a catalogue import for the callback page. */
export function importStatusText(status: TrayImportStatus): string {
  switch (status.status) {
    case 'queued':
      return status.errorMessage
        ? `Importação do catálogo aguardando nova tentativa. ${status.errorMessage}`
        : 'Importação do catálogo na fila…';
    case 'running':
      return `Importando o catálogo: ${status.productsDone} de ${status.productsTotal ?? '…'} produtos`;
    case 'done': {
      const done = `Catálogo importado: ${status.productsDone} ${status.productsDone === 1 ? 'produto' : 'produtos'}`;
      return status.errorMessage ? `${done}. ${status.errorMessage}` : done;
    }
    case 'failed':
      return status.errorMessage ?? 'Falha ao importar o catálogo.';
  }
}

/** Whether the import may still change (the page keeps polling). */
export const importPending = (status: TrayImportStatus | null) =>
  status === null || status.status === 'queued' || status.status === 'running';
