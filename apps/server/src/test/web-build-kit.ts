/** Test kit: a web build in miniature for the server's first views (flows/first-view). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A web build in miniature: index.html as Vite writes it (boot script listing the route's CSS) and that CSS. */
export function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-first-view-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets/catalog.css'), '.product-grid{display:grid}');
  writeFileSync(join(dir, 'assets/product.css'), '.product{display:grid}');
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="pt-BR"><head><title>Vitrine</title><script>var c=JSON.parse('{"catalog":["/assets/catalog.js","/assets/catalog.css"],"product":["/assets/product.css"]}');</script><script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/shell.js">\n</head><body><div id="root"><div class="boot-bar">Carregando…</div></div><noscript>Ative o JavaScript para ver o catálogo.</noscript></body></html>`,
  );
  return `${dir}/`;
}
