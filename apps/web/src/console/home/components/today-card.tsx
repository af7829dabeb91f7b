/** Today's three numbers on the home (issue 38 item 17): orders, sales and average ticket in the shop's day. */
import { Link } from 'wouter';
import { formatBRL } from '@vitrine/contracts/money';
import { useTodaySales } from '../api/today';

export function TodayCard({ shop }: { shop: string }) {
  const today = useTodaySales(shop);
  const figures = today.data;
  const value = (text: string) => (figures ? text : '—');
  return (
    <section className="console-card" aria-labelledby="today-title" aria-busy={today.isPending}>
      <h2 id="today-title" className="console-subtitle">
        {figures?.scope === 'agent' ? 'Suas vendas hoje' : 'Hoje'}
      </h2>
      {today.isError ? (
        <p className="console-muted">Não foi possível carregar os números de hoje.</p>
      ) : (
        <dl className="home-today">
          <div>
            <dt>Pedidos</dt>
            <dd>{value(String(figures?.orders ?? 0))}</dd>
          </div>
          <div>
            <dt>Vendas</dt>
            <dd>{value(formatBRL(figures?.revenueCents ?? 0))}</dd>
          </div>
          <div>
            <dt>Ticket médio</dt>
            <dd>{value(formatBRL(figures?.averageTicketCents ?? 0))}</dd>
          </div>
        </dl>
      )}
      <p className="console-muted">
        Cancelados não contam. <Link href={`/console/lojas/${shop}/relatorios`}>Ver relatórios</Link>
      </p>
    </section>
  );
}
