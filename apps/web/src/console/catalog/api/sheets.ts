/**
 * Catalogue spreadsheets (docs/decisions/0033-catalogue-spreadsheets.md): upload for a preview, confirm, follow
 * the job (polled each second while it runs, so a reload finds it again), the download addresses.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogImport } from '@vitrine/contracts/catalog-sheet';
import { consoleCall, uploadCsv } from '../../api/console-api';

const base = (shop: string) => `/api/console/shops/${shop}/catalog`;
export const sheetUrls = (shop: string) => ({
  sample: `${base(shop)}/sheet/sample.csv`,
  exported: `${base(shop)}/sheet/export.csv`,
  refused: (id: string) => `${base(shop)}/imports/${id}/refused.csv`,
});
const latestKey = (shop: string) => ['shop', shop, 'catalog-imports', 'latest'];
const running = (job: CatalogImport | null | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/** The shop's latest confirmed import, polled each second while it is queued or running. */
export const useLatestImport = (shop: string) =>
  useQuery({
    queryKey: latestKey(shop),
    queryFn: () => consoleCall<CatalogImport | null>('GET', `${base(shop)}/imports/latest`),
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });

/** Sends the file's bytes; answers the preview (nothing written yet) or rejects with the server's pt-BR message. */
async function uploadSheet(shop: string, file: File): Promise<CatalogImport> {
  return uploadCsv<CatalogImport>(
    `${base(shop)}/imports?name=${encodeURIComponent(file.name.slice(0, 200))}`,
    file,
  );
}

export function useSheetImport(shop: string) {
  const client = useQueryClient();
  const started = (job: CatalogImport) => {
    client.setQueryData(latestKey(shop), job);
    void client.invalidateQueries({ queryKey: latestKey(shop) });
  };
  return {
    upload: useMutation({ mutationFn: (file: File) => uploadSheet(shop, file) }),
    start: useMutation({
      mutationFn: (id: string) => consoleCall<CatalogImport>('POST', `${base(shop)}/imports/${id}/start`),
      onSuccess: started,
    }),
    cancel: useMutation({
      mutationFn: (id: string) => consoleCall<CatalogImport>('POST', `${base(shop)}/imports/${id}/cancel`),
    }),
    /** the product list and tree show what the import wrote */
    refreshCatalog: () => client.invalidateQueries({ queryKey: ['shop', shop, 'catalog'] }),
  };
}
