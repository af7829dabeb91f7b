/**
 * Pieces of the storefront's markup written by the server for a first view (docs/decisions/0019): the same
 * elements and class names the React components render (apps/web/src/app/top-bar.tsx, features/catalog/…), so
 * the page looks the same before and after React takes over. Every text goes through `escapeHtml`.
 */
import { photoSources } from '@vitrine/contracts/photo-urls';
import type { Category } from '@vitrine/contracts/catalog';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value made safe for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * As components/photo.tsx: an uploaded product photo as a `<picture>` (WebP sizes, then JPEG), the browser
 * picking the width `sizes` needs; any other URL a plain `<img>`. `attributes` are already escaped.
 */
export function photoHtml(url: string, sizes: string, attributes: string): string {
  const src = escapeHtml(url);
  const sources = photoSources(url);
  if (!sources) return `<img src="${src}" ${attributes}>`;
  return `<picture><source type="image/webp" srcset="${sources.webp}" sizes="${sizes}"><img src="${src}" srcset="${sources.jpeg}" sizes="${sizes}" ${attributes}></picture>`;
}

/** `/path?shop=<slug>`: a link of the first view, which keeps the shop where the server reads it. */
export function shopLink(path: string, slug: string): string {
  return `${path}?shop=${encodeURIComponent(slug)}`;
}

/** A 24-unit icon drawn at `size` px in the text colour, hidden from screen readers (as the components' SVGs). */
export const svg = (size: number, path: string) =>
  `<svg viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true"><path fill="currentColor" d="${path}"/></svg>`;

/** Icon paths drawn at several sizes: a picture (no image), the previous and next chevrons. */
export const PICTURE_PATH =
  'M21 19V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h14a2 2 0 0 0 2-2zM8.5 13.5l2.5 3 3.5-4.5 4.5 6H5l3.5-4.5z';
export const PREVIOUS_PATH = 'M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z';
export const NEXT_PATH = 'M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z';

const BACK_ICON = svg(20, 'M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z');
const CART_ICON = svg(
  26,
  'M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14.8h9.9c.8 0 1.4-.4 1.8-1l3.6-6.5L20.7 6l-3.7 6.8H8.1L4.3 4H1v2h2l3.6 7.6-1.4 2.4c-.7 1.4.3 3 1.8 3h12v-2H7l1.1-2z',
);
const SEARCH_ICON = svg(
  22,
  'M15.5 14h-.8l-.3-.3a6.5 6.5 0 1 0-.7.7l.3.3v.8l5 5 1.5-1.5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z',
);
const FUNNEL_ICON = svg(22, 'M3 5h18l-7 8.5V20l-4-2v-4.5z');
const PREVIOUS_ICON = svg(20, PREVIOUS_PATH);
const NEXT_ICON = svg(20, NEXT_PATH);
const FILTER_ICON = svg(
  18,
  'M3 17v2h6v-2zM3 5v2h10V5zm10 16v-2h8v-2h-8v-2h-2v6zM7 9v2H3v2h4v2h2V9zm14 4v-2H11v2zm-6-4h2V7h4V5h-4V3h-2z',
);

export type ShopFace = {
  slug: string;
  name: string;
  logo: string | null;
  /** The order limits the top bar's info tooltip lists (order-limits.ts), from the shop's own limits. */
  limits: string[];
};

const INFO_ICON = svg(
  20,
  'M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z',
);

/** The top bar's order-limits button and its closed tooltip (order-limits-info.tsx); nothing without limits. */
function limitsHtml(lines: string[]): string {
  if (!lines.length) return '';
  const items = lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  return `<div class="limits"><button type="button" class="icon-button limits__button" aria-label="Limites do pedido">${INFO_ICON}</button><div role="tooltip" class="limits__tooltip"><ul class="limits__list">${items}</ul></div></div>`;
}

/** The top bar (top-bar.tsx) as a contact sees it once the session is there: no order limits, empty cart. */
export function topBarHtml(shop: ShopFace, options: { back: boolean }): string {
  const brand = shop.logo
    ? `<img class="top-bar__logo-image" src="${escapeHtml(shop.logo)}" alt="${escapeHtml(shop.name)}">`
    : '<span class="top-bar__logo-text">Shop</span>';
  const back = options.back
    ? `<a class="top-bar__back" href="${escapeHtml(shopLink('/catalog', shop.slug))}">${BACK_ICON}<span>Voltar</span></a>`
    : '';
  return `<header class="top-bar"><div class="top-bar__inner container"><div class="top-bar__start">${back}</div><div class="top-bar__brand"><a href="${escapeHtml(shopLink('/catalog', shop.slug))}" class="top-bar__logo" title="Ir para o catálogo">${brand}</a>${limitsHtml(shop.limits)}</div><div class="top-bar__end"><a href="/order" class="icon-button cart-link">${CART_ICON}<span class="visually-hidden">Nenhum item no carrinho</span></a></div></div></header>`;
}

