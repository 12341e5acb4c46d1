// A storefront on a free port and a fresh database, as the e2e suite starts one (playwright.config.ts): for a
// replay when none is given (with the test clock the flows that need time move) and for the Lighthouse
// bench (with a fresh build and today's lunch on the clock).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './output';

export interface Storefront {
  baseURL: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitForHealth(baseURL: string, exited: () => string | null, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`The storefront stopped before it was ready: ${exit}`);
    const ok = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The storefront at ${baseURL} was not ready within ${timeoutMs / 1000} s`);
}

export interface StorefrontOptions {
  /** Build the app even when dist/ has one (a bench measures the current source). */
  rebuild?: boolean;
  /** The server clock's start (CLOCK_START); the replays' fixed Thursday by default. */
  clockStart?: string;
  /** Lets a client move the server's clock (TEST_CLOCK_CONTROL); never for a measurement. */
  clockControl?: boolean;
  /** Prefix of the temporary data folder's name. */
  name?: string;
}

/** Builds the app when asked or when dist/ has no build, then starts the server on a fresh database. */
export async function startStorefront(
  log: (line: string) => void,
  options: StorefrontOptions = {},
): Promise<Storefront> {
  const { rebuild = false, clockStart = '2026-11-19T10:00:00Z', clockControl = true, name = 'qa' } = options;
  if (rebuild || !existsSync(join(ROOT, 'dist', 'index.html'))) {
    log(rebuild ? 'Building the app…' : 'Building the app (dist/ has no build)…');
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-${name}-`));
  const baseURL = `http://127.0.0.1:${port}`;
  // The table codes first (./table-codes): the open-table flow scans them.
  const codes = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/table-codes.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, DATA_DIR: dataDir, DEMO_MODE: '1', TABLE_CODE_BASE_URL: baseURL },
  });
  if (codes.status !== 0) throw new Error('npm run table-codes failed');
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_MODE: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'off',
      CLOCK_START: clockStart,
      ...(clockControl ? { TEST_CLOCK_CONTROL: '1' } : {}),
    },
  });
  let errors = '';
  let exit: string | null = null;
  server.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  server.on('exit', (code, signal) => (exit = `exit ${code ?? signal}${errors ? `\n${errors}` : ''}`));
  log(`Starting a storefront at ${baseURL} on a fresh database…`);
  const stop = async () => {
    if (!exit) {
      const stopped = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await stopped;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, () => exit);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
