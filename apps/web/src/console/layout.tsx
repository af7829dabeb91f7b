/** The signed-in frame: the shop and user on top, the console's sections as a nav (a bottom bar on phones, in rows of four). */
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { StaffShop } from '@vitrine/contracts/console';
import { ROLE_LABELS, ROLE_RANK, type StaffRole } from '@vitrine/contracts/console-roles';
import { useMe } from './api/me';
import { ConfirmDialog } from './components/confirm-dialog';
import { useSignOut, useSignOutEverywhere } from './session/api/session';

/** The console's sections and the least role that may use each (the server checks the same on every call). */
const SECTIONS: { path: string; label: string; role: StaffRole }[] = [
  { path: '', label: 'Início', role: 'agent' },
  { path: '/pedidos', label: 'Pedidos', role: 'agent' },
  { path: '/relatorios', label: 'Relatórios', role: 'agent' },
  { path: '/catalogo', label: 'Catálogo', role: 'manager' },
  { path: '/vendas', label: 'Vendas', role: 'manager' },
  { path: '/pagamentos', label: 'Pagamentos', role: 'manager' },
  { path: '/entrega', label: 'Entrega', role: 'manager' },
  { path: '/configuracoes', label: 'Configurações', role: 'manager' },
  { path: '/recuperacao', label: 'Recuperação', role: 'manager' },
  { path: '/integracoes', label: 'Integrações', role: 'owner' },
  { path: '/equipe', label: 'Equipe', role: 'owner' },
];

export function ConsoleLayout({ shop, children }: { shop: StaffShop; children: ReactNode }) {
  const me = useMe().data;
  const signOut = useSignOut();
  const everywhere = useSignOutEverywhere();
  const [askEverywhere, setAskEverywhere] = useState(false);
  const [location] = useLocation();
  const base = `/console/lojas/${shop.slug}`;
  const several = (me?.shops.length ?? 0) > 1;
  return (
    <div className="console-shell">
      <a className="console-skip" href="#console-main">
        Pular para o conteúdo
      </a>
      <header className="console-header">
        <div className="console-header__shop">
          <span className="console-header__name">{shop.name}</span>
          <span className="console-header__role">{ROLE_LABELS[shop.role]}</span>
        </div>
        <div className="console-header__user">
          {several && <Link href="/console">Trocar de loja</Link>}
          <span className="console-header__email">{me?.user.email}</span>
          <button
            type="button"
            className="button button--outline console-header__out"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            Sair
          </button>
          <button
            type="button"
            className="button button--outline console-header__out"
            onClick={() => setAskEverywhere(true)}
          >
            Sair de todos os dispositivos
          </button>
        </div>
      </header>
      <ConfirmDialog
        open={askEverywhere}
        title="Sair de todos os dispositivos?"
        confirmLabel="Sair de todos"
        busy={everywhere.isPending}
        onConfirm={() => everywhere.mutate()}
        onCancel={() => setAskEverywhere(false)}
      >
        <p>
          Você sai do console em todos os computadores e celulares, e os links de atendimento que você abriu
          (vendas iniciadas e o link de teste da loja) deixam de funcionar. Para voltar, entre de novo.
        </p>
        {everywhere.isError && <p role="alert">Não foi possível sair agora. Tente de novo.</p>}
      </ConfirmDialog>
      <nav className="console-nav" aria-label="Seções do console">
        {SECTIONS.filter((section) => ROLE_RANK[shop.role] >= ROLE_RANK[section.role]).map((section) => {
          const href = base + section.path;
          const current = section.path ? location.startsWith(href) : location === href;
          return (
            <Link
              key={section.label}
              href={href}
              className="console-nav__link"
              aria-current={current ? 'page' : undefined}
            >
              {section.label}
            </Link>
          );
        })}
      </nav>
      <main id="console-main" className="console-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