/** The app frame around a page (app.tsx): skip link, top bar, main. */
export function appHtml(shop: ShopFace, options: { back: boolean }, page: string): string {
  return `<div class="app app--customer"><a class="skip-link" href="#fv-main">Pular para o conteúdo</a>${topBarHtml(shop, options)}<main id="fv-main" tabindex="-1" class="app__main container">${page}</main></div>`;
}

/** The search bar (search-bar.tsx): empty, or a search's text; the funnel marked while categories filter it. */
export function searchBarHtml(search: { text: string; categoryFiltered: boolean } | null = null): string {
  const value = search?.text ? ` value="${escapeHtml(search.text)}"` : '';
  const active = search?.categoryFiltered ? ' search-bar__filter--active' : '';
  return `<div class="search-bar"><form role="search" class="search-bar__form"><input type="search" class="search-bar__input" placeholder="Pesquisar por produto" aria-label="Pesquisar por produto" enterkeyhint="search" autocomplete="off" maxlength="100"${value}><button type="submit" class="search-bar__button" aria-label="Pesquisar">${SEARCH_ICON}</button></form><button type="button" class="search-bar__filter${active}" aria-label="Filtrar por categorias" aria-haspopup="dialog">${FUNNEL_ICON}</button></div>`;
}

/** Search mode's heading in place of the tabs (search-heading.tsx). */
export function searchHeadingHtml(heading: string): string {
  return `<div class="search-heading"><div class="search-heading__text"><h2 class="search-heading__title">Pesquisa</h2><p class="search-heading__query">${escapeHtml(heading)}</p></div><button type="button" class="button button--outline search-heading__clear">Limpar pesquisa</button></div>`;
}

/** The category tab strip (category-tabs.tsx): 'Todos', then the categories; `selected` null is 'Todos'. */
export function categoryTabsHtml(
  categories: Category[],
  selected: string | null,
  extra: string[] = [],
): string {
  const tabs = [
    { id: null as string | null, name: 'Todos' },
    ...categories.map((c) => ({ id: c.providerId, name: c.name })),
    ...extra.map((name) => ({ id: name, name })),
  ];
  const tab = (t: { id: string | null; name: string }) => {
    const on = t.id === selected;
    return `<button type="button" role="tab" class="tabs__tab" aria-selected="${on}" tabindex="${on ? 0 : -1}" title="${escapeHtml(t.name)}"><span class="tabs__label">${escapeHtml(t.name)}</span></button>`;
  };
  return `<div class="tabs"><button type="button" class="tabs__arrow" aria-label="Categorias anteriores" disabled>${PREVIOUS_ICON}</button><div class="tabs__list" role="tablist" aria-label="Categorias">${tabs.map(tab).join('')}</div><button type="button" class="tabs__arrow" aria-label="Próximas categorias"${tabs.length > 2 ? '' : ' disabled'}>${NEXT_ICON}</button></div>`;
}

/** The sidebar's grey facet lines while the filter panel loads (filter-sidebar.tsx, FilterPanelSkeleton). */
const FILTER_SKELETON = [
  [50, 20],
  [80, 16],
  [70, 16],
  [75, 16],
  [45, 20],
  [80, 16],
  [65, 16],
]
  .map(
    ([width, height]) =>
      `<span aria-hidden="true" class="skeleton skeleton--text fv-w${width} fv-h${height}"></span>`,
  )
  .join('');

/** The mobile 'Filtrar' button and the desktop sidebar's reserved column (filter-sidebar.tsx). */
export function filtersHtml(): { sidebar: string; button: string } {
  return {
    sidebar: `<aside class="catalog__filters fv-desktop" aria-label="Filtros"><div class="filter-panel" aria-busy="true"><h2 class="filter-panel__title">Filtros</h2><div class="filter-panel__loading" aria-hidden="true">${FILTER_SKELETON}</div></div></aside>`,
    button: `<button type="button" class="button button--outline catalog__filter-button fv-mobile" aria-haspopup="dialog">${FILTER_ICON}Filtrar</button>`,
  };
}

/** The sticky footer (catalog-footer.tsx): its confirm button's label depends on the channel, so it waits. */
export function catalogFooterHtml(): string {
  return '<footer class="catalog-footer"><div class="catalog-footer__inner"><button type="button" class="button button--primary confirm-button catalog-footer__confirm fv-pending" disabled>Confirmar pedido</button></div></footer>';
}
