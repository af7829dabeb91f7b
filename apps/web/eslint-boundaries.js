/**
 * Import direction of the web app (docs/decisions/0014-web-layers.md), enforced by `eslint .` in `npm test`:
 *
 *   app (+ main.tsx) ──► features/<name>, console ──► components ──► stores ──► lib
 *   styles: imported by any layer, imports nothing; contracts and packages: below everything.
 *
 * - app (router, layout, session bootstrap) and the entry main.tsx may import every layer;
 * - a feature imports itself, components, stores, lib, styles — never app/ nor another feature;
 * - console (the shop console, src/console, its own lazily loaded entry) sits at the level of a feature, in three
 *   zones (docs/decisions/0045-console-sections.md):
 *     console root (main.tsx, routes.tsx, layout.tsx) ──► console/<section> ──► console shared ──► components …
 *   · the root (entry, router, frame) imports the sections, the shared parts and the layers below;
 *   · a section (console/home, orders, catalog, sales, delivery, settings, integrations, team, contacts, session, audit,
 *     mailbox: each {api, components, hooks}) imports itself, the shared parts and the layers below — never the
 *     root nor another section (what two sections share moves down into the shared parts);
 *   · the shared parts (console/api: the client, `me`, reads several sections make; console/components: the form
 *     kit, tables, dialogs, page states, save bar, money field) import each other and the layers below;
 * - components (shared UI) import components, stores, lib, styles;
 * - stores (shared client state and the calls that change it) import stores and lib;
 * - lib imports lib. Anything else — upward or sideways — is an error, and every file under src must belong to a
 *   layer (boundaries/no-unknown-files): a new top-level folder needs a place here first.
 */
const WEB = 'apps/web/src';

/** The web block of eslint.config.js, scoped to apps/web/src. */
export function webBoundaries(boundaries) {
  const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
  return {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.css'] } },
      'boundaries/include': [`${WEB}/**`],
      // main.tsx (the entry) is a file of the app layer: element patterns name folders, so it is a file category.
      'boundaries/files': [{ category: 'entry', pattern: `${WEB}/main.tsx` }],
      'boundaries/elements': [
        { type: 'app', pattern: `${WEB}/app`, partialMatch: false },
        { type: 'feature', pattern: `${WEB}/features/*`, partialMatch: false, capture: ['feature'] },
        // The console's shared parts, then its sections (console/<section>), then its root: first match wins.
        { type: 'console-shared', pattern: `${WEB}/console/api`, partialMatch: false },
        { type: 'console-shared', pattern: `${WEB}/console/components`, partialMatch: false },
        { type: 'console-section', pattern: `${WEB}/console/*`, partialMatch: false, capture: ['section'] },
        { type: 'console', pattern: `${WEB}/console`, partialMatch: false },
        { type: 'components', pattern: `${WEB}/components`, partialMatch: false },
        { type: 'stores', pattern: `${WEB}/stores`, partialMatch: false },
        { type: 'lib', pattern: `${WEB}/lib`, partialMatch: false },
        { type: 'styles', pattern: `${WEB}/styles`, partialMatch: false },
      ],
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: to('app', 'feature', 'console', 'components', 'stores', 'lib', 'styles'),
            },
            {
              from: { file: { categories: 'entry' } },
              allow: to('app', 'feature', 'console', 'components', 'stores', 'lib', 'styles'),
            },
            {
              from: { element: { type: 'console' } },
              allow: to(
                'console',
                'console-section',
                'console-shared',
                'components',
                'stores',
                'lib',
                'styles',
              ),
            },
            {
              from: { element: { type: 'console-section' } },
              allow: [
                {
                  to: {
                    element: {
                      type: 'console-section',
                      captured: { section: '{{ from.element.captured.section }}' },
                    },
                  },
                },
                to('console-shared', 'components', 'stores', 'lib', 'styles'),
              ],
            },
            {
              from: { element: { type: 'console-shared' } },
              allow: to('console-shared', 'components', 'stores', 'lib', 'styles'),
            },
            {
              from: { element: { type: 'feature' } },
              allow: [
                {
                  to: {
                    element: {
                      type: 'feature',
                      captured: { feature: '{{ from.element.captured.feature }}' },
                    },
                  },
                },
                to('components', 'stores', 'lib', 'styles'),
              ],
            },
            { from: { element: { type: 'components' } }, allow: to('components', 'stores', 'lib', 'styles') },
            { from: { element: { type: 'stores' } }, allow: to('stores', 'lib') },
            { from: { element: { type: 'lib' } }, allow: to('lib') },
            { from: { element: { type: 'styles' } }, allow: to('styles') },
            // Packages (react, wouter, zustand, @vitrine/contracts …) are below every element.
            { allow: { to: { module: { origin: 'external' } } } },
          ],
        },
      ],
    },
  };
}
