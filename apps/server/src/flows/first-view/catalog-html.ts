/**
 * The catalogue's first view (catalog-page.tsx, product-grid.tsx, product-card.tsx) as a contact sees it before
 * touching anything: search bar, tabs, the first page of cards, the footer. The first row's images load at once,
 * the first two with a high fetch priority, as the React grid does.
 */
import type { Category, Product } from '@vitrine/contracts/catalog';
import { cardPrices } from '@vitrine/contracts/card-prices';
import { formatWeight } from '@vitrine/contracts/format';
import { formatReais } from '@vitrine/contracts/money';
import { CARD_IMAGE_SIZES } from '@vitrine/contracts/photo-urls';
import type { OpenedCatalog } from './opened-catalog.ts';
import {
  appHtml,
  catalogFooterHtml,
  categoryTabsHtml,
  escapeHtml,
  filtersHtml,
  photoHtml,
  searchBarHtml,
  searchHeadingHtml,
  shopLink,
  svg,
  PICTURE_PATH,
  type ShopFace,
} from './markup.ts';

/** As product-grid.tsx: eager images for about the first row, a high priority for the first two. */
const EAGER_CARDS = 4;
const HIGH_PRIORITY_CARDS = 2;
const FIRST_PAGE_SKELETONS = 10;
const IMAGE_SIZE = 400;
const PLACEHOLDER_ICON = svg(48, PICTURE_PATH);

function mediaHtml(product: Product, index: number): string {
  const image = product.images[0]?.url;
  const picture = image
    ? photoHtml(
        image,
        CARD_IMAGE_SIZES,
        `alt="${escapeHtml(product.name)}" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" loading="${index < EAGER_CARDS ? 'eager' : 'lazy'}"${index < HIGH_PRIORITY_CARDS ? ' fetchpriority="high"' : ''} decoding="async"`,
      )
    : `<div class="product-card__placeholder" role="img" aria-label="${escapeHtml(`${product.name} (sem imagem)`)}">${PLACEHOLDER_ICON}</div>`;
  const weight =
    product.soldInKilo && product.amountInKilo
      ? `<span class="product-card__weight">${escapeHtml(formatWeight(product.amountInKilo))}</span>`
      : '';
  const highlights = product.clusterHighlights.length
    ? `<ul class="product-card__highlights" aria-label="Destaques">${product.clusterHighlights
        .map((h) => `<li class="product-card__highlight">${escapeHtml(h)}</li>`)
        .join('')}</ul>`
    : '';
  return `<div class="product-card__media">${picture}<div class="product-card__badges">${weight}${highlights}</div></div>`;
}

function pricesHtml(product: Product): string {
  const { current, previous } = cardPrices(product);
  const before =
    previous !== null
      ? `<del class="product-card__previous"><span class="visually-hidden">Preço anterior: </span>${formatReais(previous)}</del>`
      : '';
  const label = previous !== null ? '<span class="visually-hidden">Preço atual: </span>' : '';
  return `<p class="product-card__prices">${before}<strong class="product-card__price">${label}${formatReais(current)}</strong></p>`;
}

