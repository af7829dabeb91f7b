import type { TrayImportStatus } from '@vitrine/contracts/tray';
import { useImportStatus } from '../hooks/use-import-status';
import { importStatusText } from '../lib/import-status-text';

/** A live line about the catalogue import of the store just linked (polite live region). */
export function TrayImportStatusView({
  store,
  apiAddress,
  initial,
}: {
  store: string;
  apiAddress: string;
  initial: TrayImportStatus;
}) {
  const status = useImportStatus(store, apiAddress, initial);
  return (
    <p className="tray-import" role="status" aria-live="polite" data-import-status={status?.status}>
      {status ? importStatusText(status) : ''}
    </p>
  );
}
