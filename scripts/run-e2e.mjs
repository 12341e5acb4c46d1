#!/usr/bin/env node
// `npm run test:e2e`: runs the Playwright suite in a locally installed Chromium. Without one the suite is
// skipped with a clear message (exit 0), unless REQUIRE_E2E=1 demands it (CI), which then fails.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (isExecutable(fromEnv)) return { path: fromEnv };
    return { path: null, why: `CHROMIUM_PATH is set to "${fromEnv}", which is not an executable file` };
  }
  if (isExecutable('/usr/bin/chromium')) return { path: '/usr/bin/chromium' };
  const onPath = findOnPath('chromium');
  if (onPath) return { path: onPath };
  return {
    path: null,
    why: 'no Chromium found (CHROMIUM_PATH unset, no /usr/bin/chromium, no `chromium` on PATH)',
  };
}

const required = process.env.REQUIRE_E2E === '1';
const chromium = findChromium();

if (!chromium.path) {
  const hint = 'Install it with `apt-get install -y chromium fonts-wqy-microhei` or set CHROMIUM_PATH.';
  if (required) {
    console.error(`End-to-end tests are required (REQUIRE_E2E=1) but cannot run: ${chromium.why}. ${hint}`);
    process.exit(1);
  }
  console.log(`End-to-end tests SKIPPED: ${chromium.why}. ${hint}`);
  process.exit(0);
}

console.log(`End-to-end tests in ${chromium.path}`);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium.path },
});
if (result.error) {
  console.error(`Could not start Playwright: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
