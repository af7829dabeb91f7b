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

export type FirstViewRoute = 'catalog';

/** The parts of index.html a first view is made from, read once per build. */
type Template = { head: string; tail: string; css: Record<FirstViewRoute, string> };

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
  'a.top-bar__back{color:inherit;text-decoration:none}';

/**
 * Runs before the first paint, right after the markup: a link with a hash query (a category, collection or
 * search chosen in the hash) or a catalogue restored from this browser's cache shows something else than the
 * first view, so the first view goes and the page boots as it always did. Otherwise links followed before React
 * has taken over keep the session code (the hash).
 */
const HANDOVER_SCRIPT = `(function(){var v=document.getElementById('first-view'),r=document.getElementById('root'),h=location.hash,c=false;try{c=v.getAttribute('data-route')==='catalog'&&!!localStorage.getItem('cached_catalog')}catch(e){}if(h.indexOf('?')>=0||c){v.remove();r.hidden=false;return}v.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[href^="/"]');if(a&&h)a.setAttribute('href',a.getAttribute('href').split('#')[0]+h)})})()`;

let template: { dir: string; value: Template } | null = null;

/** The CSS files the build lists for a route in index.html's boot script (`route-chunks`). */
function routeCss(html: string, dir: string): Record<FirstViewRoute, string> {
  const match = /JSON\.parse\('(\{"catalog"[^']*\})'/.exec(html);
  const chunks = (match ? JSON.parse(match[1]!) : {}) as Partial<Record<FirstViewRoute, string[]>>;
  const css = (files: string[] = []) =>
    files
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(dir + file.replace(/^\//, ''), 'utf8'))
      .join('');
  return { catalog: css(chunks.catalog) };
}

function loadTemplate(dir: string): Template {
  if (template?.dir === dir) return template.value;
  const html = readFileSync(`${dir}index.html`, 'utf8').replace(NOSCRIPT, '');
  const at = html.indexOf(ROOT);
  if (at < 0) throw new Error('index.html has no #root boot bar');
  const value = { head: html.slice(0, at), tail: html.slice(at + ROOT.length), css: routeCss(html, dir) };
  template = { dir, value };
  return value;
}

/** `:root{--primary:…}` for the shop's style (the same variables the web app sets, lib/theme.ts). */
function themeCss(style: ShopStyle): string {
  const vars = Object.entries(themeVariables(style)).map(([name, value]) => `${name}:${value}`);
  return vars.length ? `:root{${vars.join(';')}}` : '';
}

export type FirstViewPage = { route: FirstViewRoute; title: string; style: ShopStyle; body: string };

/** The whole HTML document of a first view, from the web build in `dir`. */
export function firstViewDocument(dir: string, page: FirstViewPage): string {
  const { head, tail, css } = loadTemplate(dir);
  const style = `<style>${css[page.route]}${FIRST_VIEW_CSS}${themeCss(page.style)}</style>`;
  const titled = head
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
    .replace('</head>', `${style}</head>`);
  return `${titled}<div id="first-view" data-route="${page.route}">${page.body}</div><div id="root" hidden><div class="boot-bar">Carregando…</div></div><script>${HANDOVER_SCRIPT}</script>${tail}`;
}
