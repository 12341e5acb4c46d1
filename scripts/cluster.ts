// Several storefront processes on one fresh PostgreSQL database, optionally behind nginx: what the
// scale-out test (tests/scale) and `npm run bench:peak` run. Each process is the real server
// (`node --import tsx server/main.ts`) on a port it picks itself; nginx runs in the foreground with a
// configuration generated into a temporary directory (pid, logs and temporary files there too), so it
// needs no root and touches nothing of the machine's own nginx. README "Several API processes behind a
// load balancer" shows the same site configuration (nginxSite).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY_LINE = /Storefront ready at http:\/\/[^:]+:(\d+)/;
/** Output kept per process for the error of a failed start or test. */
const OUTPUT_LIMIT = 20_000;

/** Debian's nginx binary, on PATH or in /usr/sbin (not on a non-root user's PATH); null when absent. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    try {
      accessSync(join(dir, 'nginx'), constants.X_OK);
      return join(dir, 'nginx');
    } catch {
      // not in this directory
    }
  }
  return null;
}

export interface NginxSite {
  /** `listen` argument: a port or address:port. */
  listen: string;
  /** host:port of each API process. */
  upstreams: string[];
}

/**
 * The upstream and server blocks (what goes into /etc/nginx/conf.d/): round robin over the processes
 * with keep-alive connections to them, the client's address, host and scheme forwarded for TRUST_PROXY,
 * and the live-status stream passed through unbuffered and held open for as long as the customer watches.
 */
export function nginxSite(site: NginxSite): string {
  const servers = site.upstreams.map((upstream) => `    server ${upstream};`).join('\n');
  return `upstream storefront {
${servers}
    keepalive 32;
}

server {
    listen ${site.listen};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Host $host;
    proxy_set_header X-Forwarded-Proto $scheme;

    location / {
        proxy_pass http://storefront;
    }

    location = /new/consumer/order/events {
        proxy_pass http://storefront;
        proxy_buffering off;
        proxy_read_timeout 1h;
    }
}
`;
}

/** A whole nginx.conf around the site whose pid, logs and temporary files stay under `prefix`. */
export function nginxConfig(prefix: string, site: NginxSite): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${join(prefix, `${kind}_temp`)};`)
    .join('\n');
  const indented = nginxSite(site)
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `    ${line}` : line))
    .join('\n');
  return `worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 4096; }
http {
    access_log off;
${temp}
${indented}
}
`;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

interface Child {
  child: ChildProcess;
  output: string;
}

function watch(child: ChildProcess): Child {
  const watched = { child, output: '' };
  const keep = (chunk: Buffer) => {
    watched.output = (watched.output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return watched;
}

async function stopChild(watched: Child, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const { child } = watched;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export interface ApiProcess {
  base: string;
  port: number;
  pid: number;
  /** The last of what it printed (stdout and stderr). */
  output(): string;
}

/** Starts one server process and resolves once it prints the port it listens on. */
async function startProcess(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Child & { port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched = watch(child);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "ready" within ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const found = READY_LINE.exec(line)?.[1];
      if (!found) return;
      clearTimeout(timer);
      resolve(Number(found));
    });
  }).catch(async (error: Error) => {
    await stopChild(watched, 'SIGKILL');
    throw new Error(`server process: ${error.message}\n${watched.output}`);
  });
  child.removeAllListeners('exit');
  return { ...watched, port };
}

async function waitHealthy(base: string, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const response = await fetch(`${base}/healthz`).catch((error: Error) => error);
    if (response instanceof Response && response.status === 200) return;
    last = response instanceof Response ? `status ${response.status}` : response.message;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} at ${base} is not healthy after ${timeoutMs} ms: ${last}`);
}

export interface ClusterOptions {
  /** A PostgreSQL URL the fresh database is created (and dropped) through. */
  adminUrl: string;
  /** Prefix of the database's name. */
  name: string;
  /** Default 2. */
  processes?: number;
  /** Added to every process's environment (after the defaults: DEMO_MODE, TRUST_PROXY, LOG_LEVEL …). */
  env?: Record<string, string>;
  /** Put nginx in front (its binary, from findNginx). */
  nginx?: string | null;
  /** Runs on the empty database before any process starts (e.g. to migrate and seed it itself). */
  prepare?: (databaseUrl: string) => Promise<void>;
  /** Longest wait for a process to start; default 60 s. */
  startTimeoutMs?: number;
}

export interface Cluster {
  databaseUrl: string;
  processes: ApiProcess[];
  /** nginx's address, when it runs. */
  proxy: { base: string; port: number; dir: string } | null;
  /** Stops nginx and the processes and drops the database; safe to call twice. */
  stop(): Promise<void>;
}

/** Runs one statement on its own connection (create or drop a database). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Starts nginx in the foreground on a free port in front of the processes; waits until it proxies. */
async function startNginx(
  binary: string,
  upstreams: string[],
): Promise<Child & { port: number; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-nginx-'));
  // Run as root, nginx's workers drop to an unprivileged user, which must reach the temporary paths.
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, { listen: `127.0.0.1:${port}`, upstreams }));
  const child = spawn(
    binary,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const watched = watch(child);
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, 10_000, 'nginx');
  } catch (error) {
    await stopChild(watched, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${watched.output}`);
  }
  return { ...watched, port, dir };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const name = `${options.name}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(options.adminUrl, `create database "${name}"`);
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const children: Child[] = [];
  let proxy: (Child & { port: number; dir: string }) | null = null;
  // A test runner that dies mid-run must not leave servers holding the database.
  const killAll = () => {
    for (const { child } of [...children, ...(proxy ? [proxy] : [])]) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killAll);
    if (proxy) await stopChild(proxy);
    await Promise.all(children.map((child) => stopChild(child)));
    if (proxy) rmSync(proxy.dir, { recursive: true, force: true });
    await adminQuery(options.adminUrl, `drop database if exists "${name}" with (force)`);
  };
  try {
    await options.prepare?.(databaseUrl);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      DEMO_MODE: '1',
      TRUST_PROXY: 'on',
      LOG_LEVEL: 'warn',
      ...options.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
    };
    const timeout = options.startTimeoutMs ?? 60_000;
    // Started together: the first to take the advisory lock migrates and seeds, the others wait for it.
    const started = await Promise.allSettled(
      Array.from({ length: options.processes ?? 2 }, () => startProcess(env, timeout)),
    );
    for (const result of started) if (result.status === 'fulfilled') children.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const processes = (started as PromiseFulfilledResult<Child & { port: number }>[]).map(({ value }) => ({
      base: `http://127.0.0.1:${value.port}`,
      port: value.port,
      pid: value.child.pid!,
      output: () => value.output,
    }));
    for (const p of processes) await waitHealthy(p.base, timeout, 'server process');
    if (options.nginx)
      proxy = await startNginx(
        options.nginx,
        processes.map((p) => `127.0.0.1:${p.port}`),
      );
    return {
      databaseUrl,
      processes,
      proxy: proxy ? { base: `http://127.0.0.1:${proxy.port}`, port: proxy.port, dir: proxy.dir } : null,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
