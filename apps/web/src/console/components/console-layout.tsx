/** The signed-in frame: the shop and user on top, the console's sections as a nav (a bottom bar on phones). */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { StaffShop } from '@vitrine/contracts/console';
import { ROLE_LABELS } from '@vitrine/contracts/console-roles';
import { useMe, useSignOut } from '../api/session';

const SECTIONS = [
  { path: '', label: 'Início' },
  { path: '/pedidos', label: 'Pedidos' },
  { path: '/catalogo', label: 'Catálogo' },
  { path: '/vendas', label: 'Vendas' },
  { path: '/entrega', label: 'Entrega' },
  { path: '/configuracoes', label: 'Configurações' },
  { path: '/integracoes', label: 'Integrações' },
  { path: '/equipe', label: 'Equipe' },
] as const;

export function ConsoleLayout({ shop, children }: { shop: StaffShop; children: ReactNode }) {
  const me = useMe().data;
  const signOut = useSignOut();
  const [location] = useLocation();
  const base = `/console/lojas/${shop.slug}`;
  const several = (me?.shops.length ?? 0) > 1;
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a phone the bar scrolls sideways: keep the current section in view.
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [location]);
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
        </div>
      </header>
      <nav ref={nav} className="console-nav" aria-label="Seções do console">
        {SECTIONS.map((section) => {
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
