import { ensurePgliteTemplate } from './apps/server/src/test/pglite-template.ts';

/** Once per `vitest run`, before the workers: the migrated PGlite template every test database opens from. */
export default async function setup() {
  await ensurePgliteTemplate();
}
