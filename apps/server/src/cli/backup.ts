/**
 * Backup and restore of the embedded database (docs/backups.md).
 *   npm run backup  [-- --file backups/vitrine.tar.gz]     dumps DATA_DIR (the server must be stopped)
 *   npm run restore -- --file backups/vitrine.tar.gz --to ./data-restaurado
 * With DATABASE_URL (PostgreSQL) it prints the pg_dump / pg_restore commands instead: the server's own tools.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { backupPglite, restorePglite } from '../db/backup.ts';

const POSTGRES_RECIPE = `Com PostgreSQL (DATABASE_URL), use as ferramentas do próprio servidor (docs/backups.md):
  cópia:       pg_dump --format=custom --file=vitrine.dump "$DATABASE_URL"
  restauração: createdb vitrine_restaurado && pg_restore --no-owner --dbname=vitrine_restaurado vitrine.dump
e, para recuperar até um instante, arquivamento de WAL (archive_mode) com pg_basebackup.`;

/** True when a server answers on PORT: PGlite opens its directory in one process only. */
async function serverRunning(): Promise<boolean> {
  const port = process.env.PORT ?? '3000';
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      restore: { type: 'boolean' },
      file: { type: 'string' },
      to: { type: 'string' },
    },
  });
  if (process.env.DATABASE_URL) {
    console.log(POSTGRES_RECIPE);
    return;
  }
  if (await serverRunning())
    throw new Error(
      'O servidor está em execução nesta porta: pare-o antes (o PGlite abre os dados em um processo só).',
    );
  const dataDir = process.env.DATA_DIR || './data';
  if (values.restore) {
    if (!values.file || !values.to)
      throw new Error('Uso: npm run restore -- --file <cópia.tar.gz> --to <diretório novo>');
    const result = await restorePglite(values.file, values.to);
    console.log(`Restaurado em ${values.to}: ${result.orders} pedidos. Inicie com DATA_DIR=${values.to}.`);
    return;
  }
  const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
  const file = values.file ?? `backups/vitrine-${stamp}.tar.gz`;
  await mkdir(dirname(file), { recursive: true });
  const result = await backupPglite(dataDir, file);
  console.log(
    `Cópia de ${dataDir} em ${file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${result.orders} pedidos).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
