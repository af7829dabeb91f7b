/**
 * Import direction of the server (docs/decisions/0016-server-layers.md, docs/architecture.md), enforced by
 * `eslint .` in `npm test`:
 *
 *   entry (app.ts, server.ts), cli ──► routes ──► flows ──► modules/<name> ──► db, adapters ──► lib, config
 *   plugins (the HTTP edge: auth, guards, headers) sit beside routes; contracts and packages: below everything.
 *   A layer may skip the ones below it (a route reading an adapter); nothing imports upward or sideways.
 *
 * - routes (HTTP only: schema + one call) import flows, modules, plugins, adapters, lib, config;
 * - flows (work spanning modules, named after what a person does) import flows, modules, db, adapters, lib;
 * - a module imports its own files, db, adapters, lib and config; of another module only its public face
 *   (`service.ts`: what it offers, and the types it names), never its repository, SQL or other internals;
 *   a module never imports flows, routes or plugins;
 * - db (client, migrations) imports db, lib and config; db/seed writes through modules' public faces, db,
 *   adapters and lib; adapters import adapters, lib, config; lib imports lib and config; config reads adapters'
 *   constants.
 * Test files and test kits may reach anything (they set up what they check); every other file under src must
 * belong to a layer (boundaries/no-unknown-files): a new top-level folder needs a place here first.
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
  const everything = [
    to('cli', 'routes', 'plugins', 'flows', 'module', 'seed', 'db', 'adapters', 'lib'),
    config,
    { to: { file: { categories: 'entry' } } },
  ];
  const publicFace = { to: { element: { type: 'module' }, file: { categories: 'module-face' } } };
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
        { category: 'config', pattern: [`${SERVER}/config.ts`, `${SERVER}/config-production.ts`] },
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
              allow: [to('routes', 'flows', 'module', 'plugins', 'adapters', 'lib'), config],
            },
            {
              from: { element: { type: 'plugins' } },
              allow: [to('plugins', 'module', 'db', 'adapters', 'lib'), config],
            },
            {
              from: { element: { type: 'flows' } },
              allow: [to('flows', 'module', 'db', 'adapters', 'lib'), config],
            },
            {
              from: { element: { type: 'module' } },
              allow: [ownModule, publicFace, to('db', 'adapters', 'lib'), config],
            },
            {
              from: { element: { type: 'seed' } },
              allow: [to('seed', 'module', 'db', 'adapters', 'lib'), config],
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
