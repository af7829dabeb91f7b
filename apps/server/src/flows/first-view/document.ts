/**
 * The first-view document: the built index.html (its boot script, entry CSS and module links unchanged) with the
 * shop's colours, the current route's stylesheets inlined (the page's chunk CSS would otherwise arrive after the
 * HTML is painted) and the page's markup in `#first-view`. React renders into `#root`, hidden, and swaps it in
 * once its own view of the same page is ready (apps/web/src/lib/first-view.ts); with no JavaScript the first view
 * simply stays. docs/decisions/0019-first-view-html.md.
 */
import { readFileSync } from 'node:fs';
import { themeVariables } from '@vitrine/contracts/theme';
import type { ShopStyle } from '@vitrine/contracts/shop';
import { escapeHtml } from './markup.ts';

export type FirstViewRoute = 'catalog' | 'product';

/** The parts of index.html a first view is made from, read once per build. */
type Template = {
  /** index.html as built, for a page the server does not draw (its head gets the link's preview only). */
  plain: string;
  head: string;
  tail: string;
  css: Record<FirstViewRoute, string>;
  handover: Record<FirstViewRoute, string>;
};

const ROOT = '<div id="root"><div class="boot-bar">Carregando…</div></div>';
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;

/**
 * Classes the server markup uses where React sets inline styles or decides by media query (inline styles would
 * need 'unsafe-inline' in the CSP), and the back link's look as a button.
 */
const FIRST_VIEW_CSS =
  '@media (max-width:767px){.fv-desktop{display:none}}@media (min-width:768px){.fv-mobile{display:none}}' +
  '.fv-pending{visibility:hidden}.fv-auto{height:auto}.fv-w90{width:90%}.fv-w60{width:60%}.fv-w45{width:45%}' +
  '.fv-w50{width:50%}.fv-w80{width:80%}.fv-w70{width:70%}.fv-w75{width:75%}.fv-w65{width:65%}' +
  '.fv-h18{height:18px}.fv-h14{height:14px}.fv-h22{height:22px}.fv-h44{height:44px}.fv-h20{height:20px}.fv-h16{height:16px}' +
  '.fv-pre-line{white-space:pre-line}a.top-bar__back{color:inherit;text-decoration:none}';

/**
 * Runs before the first paint, right after the markup: a link whose hash query chooses another catalogue (a
 * category, collection or search) than the one drawn (`data-catalog`, decision 0028), or a plain catalogue link
 * restored from this browser's cache, shows something else than the first view, so the first view goes and the
 * page boots at once as it always did. Otherwise the tab strip shows its selected tab and arrows as
 * category-tabs.tsx will (it scrolls the selected tab into view), links followed
 * before React has taken over keep the session code (the hash), and the app's JS (the build's module script and
 * preloads, taken out of the head) and the route's chunks start only once the first view is on screen (its
 * first contentful paint; at the latest after 1 s, e.g. in a background tab): nothing fetched or run before
 * the cards are painted, and the bandwidth of the first round trips goes to the document and its images.
 * `F` lists the files to preload, `E` is the entry module.
 */
function handoverScript(files: string[], entry: string): string {
  return `(function(){var F=${JSON.stringify(files)},E=${JSON.stringify(entry)},d=document,v=d.getElementById('first-view'),r=d.getElementById('root'),h=location.hash,c=false,done=false;function boot(){if(done)return;done=true;F.forEach(function(f){var l=d.createElement('link');if(/\\.css$/.test(f))l.rel='stylesheet';else{l.rel='modulepreload';l.crossOrigin=''}l.href=f;d.head.appendChild(l)});var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=E;d.head.appendChild(s)}var q=h.indexOf('?'),p=new URLSearchParams(q<0?'':h.slice(q+1)),t=(p.get('catalogType')||'').trim(),i=(p.get('catalogId')||'').trim(),w=t&&i&&t!=='Standard'?new URLSearchParams({catalogType:t,catalogId:i}).toString():'';try{c=!w&&v.getAttribute('data-route')==='catalog'&&!!localStorage.getItem('cached_catalog')}catch(e){}if(w!==(v.getAttribute('data-catalog')||'')||c){v.remove();r.hidden=false;boot();return}var s=v.querySelector('.tabs__list'),a=s&&s.querySelector('[aria-selected="true"]'),b=v.querySelectorAll('.tabs__arrow');if(s){if(a&&(a.offsetLeft<s.scrollLeft||a.offsetLeft+a.offsetWidth>s.scrollLeft+s.clientWidth))s.scrollLeft=a.offsetLeft;if(b.length===2){b[0].disabled=s.scrollLeft<=1;b[1].disabled=s.scrollLeft+s.clientWidth>=s.scrollWidth-1}}v.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[href^="/"]');if(a&&h)a.setAttribute('href',a.getAttribute('href').split('#')[0]+h)});try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)boot()}).observe({type:'paint',buffered:true})}catch(e){}setTimeout(boot,1000)})()`;
}

