import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_SMS_TOKEN } from './tests/support.ts';

/** A port that nothing listens on now, as the system hands one out. */
function freePort() {
  const script =
    "const server = require('node:net').createServer().listen(0, () => {" +
    ' process.stdout.write(String(server.address().port)); server.close(); })';
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

// The workers read this file again: what is chosen here goes into the environment they inherit.
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'telecare-e2e-'));
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  // One retry absorbs a journey's timing on a loaded 2-core machine; a retried test is listed as flaky.
  retries: 1,
  // Long journeys take 25-55 s on a quiet machine and twice that under load.
  timeout: 120_000,
  // A loaded 2-core machine answers a save in more than the default 5 s now and then.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
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
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      PGLITE_DIR: path.join(process.env.E2E_DATA_DIR, 'pglite'),
      FILE_STORAGE_DIR: path.join(process.env.E2E_DATA_DIR, 'files'),
      LOG_LEVEL: 'warn',
      // The SMS journey sends at once whatever the hour; quiet hours are tested with a test clock
      // in the API suite (sms-sequence.test.ts).
      SMS_QUIET_HOURS: 'off',
      // Signs the provider webhooks the journeys post (SMS goes to the outbox all the same).
      SMS_AUTH_TOKEN: E2E_SMS_TOKEN,
    },
  },
});
