/**
 * After the whole suite (`npm test`, last step): the e2e servers' output (`.tmp/e2e-logs/*.log`) and a dump of
 * their databases must hold no card number, security code, session code, platform key or channel / gateway /
 * Tray secret in clear. Known secrets are the e2e platform keys and what the specs recorded while they ran
 * (`.tmp/e2e-logs/secrets.txt`: every session code they minted, the fake Tray's tokens); the rest is found by
 * shape. In demo mode the start-up banner prints demo links by design: only known secrets are looked for there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { openDb } from '../db/client.ts';
import { findSecrets, type Finding } from './secret-scan.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const LOGS = `${ROOT}.tmp/e2e-logs`;
const DATABASES = [
  process.env.E2E_DATA_DIR ?? `${ROOT}.tmp/e2e-data`,
  `${ROOT}.tmp/e2e-xss-data`,
  `${ROOT}.tmp/e2e-console-orders-data`,
];
const PLATFORM_KEYS = ['e2e-platform-key-0123456789', 'e2e-private-platform-key-0123456789'];

const recorded = existsSync(`${LOGS}/secrets.txt`)
  ? readFileSync(`${LOGS}/secrets.txt`, 'utf8').split('\n').filter(Boolean)
  : [];
const known = [...PLATFORM_KEYS, ...recorded];
const findings: Finding[] = [];
let lines = 0;
let rows = 0;

for (const file of existsSync(LOGS) ? readdirSync(LOGS).filter((f) => f.endsWith('.log')) : []) {
  for (const line of readFileSync(`${LOGS}/${file}`, 'utf8').split('\n')) {
    lines++;
    findings.push(...findSecrets(`${file}:${lines}`, line, known, line.startsWith('{')));
  }
}

for (const dataDir of DATABASES.filter((dir) => existsSync(dir))) {
  const db = await openDb({ dataDir });
  try {
    const tables = await db.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by 1",
    );
    for (const { tablename } of tables) {
      for (const row of await db.query(`select * from "${tablename}"`)) {
        rows++;
        findings.push(
          ...findSecrets(`${dataDir.split('/').at(-1)}.${tablename}`, JSON.stringify(row), known),
        );
      }
    }
  } finally {
    await db.close();
  }
}

console.log(
  `secrets scan: ${lines} log lines and ${rows} database rows searched for ${known.length} known secrets, ` +
    `card numbers, security codes and session codes — ${findings.length} found`,
);
for (const finding of findings.slice(0, 20))
  console.log(`  ${finding.where}: ${finding.what}: …${finding.sample}…`);
if (lines === 0 || rows === 0) {
  console.log('  nothing to scan: run the browser tests first');
  process.exitCode = 1;
}
if (findings.length > 0) process.exitCode = 1;
