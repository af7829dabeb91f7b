/**
 * Catálogo › Planilha (docs/decisions/0033-catalogue-spreadsheets.md): download the sample or the whole catalogue,
 * import a CSV — the preview says what would be created, changed and refused before anything is written; after
 * the confirmation a progress bar follows the background job (found again after a reload).
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { CatalogImport } from '@vitrine/contracts/catalog-sheet';
import { errorText } from '../../api/console-api';
import { sheetUrls, useLatestImport, useSheetImport } from '../api/sheets';
import { ImportPreview, ImportProgress } from './import-status';
import './sheets.css';

export function CatalogSheets({ shop }: { shop: string }) {
  const urls = sheetUrls(shop);
  const latest = useLatestImport(shop);
  const { upload, start, cancel, refreshCatalog } = useSheetImport(shop);
  const [preview, setPreview] = useState<CatalogImport | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const job = latest.data;
  const busy = job?.status === 'queued' || job?.status === 'running';
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) void refreshCatalog();
    wasBusy.current = busy;
  }, [busy, refreshCatalog]);

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPreview(null);
    start.reset();
    upload.mutate(file, { onSuccess: setPreview });
  };
  const confirm = (id: string) => start.mutate(id, { onSuccess: () => setPreview(null) });
  const drop = (id: string) => {
    cancel.mutate(id);
    setPreview(null);
  };

  return (
    <section className="console-card catalog-sheets" aria-labelledby="sheets-title">
      <h2 id="sheets-title" className="console-subtitle">
        Planilha
      </h2>
      <p className="catalog-sheets__hint">
        Importe ou exporte os produtos em CSV separado por ponto e vírgula: uma linha por variação, com o
        mesmo código; categoria como <q>Mercearia &gt; Grãos</q>; preços como 1.234,56; fotos pelo endereço
        https na coluna Imagens, separadas por <q>|</q> (a primeira é a capa); a descrição como texto, com uma
        linha em branco entre parágrafos e itens de lista começando com <q>- </q>. Antes de gravar, você vê o
        que muda.
      </p>
      <div className="console-actions">
        <input
          ref={input}
          id="sheet-file"
          type="file"
          accept=".csv,text/csv"
          className="console-visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={chosen}
          disabled={upload.isPending || busy}
        />
        <button
          type="button"
          className="button button--primary"
          onClick={() => input.current?.click()}
          disabled={upload.isPending || busy}
        >
          Importar planilha
        </button>
        <a className="button button--outline" href={urls.exported} download>
          Exportar catálogo
        </a>
        <a className="button button--outline" href={urls.sample} download>
          Baixar modelo
        </a>
      </div>
      {upload.isPending && (
        <p role="status" aria-live="polite">
          Lendo a planilha…
        </p>
      )}
      {upload.isError && (
        <div className="console-alert console-alert--error" role="alert">
          <p>{errorText(upload.error)}</p>
        </div>
      )}
      {preview && (
        <ImportPreview
          shop={shop}
          job={preview}
          starting={start.isPending}
          startError={start.isError ? errorText(start.error) : null}
          onConfirm={() => confirm(preview.id)}
          onCancel={() => drop(preview.id)}
        />
      )}
      {!preview && job && <ImportProgress shop={shop} job={job} />}
    </section>
  );
}
