/**
 * The product page's first view (product-page.tsx and its parts: gallery, summary, details, purchase footer) as
 * a contact sees it once the product is there and before the order has loaded ('Adicionar' still disabled).
 * Only products without variants: the attribute pickers and their preselection stay with React, so a product
 * with variants answers the plain index.html (first-view.ts). The description is shown as plain text; one that
 * holds markup shows its text without tags, as RichText does while its sanitiser loads.
 */
import type { Product } from '@vitrine/contracts/catalog';
import { formatWeight } from '@vitrine/contracts/format';
import { formatReais } from '@vitrine/contracts/money';
import { GALLERY_IMAGE_SIZES } from '@vitrine/contracts/photo-urls';
import { PRODUCT_MESSAGES } from '@vitrine/contracts/product-messages';
import {
  appHtml,
  escapeHtml,
  NEXT_PATH,
  photoHtml,
  PICTURE_PATH,
  PREVIOUS_PATH,
  svg,
  type ShopFace,
} from './markup.ts';

const NO_IMAGE = svg(64, PICTURE_PATH);
const OFFER_ICON = svg(
  20,
  'm21.4 11.6-9-9A2 2 0 0 0 11 2H4a2 2 0 0 0-2 2v7c0 .6.2 1.1.6 1.4l9 9a2 2 0 0 0 2.8 0l7-7a2 2 0 0 0 0-2.8zM5.5 7a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z',
);
const MINUS_ICON = svg(18, 'M5 11h14v2H5z');
const PLUS_ICON = svg(18, 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z');
const OPEN_ICON = svg(18, 'M7 14l5-5 5 5z');

/** As rich-text.tsx: whether a description carries markup, and its text without tags. */
const HTML_TAG = /<\/?[a-z][\w-]*(\s[^>]*)?\/?>/i;
const plainText = (text: string) =>
  HTML_TAG.test(text)
    ? text
        .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : text;

/** The gallery (product-gallery.tsx) at its first slide: a copy of the first image closes the loop. */
function galleryHtml(product: Product): string {
  const slides = product.images.map((image) => image.url);
  const count = slides.length;
  if (count === 0)
    return `<div class="gallery"><div class="gallery__viewport gallery__viewport--empty" role="img" aria-label="Produto sem imagem">${NO_IMAGE}</div></div>`;
  const name = escapeHtml(product.name);
  const many = count > 1;
  const track = many ? [...slides, slides[0]!] : slides;
  const slide = (url: string, position: number) => {
    const copy = position >= count;
    const alt = copy ? '' : `${name} — imagem ${position + 1} de ${count}`;
    const first = position === 0;
    return `<div class="gallery__slide" aria-hidden="${copy || !first}">${photoHtml(url, GALLERY_IMAGE_SIZES, `alt="${alt}" width="600" height="600" draggable="false" loading="${first ? 'eager' : 'lazy'}"${first ? ' fetchpriority="high"' : ''} decoding="async"`)}</div>`;
  };
  const arrows = many
    ? `<button type="button" class="gallery__arrow gallery__arrow--previous" aria-label="Imagem anterior" tabindex="-1">${svg(24, PREVIOUS_PATH)}</button><button type="button" class="gallery__arrow gallery__arrow--next" aria-label="Próxima imagem" tabindex="-1">${svg(24, NEXT_PATH)}</button>`
    : '';
  const viewport = many
    ? `<div class="gallery__viewport" tabindex="0" aria-label="Imagem 1 de ${count}. Use as setas para navegar.">`
    : '<div class="gallery__viewport">';
  const thumbs = many
    ? `<ul class="gallery__thumbs">${slides
        .map(
          (url, position) =>
            `<li><button type="button" class="gallery__thumb" aria-label="Ver imagem ${position + 1} de ${count}"${position === 0 ? ' aria-current="true"' : ''}>${photoHtml(url, '64px', 'alt="" width="64" height="64" loading="lazy" decoding="async"')}</button></li>`,
        )
        .join('')}</ul>`
    : '';
  return `<section class="gallery" aria-roledescription="carrossel" aria-label="Imagens de ${name}">${viewport}<div class="gallery__track">${track.map(slide).join('')}</div>${arrows}</div>${thumbs}</section>`;
}

/** Name, highlights, kilo line and offer (product-summary.tsx). */
function summaryHtml(product: Product): string {
  const highlights = product.clusterHighlights.length
    ? `<ul class="product__highlights" aria-label="Destaques">${product.clusterHighlights.map((h) => `<li class="chip chip--secondary">${escapeHtml(h)}</li>`).join('')}</ul>`
    : '';
  const kilo =
    product.soldInKilo && typeof product.amountInKilo === 'number' && product.amountInKilo > 0
      ? `<p class="product__kilo"><span>Peso aproximado: <strong>${escapeHtml(formatWeight(product.amountInKilo))}</strong></span>${typeof product.kilogramPrice === 'number' ? `<span>Preço por kg: <strong>${formatReais(product.kilogramPrice)}</strong></span>` : ''}</p>`
      : '';
  const offer = product.offerDescription
    ? `<p class="product__offer" role="note">${OFFER_ICON}${escapeHtml(product.offerDescription)}</p>`
    : '';
  return `<header class="product__head">${highlights}<h1 id="product-name" class="product__name">${escapeHtml(product.name)}</h1>${kilo}${offer}</header>`;
}

/** Restriction note, brand and seller, description and specifications (product-details.tsx). */
function detailsHtml(product: Product, showSpecifications: boolean): string {
  const restriction =
    product.isActive && product.hasShippingRestriction && product.shippingRestrictionMessage
      ? `<p class="product__restriction" role="note">${escapeHtml(product.shippingRestrictionMessage)}</p>`
      : '';
  const fact = (term: string, value: string) => `<div><dt>${term}</dt><dd>${escapeHtml(value)}</dd></div>`;
  const facts =
    product.brand?.name || product.sellerName
      ? `<dl class="product__facts">${product.brand?.name ? fact('Marca', product.brand.name) : ''}${product.sellerName ? fact('Vendido e entregue por', product.sellerName) : ''}</dl>`
      : '';
  const description = product.description
    ? `<section class="product__section" aria-labelledby="product-description"><h2 id="product-description" class="product__section-title">Descrição</h2><div class="product__description"><p class="fv-pre-line">${escapeHtml(plainText(product.description))}</p></div></section>`
    : '';
  const rows = product.specification.flatMap(({ name, value }) => {
    const values = value.map((item) => item.trim()).filter((item) => item !== '');
    return values.length > 0 && name.trim() !== '' ? [{ name, value: values.join(', ') }] : [];
  });
  const specs = !showSpecifications
    ? ''
    : `<section class="product__section" aria-label="Especificações">${
        rows.length === 0
          ? '<p class="product__muted">Nenhuma especificação disponível</p>'
          : `<table class="product__specs"><thead><tr><th scope="col">Especificação</th><th scope="col">Valor</th></tr></thead><tbody>${rows.map((row) => `<tr><th scope="row">${escapeHtml(row.name)}</th><td>${escapeHtml(row.value)}</td></tr>`).join('')}</tbody></table>`
      }</section>`;
  return `<div class="product__details">${restriction}${facts}${description}${specs}</div>`;
}

/** The price (price-view.tsx, size lg) of a product without variants. */
function priceHtml(product: Product): string {
  const { price, promotionalPrice, kilogramPrice } = product;
  const discounted = typeof promotionalPrice === 'number' && promotionalPrice > 0 && promotionalPrice < price;
  const current = discounted
    ? `<p class="price__current price__current--promo"><s class="price__original"><span class="visually-hidden">De </span>${formatReais(price)}</s> <span class="visually-hidden">por </span>${formatReais(promotionalPrice)}</p>`
    : `<p class="price__current">${formatReais(price)}</p>`;
  const unit =
    product.soldInKilo && typeof kilogramPrice === 'number' && kilogramPrice > 0
      ? `<p class="price__unit">${formatReais(kilogramPrice)}/kg</p>`
      : '';
  return `<div class="price price--lg">${current}${unit}</div>`;
}

/** The purchase footer (product-footer.tsx) while the order loads: quantity 1, 'Adicionar' disabled. */
function footerHtml(product: Product, blockRestricted: boolean): string {
  const name = escapeHtml(product.name);
  const restricted = product.isRestrictedSale && blockRestricted;
  const quantity = restricted
    ? `<div class="quantity quantity--md quantity--readonly" role="group" aria-label="Quantidade de ${name}"><label class="visually-hidden" for="fv-quantity">Quantidade</label><input id="fv-quantity" class="quantity__input" type="text" inputmode="numeric" autocomplete="off" placeholder="Quantidade" value="1" disabled></div>`
    : `<div class="quantity quantity--md" role="group" aria-label="Quantidade de ${name}"><button type="button" class="quantity__button" title="Remover um item" aria-label="Remover um item" disabled>${MINUS_ICON}</button><label class="visually-hidden" for="fv-quantity">Quantidade</label><input id="fv-quantity" class="quantity__input" type="text" inputmode="numeric" autocomplete="off" placeholder="Quantidade" value="1"><button type="button" class="quantity__button" title="Adicionar mais um item" aria-label="Adicionar mais um item">${PLUS_ICON}</button></div>`;
  const subscribe = product.subscriptionOffers.length
    ? `<div class="subscribe"><button type="button" class="button button--outline subscribe__button" aria-haspopup="menu" aria-expanded="false" disabled>Assinar${OPEN_ICON}</button></div>`
    : '';
  const actions = product.isActive
    ? `<div class="product-footer__actions">${quantity}<button type="button" class="button button--primary product-footer__add" disabled aria-busy="false">Adicionar</button>${subscribe}</div>`
    : `<p class="product-footer__inactive" role="status">${escapeHtml(PRODUCT_MESSAGES.productInactive)}</p>`;
  const hint =
    product.isActive && restricted
      ? `<p class="product-footer__hint">${escapeHtml(PRODUCT_MESSAGES.productRestricted)}</p>`
      : '';
  return `<div class="product-footer" aria-label="Comprar" role="region"><div class="product-footer__price">${priceHtml(product)}</div>${actions}${hint}</div>`;
}

export type ProductView = {
  shop: ShopFace & { blockRestricted: boolean };
  product: Product;
  showSpecifications: boolean;
};

/** The whole product page inside the app frame, or null for a product with variants (React draws it). */
export function productPageHtml(view: ProductView): string | null {
  const { product } = view;
  if (product.dimensions.length > 0 || product.attributes.length > 0) return null;
  const page = [
    '<article class="product" aria-busy="false" aria-labelledby="product-name">',
    `<div class="product__media">${galleryHtml(product)}</div>`,
    '<div class="product__info">',
    summaryHtml(product),
    detailsHtml(product, view.showSpecifications),
    footerHtml(product, view.shop.blockRestricted),
    '</div></article>',
  ].join('');
  return appHtml(view.shop, { back: true }, page);
}
