// The whole test suite: the web build; types, lint and the bench smoke (every bench in bench/smoke.mjs at tiny sizes,
// the bundle budget included) side by side; unit + server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// browser, then the secrets scan of what the browser run left behind. Ends with each step's wall-clock and CPU seconds.
import { execSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { findChromium, findTestBrowser } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;

/** CPU seconds (user + system) of the children this process waited for, from Linux /proc; null elsewhere. */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime, cstime in clock ticks (CLK_TCK 100)
  } catch {
    return null;
  }
}

const steps = [];
const run = (label, command, env = {}) => {
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const step = { label, seconds: 0, cpu: null, ok: false };
  steps.push(step);
  console.log(`\n▶ ${label}`);
  try {
    execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    step.ok = true;
  } finally {
    step.seconds = (Date.now() - started) / 1000;
    const cpuAfter = childCpuSeconds();
    step.cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    console.log(`${step.ok ? '✔' : '✖'} ${label} (${step.seconds.toFixed(1)} s)`);
  }
};

/**
 * Runs single-threaded commands side by side as one step (the machine has two cores): each one's output is printed
 * whole when it ends, with its own wall-clock; the step fails when any of them does.
 */
async function runTogether(label, commands) {
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const step = { label, seconds: 0, cpu: null, ok: false };
  steps.push(step);
  console.log(`\n▶ ${label}`);
  const results = await Promise.all(
    Object.entries(commands).map(
      ([name, command]) =>
        new Promise((resolve) => {
          const child = spawn(command, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            process.stdout.write(output);
            console.log(`${code === 0 ? '✔' : '✖'} ${name} (${seconds} s)`);
            resolve(code === 0 ? null : name);
          });
        }),
    ),
  );
  step.seconds = (Date.now() - started) / 1000;
  const cpuAfter = childCpuSeconds();
  step.cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const failed = results.filter(Boolean);
  step.ok = failed.length === 0;
  console.log(`${step.ok ? '✔' : '✖'} ${label} (${step.seconds.toFixed(1)} s)`);
  if (!step.ok) throw new Error(`${failed.join(' and ')} failed`);
}

function summary() {
  if (steps.length === 0) return;
  const width = Math.max(...steps.map((s) => s.label.length), 5);
  const cell = (value) => (value === null ? '—' : value.toFixed(1)).padStart(9);
  console.log(`\n${'step'.padEnd(width)}  ${'wall s'.padStart(9)}  ${'CPU s'.padStart(9)}`);
  for (const s of steps)
    console.log(`${s.label.padEnd(width)}  ${cell(s.seconds)}  ${cell(s.cpu)}${s.ok ? '' : '  ✖'}`);
  const total = (key) =>
    steps.some((s) => s[key] === null) ? null : steps.reduce((sum, s) => sum + s[key], 0);
  console.log(`${'total'.padEnd(width)}  ${cell(total('seconds'))}  ${cell(total('cpu'))}`);
}

try {
  // Fail early, before the long steps, when no browser can be had: Lighthouse's and the browser tests'.
  process.env.CHROME_PATH = findChromium();
  process.env.E2E_CHROME_PATH = findTestBrowser();
  run('build web', 'npm run build -w apps/web');
  // The bench smoke checks answers, not speed: it shares the two cores with the type check and the linter (decision
  // 0059), each of which keeps one core busy for about as long.
  await runTogether('typecheck + lint + bench smoke (bundle budget included)', {
    typecheck: 'npx tsc -b',
    lint: 'npx eslint . && npx prettier --check . --log-level warn',
    'bench smoke': 'node bench/smoke.mjs',
  });
  run(
    `unit + server tests (${process.env.TEST_DATABASE_URL ? 'PGlite + PostgreSQL' : 'PGlite'})`,
    'npx vitest run',
  );
  rmSync(new URL('../.tmp/e2e-logs', import.meta.url), { recursive: true, force: true });
  run('browser tests (Playwright + Chromium)', 'npx playwright test');
  // The e2e servers' logs and databases, after everything ran: no card, code, key or secret in clear.
  run(
    'secrets scan (logs + database dump)',
    'node --import tsx apps/server/src/security/scan-secrets-cli.ts',
  );
  summary();
  console.log('\nTodos os testes passaram.');
} catch (error) {
  summary();
  console.error(`\n✖ ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  process.exit(1);
}
