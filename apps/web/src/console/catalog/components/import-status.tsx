/** An import's preview (before anything is written) and its progress and result (decision 0033). */
import type { CatalogImport } from '@vitrine/contracts/catalog-sheet';
import { sheetUrls } from '../api/sheets';
import { RefusedRows } from '../../components/refused-rows';
import { ImportChanges } from './import-changes';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

function Refused({ shop, job }: { shop: string; job: CatalogImport }) {
  if (job.refusedCount === 0) return null;
  return (
    <>
      <h3 className="catalog-sheets__heading">
        {plural(job.refusedCount, 'linha recusada', 'linhas recusadas')}
      </h3>
      <RefusedRows rows={job.refused} className="catalog-sheets__refused" />
      <p>
        <a href={sheetUrls(shop).refused(job.id)} download>
          Baixar o relatório das linhas recusadas (CSV)
        </a>
        {job.refusedCount > job.refused.length &&
          ` — a lista acima mostra as ${job.refused.length} primeiras.`}
      </p>
    </>
  );
}

export function ImportPreview({
  shop,
  job,
  starting,
  startError,
  onConfirm,
  onCancel,
}: {
  shop: string;
  job: CatalogImport;
  starting: boolean;
  startError: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { created, changed, unchanged } = job.preview;
  return (
    <div className="catalog-sheets__panel" role="region" aria-label={`Prévia de ${job.fileName}`}>
      <h3 className="catalog-sheets__heading">Prévia de {job.fileName}: nada foi gravado ainda</h3>
      <ul className="catalog-sheets__counts">
        <li>
          <strong>{plural(created, 'produto novo', 'produtos novos')}</strong>
        </li>
        <li>
          <strong>{plural(changed, 'produto alterado', 'produtos alterados')}</strong>
        </li>
        <li>{plural(unchanged, 'produto sem mudança', 'produtos sem mudança')}</li>
      </ul>
      <ImportChanges preview={job.preview} />
      <Refused shop={shop} job={job} />
      {startError && (
        <div className="console-alert console-alert--error" role="alert">
          <p>{startError}</p>
        </div>
      )}
      <div className="console-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={onConfirm}
          disabled={starting || job.total === 0}
        >
          {job.total === 0 ? 'Nada a importar' : `Importar ${plural(job.total, 'produto', 'produtos')}`}
        </button>
        <button type="button" className="button button--outline" onClick={onCancel} disabled={starting}>
          Cancelar
        </button>
      </div>
    </div>
  );
}

export function ImportProgress({ shop, job }: { shop: string; job: CatalogImport }) {
  const { created, changed, unchanged } = job.result;
  const running = job.status === 'queued' || job.status === 'running';
  return (
    <div className="catalog-sheets__panel" role="region" aria-label={`Importação de ${job.fileName}`}>
      {running && (
        <>
          <h3 className="catalog-sheets__heading">
            {job.status === 'queued' ? `${job.fileName} na fila` : `Importando ${job.fileName}…`}
          </h3>
          <progress
            className="catalog-sheets__bar"
            max={Math.max(job.total, 1)}
            value={job.status === 'queued' ? undefined : job.done}
            aria-label="Progresso da importação"
          />
          <p role="status" aria-live="polite">
            {job.status === 'queued'
              ? 'Começa em instantes.'
              : `${job.done.toLocaleString('pt-BR')} de ${plural(job.total, 'produto', 'produtos')}`}
          </p>
        </>
      )}
      {job.status === 'done' && (
        <div className="console-alert console-alert--success" role="status">
          <p>
            Importação de {job.fileName} concluída: {plural(created, 'criado', 'criados')},{' '}
            {plural(changed, 'alterado', 'alterados')}, {plural(unchanged, 'sem mudança', 'sem mudança')}.
          </p>
        </div>
      )}
      {job.status === 'failed' && (
        <div className="console-alert console-alert--error" role="alert">
          <p>{job.errorMessage ?? 'A importação não terminou.'}</p>
        </div>
      )}
      {!running && <Refused shop={shop} job={job} />}
    </div>
  );
}
