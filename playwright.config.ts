// End-to-end tests in Debian's Chromium against the real server (`node --import tsx server/main.ts`)
// serving a fresh build, on a free port, with a fresh temporary database. One server for the whole run.
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './qa/browser';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Workers load this file again; the port and data directory chosen by the main process travel in the
// environment so every worker talks to the one server.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ],
    { encoding: 'utf8' },
  ).trim();
}
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
}
// A second server with a browser map key (tests/e2e/address-map.spec.ts): the map step only exists when
// one is configured, and every other scenario runs without one.
if (!process.env.E2E_MAP_PORT) {
  process.env.E2E_MAP_PORT = execFileSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ],
    { encoding: 'utf8' },
  ).trim();
}
if (!process.env.E2E_MAP_DATA_DIR) {
  process.env.E2E_MAP_DATA_DIR = mkdtempSync(join(tmpdir(), 'storefront-e2e-map-'));
}

const port = Number(process.env.E2E_PORT);
/** E2E_BASE_URL runs the suite against a server that is already up (no build, no server started). */
const external = process.env.E2E_BASE_URL?.replace(/\/$/, '');
const baseURL = external ?? `http://127.0.0.1:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const mapPort = Number(process.env.E2E_MAP_PORT);
/** With E2E_BASE_URL, E2E_MAP_BASE_URL names the already running server that has a map key. */
const mapBaseURL = external
  ? process.env.E2E_MAP_BASE_URL?.replace(/\/$/, '')
  : `http://127.0.0.1:${mapPort}`;
const MAP_SPEC = '**/address-map.spec.ts';
// Scenarios tagged @clock move the shared server's clock forward (POST /test/clock): they run in their own
// project after every other scenario, so no other order sees its deadline jump.
const CLOCK_TAG = /@clock/;
const serverEnv = {
  HOST: '127.0.0.1',
  DEMO_MODE: '1',
  LOG_LEVEL: 'warn',
  // Every browser of the run shares one address; its logins and searches would trip the limits meant for
  // one client (tests/api/platform/rate-limit.test.ts covers them).
  RATE_LIMIT: 'off',
  // The server's clock agrees with the browser's fixed clock (tests/e2e/fixtures.ts SHOPS_OPEN).
  CLOCK_START: '2026-11-19T10:00:00Z',
  // The one site the web-view page may frame (tests/e2e/security.spec.ts serves it with page.route).
  WEB_VIEW_ORIGINS: 'https://help.storefront.test',
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // Each test's fresh context would install the service worker and download its whole precache, and a
    // worker between page and server hides requests from page.route; tests/e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
    // Recording a trace costs about a fifth of the suite's time on two cores; CI keeps no artifacts, so
    // .ci/run turns it off (E2E_TRACE=off) and a developer's run keeps the trace of a failed scenario.
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'storefront', testIgnore: MAP_SPEC, grepInvert: CLOCK_TAG },
    ...(external
      ? []
      : [
          // One at a time: two clock scenarios side by side would move each other's deadlines.
          { name: 'clock', testIgnore: MAP_SPEC, grep: CLOCK_TAG, dependencies: ['storefront'], workers: 1 },
        ]),
    ...(mapBaseURL ? [{ name: 'map', testMatch: MAP_SPEC, use: { baseURL: mapBaseURL } }] : []),
  ],
  // Started in order: the map server serves the build the first one made.
  webServer: external
    ? undefined
    : [
        {
          command:
            // The table codes are written first (./table-codes): the open-table scenarios scan them (T47).
            'npx vite build --logLevel warn && npx vite build --config vite.inspector.config.ts --logLevel warn && node --import tsx scripts/table-codes.ts > /dev/null && node --import tsx server/main.ts',
          url: `${baseURL}/healthz`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: 'ignore',
          stderr: 'pipe',
          // TEST_CLOCK_CONTROL: the @clock scenarios move this server's clock (never set in production).
          env: {
            ...serverEnv,
            PORT: String(port),
            DATA_DIR: process.env.E2E_DATA_DIR,
            TEST_CLOCK_CONTROL: '1',
            TABLE_CODE_BASE_URL: baseURL,
          },
        },
        {
          command: 'node --import tsx server/main.ts',
          url: `${mapBaseURL}/healthz`,
          timeout: 60_000,
          reuseExistingServer: false,
          stdout: 'ignore',
          stderr: 'pipe',
          env: {
            ...serverEnv,
            PORT: String(mapPort),
            DATA_DIR: process.env.E2E_MAP_DATA_DIR,
            // AMap's browser map; place search and naming come from the built-in gazetteer (no AMAP_KEY).
            GEOCODING_PROVIDER: 'amap',
            MAP_JS_KEY: 'e2e-browser-key',
          },
        },
      ],
});
