import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);

/**
 * The specs the mobile project (375 px) runs: those whose layout or checks differ at a phone's width — the phone
 * layout and the accessibility scans at both widths, the console journeys on the shared server (each runs at its
 * project's width, axe included), the Tray import (the mobile run imports into 'moda') and the WhatsApp order messages (checked at 1280
 * and 375 px, decision 0030). The storefront's journeys check logic the same way at any width and run on desktop
 * only; their phone layout is layout.spec.ts's. A spec that skips itself on mobile is not listed.
 */
const MOBILE_SPECS = [
  'accessibility.spec.ts',
  'layout.spec.ts',
  'console.spec.ts',
  'console-*.spec.ts',
  'tray.spec.ts',
  'whatsapp-orders.spec.ts',
];
/**
 * Console specs that run one journey on desktop and look at 1366 and 375 px themselves (e2e/axe.ts's
 * expectAccessibleAtBothWidths): those on a server of their own, whose start, seed and restart would otherwise be
 * paid twice (docs/decisions/0058).
 */
const DESKTOP_ONLY_CONSOLE_SPECS = [
  'console-contacts-data.spec.ts',
  'console-delivery.spec.ts',
  'console-delivery-scopes.spec.ts',
  'console-integrations.spec.ts',
  'console-orders.spec.ts',
  'console-payments.spec.ts',
  'console-price-tables.spec.ts',
  'console-recovery.spec.ts',
  'console-reports.spec.ts',
  'console-sales-rules.spec.ts',
  'console-week.spec.ts',
  'console-week-agent.spec.ts',
];
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

export default defineConfig({
  testDir: 'e2e',
  // A migrated, seeded data directory the private servers copy (e2e/private-server.ts).
  globalSetup: './e2e/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // Three on the CI machine's two cores: a browser test spends much of its time waiting (debounces, live events, a
  // server's start), which a third worker fills (decision 0059); E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // A browser test that fails once on the busy two-core machine runs again and is reported as flaky.
  retries: 1,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Chromium's headless shell where scripts/chromium.mjs found it (a quarter less CPU, decision 0070).
      executablePath: process.env.E2E_CHROME_PATH || process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      testMatch: MOBILE_SPECS,
      testIgnore: DESKTOP_ONLY_CONSOLE_SPECS,
      use: { ...devices['Pixel 5'], viewport: { width: 375, height: 740 }, browserName: 'chromium' },
    },
  ],
  webServer: {
    // The server's output is kept for the secrets scan that closes `npm test` (scripts/scan-secrets.ts).
    command: `rm -rf ${DATA_DIR} && mkdir -p .tmp/e2e-logs && node --import tsx apps/server/src/server.ts > .tmp/e2e-logs/server.log 2>&1`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      PLATFORM_API_KEY: 'e2e-platform-key-0123456789',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '0',
    },
  },
});
