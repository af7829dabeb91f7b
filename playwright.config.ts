import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
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
    },
  },
});