/** One card (product-card.tsx) for a contact: adding is blocked for inactive and, if the shop says so, restricted products. */
export function productCardHtml(
  product: Product,
  index: number,
  shop: ShopFace & { blockRestricted: boolean },
) {
  const name = escapeHtml(product.name);
  const blocked = !product.isActive || (product.isRestrictedSale && shop.blockRestricted);
  const meta = (label: string, value: string, block = false) =>
    `<p class="product-card__meta"><span class="product-card__label${block ? ' product-card__label--block' : ''}">${label}</span> <span class="product-card__value">${escapeHtml(value)}</span></p>`;
  const add = product.hasVariants
    ? `<button type="button" class="button button--primary product-card__add" aria-label="Ver opções de ${name}"${blocked ? ' disabled' : ''}>Ver opções</button>`
    : `<button type="button" class="button button--primary product-card__add" aria-label="Adicionar ${name} ao carrinho"${blocked ? ' disabled' : ''}>Adicionar</button>`;
  const subscribe =
    !product.hasVariants && product.subscriptionOffers.length > 0
      ? `<div class="subscription-menu"><button type="button" class="button button--outline subscription-menu__button" aria-expanded="false" aria-label="Assinar ${name}"${blocked ? ' disabled' : ''}>Assinar<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="m7 10 5 5 5-5z"/></svg></button></div>`
      : '';
  return [
    `<article class="product-card${product.isActive ? '' : ' product-card--inactive'}">`,
    mediaHtml(product, index),
    '<div class="product-card__body">',
    `<h3 class="product-card__name"><a href="${escapeHtml(shopLink(`/product/${encodeURIComponent(product.providerId)}`, shop.slug))}" class="product-card__link">${name}</a></h3>`,
    product.brand?.name ? meta('Marca', product.brand.name) : '',
    product.sellerName ? meta('Vendido e entregue por', product.sellerName, true) : '',
    product.offerDescription
      ? `<p class="product-card__offer">${escapeHtml(product.offerDescription)}</p>`
      : '',
    pricesHtml(product),
    product.soldInKilo && product.kilogramPrice !== null
      ? `<p class="product-card__per-kg">${formatReais(product.kilogramPrice)}/kg</p>`
      : '',
    product.isActive ? '' : '<p class="product-card__unavailable">Indisponível</p>',
    `<div class="product-card__actions">${add}${subscribe}</div></div></article>`,
  ].join('');
}

/** A skeleton card (product-card-skeleton.tsx). */
const SKELETON_CARD =
  '<li><div class="product-card product-card--skeleton" aria-hidden="true"><span aria-hidden="true" class="skeleton skeleton--block product-card__media product-card__media-skeleton fv-auto"></span><div class="product-card__body"><span aria-hidden="true" class="skeleton skeleton--text fv-w90 fv-h18"></span><span aria-hidden="true" class="skeleton skeleton--text fv-w60 fv-h14"></span><span aria-hidden="true" class="skeleton skeleton--text fv-w45 fv-h22"></span><span aria-hidden="true" class="skeleton skeleton--block product-card__button-skeleton fv-h44"></span></div></div></li>';

export type CatalogView = {
  shop: ShopFace & { blockRestricted: boolean };
  categories: Category[];
  /** The listing's products; null while it is the order's own (/products-found: skeleton cards). */
  products: Product[] | null;
  /** The category, collection or search the link opens (its tab or search heading); null: 'Todos'. */
  opened?: Pick<OpenedCatalog, 'tab' | 'search'> | null;
};

/** The whole catalogue page inside the app frame. */
export function catalogPageHtml(view: CatalogView): string {
  const { shop, products } = view;
  const search = view.opened?.search ?? null;
  const filters = filtersHtml();
  const suggested = products === null;
  const nav = search
    ? searchHeadingHtml(search.heading)
    : categoryTabsHtml(
        view.categories,
        suggested ? 'Sugeridos' : (view.opened?.tab ?? null),
        suggested ? ['Sugeridos'] : [],
      );
  // Outside search mode the grid is the selected tab's panel (product-grid.tsx).
  const panel = search ? 'role="region"' : 'role="tabpanel"';
  const grid = suggested
    ? `<ul class="product-grid">${SKELETON_CARD.repeat(FIRST_PAGE_SKELETONS)}</ul>`
    : products.length === 0
      ? '<div class="catalog__empty"><p class="catalog__empty-title">Nenhum produto encontrado.</p><p>Tente outra categoria ou limpe os filtros.</p></div>'
      : `<ul class="product-grid">${products.map((p, i) => `<li>${productCardHtml(p, i, shop)}</li>`).join('')}</ul>`;
  const page = [
    '<div class="catalog">',
    `<h1 class="visually-hidden">${escapeHtml(`Catálogo — ${shop.name}`)}</h1>`,
    searchBarHtml(search),
    `<div class="catalog__nav">${nav}</div>`,
    `<div class="catalog__body">${filters.sidebar}<div class="catalog__results">${filters.button}`,
    `<div class="catalog__products" ${panel} aria-label="Produtos"><h2 class="visually-hidden">Produtos</h2>${grid}</div>`,
    '</div></div>',
    catalogFooterHtml(),
    '</div>',
  ].join('');
  return appHtml(shop, { back: suggested }, page); // the top bar's 'Voltar' shows on every page but /catalog
}
