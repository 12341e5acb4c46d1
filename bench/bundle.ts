// Bundle budget report (npm run bench:bundle): builds the app with a manifest, then prints the gzip size of
// the JavaScript the first route needs (the entries index.html runs, the app's and the early script of a
// cold start, with their static imports, and the entry page's chunk) and what each lazily loaded page adds
// on top. Prints against the budgets; never fails a test run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const FIRST_ROUTE_BUDGET = 140 * 1024;
const LAZY_ROUTE_BUDGET = 25 * 1024;
const FIRST_PAGE = 'src/app/pages/general/entry-page.tsx';
/** The default locale's messages load before the first page shows. */
const FIRST_LOCALE = 'src/i18n/zh-CN/index.ts';

const outDir = mkdtempSync(join(tmpdir(), 'storefront-bundle-'));
try {
  await build({ logLevel: 'warn', build: { outDir, manifest: true, emptyOutDir: true } });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

  const gzipOf = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipOf.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
      gzipOf.set(file, size);
    }
    return size;
  };
  /** Every JS file a chunk loads before it runs: itself and its static imports, transitively. */
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const total = (files: Iterable<string>) =>
    [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + sizeOf(f), 0);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const verdict = (bytes: number, budget: number) => (bytes <= budget ? 'ok' : 'OVER BUDGET');

  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entryKeys.length === 0) throw new Error('no entry chunk in the manifest');
  const shell = new Set<string>();
  for (const key of entryKeys) closure(key, shell);
  const firstRoute = new Set(shell);
  if (manifest[FIRST_PAGE]) closure(FIRST_PAGE, firstRoute);
  if (manifest[FIRST_LOCALE]) closure(FIRST_LOCALE, firstRoute);

  console.log(`Bundle (gzip, level 9), built in ${outDir}`);
  console.log(`  entries and their static imports    ${kib(total(shell))}`);
  const first = total(firstRoute);
  console.log(
    `  first route (entry, entry page, zh-CN messages)  ${kib(first)}  budget ${kib(FIRST_ROUTE_BUDGET)}  ${verdict(first, FIRST_ROUTE_BUDGET)}`,
  );
  console.log(
    '  lazily loaded routes (what each adds to the entry; a part a page loads after itself, to it):',
  );
  const pages = Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry && key.startsWith('src/app/pages/'))
    .sort();
  /** The pages that load the part `key` (not a `*-page.tsx` route) after themselves; empty otherwise. */
  const loadedAfter = (key: string) => {
    if (key.endsWith('-page.tsx')) return [];
    const importers = Object.keys(manifest).filter((k) => manifest[k]?.dynamicImports?.includes(key));
    return importers.length > 0 && importers.every((k) => pages.includes(k)) ? importers : [];
  };
  for (const key of pages) {
    const after = loadedAfter(key);
    // A part loaded after its page costs what its page has not already loaded (the most it can add).
    const loaded = after.length > 0 ? after.map((page) => closure(page, new Set(shell))) : [shell];
    const size = Math.max(
      ...loaded.map((have) => total([...closure(key)].filter((file) => !have.has(file)))),
    );
    const name = key.replace('src/app/pages/', '') + (after.length > 0 ? ' (after its page)' : '');
    console.log(
      `    ${name.padEnd(30)} ${kib(size).padStart(10)}  budget ${kib(LAZY_ROUTE_BUDGET)}  ${verdict(size, LAZY_ROUTE_BUDGET)}`,
    );
  }
  const locales = Object.keys(manifest).filter(
    (key) => /src\/i18n\/[^/]+\/index\.ts$/.test(key) && manifest[key]?.isDynamicEntry,
  );
  console.log(`  locales loaded on demand: ${locales.map((k) => k.split('/')[2]).join(', ') || 'none'}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
