/** The shop's home: today's numbers, starting a sale, the items low on stock, the first-run checklist and the links to try the shop. */
import { CHECKLIST_LABELS } from '@vitrine/contracts/console';
import { errorText } from '../../api/console-api';
import { useAgentLink, useChecklist } from '../api/home';
import { LoadError, Loading } from '../../components/page-state';
import { LowStockCard } from './low-stock-card';
import { StartSaleCard } from './start-sale-card';
import { TodayCard } from './today-card';

export function ShopHomePage({ shop }: { shop: string }) {
  const checklist = useChecklist(shop);
  const agentLink = useAgentLink(shop);
  if (checklist.isPending) return <Loading />;
  if (checklist.isError)
    return <LoadError error={checklist.error} onRetry={() => void checklist.refetch()} />;
  const { items, customerLink } = checklist.data;
  const missing = items.filter((item) => !item.done).length;
  return (
    <>
      <h1 className="console-title">Início</h1>
      <TodayCard shop={shop} />
      <StartSaleCard shop={shop} />
      <LowStockCard shop={shop} />
      <section className="console-card" aria-labelledby="checklist-title">
        <h2 id="checklist-title" className="console-subtitle">
          {missing === 0 ? 'Sua loja está pronta' : 'Primeiros passos'}
        </h2>
        <p className="console-muted">
          {missing === 0
            ? 'Tudo o que o link da loja precisa está configurado.'
            : `Faltam ${missing} de ${items.length} itens para o link da loja funcionar bem.`}
        </p>
        <ul className="console-checklist">
          {items.map((item) => (
            <li
              key={item.key}
              className={item.done ? 'console-checklist__item is-done' : 'console-checklist__item'}
            >
              <span className="console-checklist__mark" aria-hidden="true">
                {item.done ? '✓' : ''}
              </span>
              <span>{CHECKLIST_LABELS[item.key]}</span>
              <span className="console-visually-hidden">{item.done ? ' (feito)' : ' (pendente)'}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="console-card" aria-labelledby="try-title">
        <h2 id="try-title" className="console-subtitle">
          Experimente a loja
        </h2>
        <p className="console-muted">
          Abra a loja como um cliente a vê, ou como atendente vendendo para um cliente de teste.
        </p>
        <div className="console-actions">
          <a className="button button--primary" href={customerLink} target="_blank" rel="noreferrer">
            Abrir como cliente
          </a>
          <button
            type="button"
            className="button button--outline"
            disabled={agentLink.isPending}
            onClick={() =>
              agentLink.mutate(undefined, {
                onSuccess: (link) => window.open(link.url, '_blank', 'noopener'),
              })
            }
          >
            {agentLink.isPending ? 'Gerando link…' : 'Abrir como atendente'}
          </button>
        </div>
        <p className="console-muted console-link-line">
          Link do cliente: <code>{customerLink}</code>
        </p>
        {agentLink.isError && (
          <p className="console-alert console-alert--error" role="alert">
            {errorText(agentLink.error)}
          </p>
        )}
      </section>
    </>
  );
}