let template: { dir: string; value: Template } | null = null;

/** The route → files map the build writes into index.html's boot script (`route-chunks`). */
const ROUTE_CHUNKS = /JSON\.parse\('(\{"catalog"[^']*\})'/;
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The CSS text of the stylesheets among `files` (paths from the build's root). */
function cssOf(dir: string, files: string[]): string {
  return files
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(dir + file.replace(/^\//, ''), 'utf8'))
    .join('');
}

function loadTemplate(dir: string): Template {
  if (template?.dir === dir) return template.value;
  const plain = readFileSync(`${dir}index.html`, 'utf8');
  let html = plain.replace(NOSCRIPT, '');
  const chunks = ROUTE_CHUNKS.exec(html);
  const routes = (chunks ? JSON.parse(chunks[1]!) : {}) as Partial<Record<FirstViewRoute, string[]>>;
  // The boot script still starts the API calls; the route's files wait for the first paint (handover script).
  if (chunks) html = html.replace(chunks[1]!, JSON.stringify({ catalog: [], product: [] }));
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  html = html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  // The boot script's API calls then wait for the first paint too (index.html).
  html = html.replace('<html lang="pt-BR">', '<html lang="pt-BR" data-first-view>');
  const at = html.indexOf(ROOT);
  if (at < 0) throw new Error('index.html has no #root boot bar');
  const catalog = routes.catalog ?? [];
  const product = routes.product ?? [];
  const value = {
    plain,
    head: html.slice(0, at),
    tail: html.slice(at + ROOT.length),
    css: { catalog: cssOf(dir, catalog), product: cssOf(dir, product) },
    handover: {
      catalog: handoverScript([...preloads, ...catalog], entry),
      product: handoverScript([...preloads, ...product], entry),
    },
  };
  template = { dir, value };
  return value;
}

/** `:root{--primary:…}` for the shop's style (the same variables the web app sets, lib/theme.ts). */
function themeCss(style: ShopStyle): string {
  const vars = Object.entries(themeVariables(style)).map(([name, value]) => `${name}:${value}`);
  return vars.length ? `:root{${vars.join(';')}}` : '';
}

export type FirstViewPage = {
  route: FirstViewRoute;
  title: string;
  style: ShopStyle;
  /** The link's catalogue choice drawn (`catalogType=…&catalogId=…`), null for the plain page. */
  catalog: string | null;
  body: string;
  /** The link's preview tags for the head (preview.ts): Open Graph, Twitter card, JSON-LD. */
  preview: string;
};

/** The page's title and the link's preview tags in a head. */
const headed = (html: string, title: string, extra: string) =>
  // Replacer functions: a `$&` or `$'` in a shop's text is text, not a replacement pattern.
  html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace('</head>', () => `${extra}</head>`);

/**
 * index.html as built with the link's preview in its head, for a page the server does not draw (a product with
 * variants, a listing React shows empty): a link crawler reads the same tags, the browser boots as always.
 */
export function previewDocument(dir: string, title: string, preview: string): string {
  return headed(loadTemplate(dir).plain, title, preview);
}

/** The whole HTML document of a first view, from the web build in `dir`. */
export function firstViewDocument(dir: string, page: FirstViewPage): string {
  const { head, tail, css, handover } = loadTemplate(dir);
  const style = `<style>${css[page.route]}${FIRST_VIEW_CSS}${themeCss(page.style)}</style>`;
  const titled = headed(head, page.title, `${page.preview}${style}`);
  const catalog = page.catalog ? ` data-catalog="${escapeHtml(page.catalog)}"` : '';
  return `${titled}<div id="first-view" data-route="${page.route}"${catalog}>${page.body}</div><div id="root" hidden><div class="boot-bar">Carregando…</div></div><script>${handover[page.route]}</script>${tail}`;
}
