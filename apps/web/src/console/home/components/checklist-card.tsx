/**
 * 'Primeiros passos' on the home (owners and managers: the set-up lives in sections an atendente cannot open),
 * each item a link to where it is set up.
 */
import { Link } from 'wouter';
import { CHECKLIST_LABELS, type Checklist } from '@vitrine/contracts/console';

const WHERE: Record<Checklist['items'][number]['key'], string> = {
  style: '/configuracoes',
  products: '/catalogo',
  logistics: '/entrega',
  payment: '/pagamentos/formas',
  whatsApp: '/configuracoes',
};

export function ChecklistCard({ shop, items }: { shop: string; items: Checklist['items'] }) {
  const missing = items.filter((item) => !item.done).length;
  return (
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
            <Link href={`/console/lojas/${shop}${WHERE[item.key]}`}>{CHECKLIST_LABELS[item.key]}</Link>
            <span className="console-visually-hidden">{item.done ? ' (feito)' : ' (pendente)'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
