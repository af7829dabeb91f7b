/**
 * Import direction of the server (docs/decisions/0016-server-layers.md, docs/architecture.md), enforced by
 * `eslint .` in `npm test`:
 *
 *   entry (app.ts, server.ts), cli ──► routes ──► flows ──► modules/<name> ──► db, adapters ──► lib, config
 *   plugins (the HTTP edge: auth, guards, headers) sit beside routes; contracts and packages: below everything.
 *   A layer may skip the ones below it (a route reading an adapter); nothing imports upward or sideways.
 *
 * - routes (HTTP only: schema + one call) import flows, modules' faces, plugins, adapters, lib, config;
 * - flows (work spanning modules, named after what a person does) import flows, modules' faces, db, adapters, lib;
 * - plugins import plugins, modules' faces, db, adapters, lib, config;
 * - a module's face is its `service.ts` (category 'module-face'): what the module offers the process, the CLI, the HTTP layer (routes,
 *   flows, plugins), db/seed and other modules, re-exported from the module's own files where they live; nothing
 *   outside a module reaches its repositories, writers, SQL or other files (issue 30);
 * - a module imports its own files, db, adapters, lib and config; of another module only its public face
 *   (`service.ts`: what it offers, and the types it names), never its repository, SQL or other internals;
 *   a module never imports flows, routes or plugins;
 * - db (client, migrations) imports db, lib and config; db/seed writes through modules' public faces, db,
 *   adapters and lib; adapters import adapters, lib, config; lib imports lib and config; config reads adapters'
 *   constants.
 * Test files and test kits may reach anything (they set up what they check); every other file under src must
 * belong to a layer (boundaries/no-unknown-files): a new top-level folder needs a place here first.
 *
 * No file imports one that imports it back, even through others (src/test/import-boundaries.test.ts walks the
 * file graph, decisions 0024 and 0059): a module's face re-exports its files and never sits in their import chain.
 */
const SERVER = 'apps/server/src';
const TESTS = [
  `${SERVER}/**/*.test.ts`,
  `${SERVER}/**/*-test-kit.ts`,
  `${SERVER}/test/**`,
  `${SERVER}/security/**`,
  `${SERVER}/multi-instance/**`,
];

/** The server block of eslint.config.js, scoped to apps/server/src outside the tests. */
export function serverBoundaries(boundaries) {
  const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
  const config = { to: { file: { categories: 'config' } } };
  const ownModule = {
    to: { element: { type: 'module', captured: { module: '{{ from.element.captured.module }}' } } },
  };
  const publicFace = { to: { element: { type: 'module' }, file: { categories: 'module-face' } } };
  /** The process and the CLI wire everything, a module only through its face. */
  const everything = [
    to('cli', 'routes', 'plugins', 'flows', 'seed', 'db', 'adapters', 'lib'),
    publicFace,
    config,
    { to: { file: { categories: 'entry' } } },
  ];
  return {
    files: [`${SERVER}/**/*.ts`],
    ignores: TESTS,
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js', '.mjs'] } },
      'boundaries/include': [`${SERVER}/**`],
      'boundaries/ignore': TESTS,
      'boundaries/files': [
        { category: 'entry', pattern: [`${SERVER}/app.ts`, `${SERVER}/server.ts`] },
        // config.ts and its parts (config-env.ts, config-sections.ts, config-production.ts).
        { category: 'config', pattern: `${SERVER}/config*.ts` },
        { category: 'module-face', pattern: `${SERVER}/modules/*/service.ts` },
      ],
      'boundaries/elements': [
        { type: 'cli', pattern: `${SERVER}/cli`, partialMatch: false },
        { type: 'routes', pattern: `${SERVER}/routes`, partialMatch: false },
        { type: 'plugins', pattern: `${SERVER}/plugins`, partialMatch: false },
        { type: 'flows', pattern: `${SERVER}/flows`, partialMatch: false },
        { type: 'module', pattern: `${SERVER}/modules/*`, partialMatch: false, capture: ['module'] },
        { type: 'seed', pattern: `${SERVER}/db/seed`, partialMatch: false },
        { type: 'db', pattern: `${SERVER}/db`, partialMatch: false },
        { type: 'adapters', pattern: `${SERVER}/adapters`, partialMatch: false },
        { type: 'lib', pattern: `${SERVER}/lib`, partialMatch: false },
      ],
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { file: { categories: 'entry' } }, allow: everything },
            { from: { element: { type: 'cli' } }, allow: everything },
            {
              from: { element: { type: 'routes' } },
              allow: [to('routes', 'flows', 'plugins', 'adapters', 'lib'), publicFace, config],
            },
            {
              from: { element: { type: 'plugins' } },
              allow: [to('plugins', 'db', 'adapters', 'lib'), publicFace, config],
            },
            {
              from: { element: { type: 'flows' } },
              allow: [to('flows', 'db', 'adapters', 'lib'), publicFace, config],
            },
            {
              from: { element: { type: 'module' } },
              allow: [ownModule, publicFace, to('db', 'adapters', 'lib'), config],
            },
            {
              from: { element: { type: 'seed' } },
              allow: [to('seed', 'db', 'adapters', 'lib'), publicFace, config],
            },
            { from: { element: { type: 'db' } }, allow: [to('db', 'lib'), config] },
            { from: { element: { type: 'adapters' } }, allow: [to('adapters', 'lib'), config] },
            { from: { element: { type: 'lib' } }, allow: [to('lib'), config] },
            { from: { file: { categories: 'config' } }, allow: [to('adapters', 'lib'), config] },
            // Packages (fastify, zod, pg, @vitrine/contracts …) and Node's built-ins are below every layer.
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
          ],
        },
      ],
    },
  };
}
